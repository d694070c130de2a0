package main

import (
	"os"
	"path/filepath"
	"testing"
)

// The CLI reads its configuration from the suite, never from above the
// project, and never a scenario.yaml another user could have written.

// planted is a scenario.yaml someone else left in a directory above the
// project: were it read, its format would write pwned.xml beside it.
const planted = "features: proj/features\nformat: progress,junit:pwned.xml\n"

// A repository without scenario.yaml does not take one from a directory
// above it: the search stops at the repository's root (.git).
func TestConfigIsNotTakenFromAboveTheRepository(t *testing.T) {
	above := newSuite(t, map[string]string{
		"scenario.yaml":                 planted,
		"proj/features/counter.feature": goldenFeature("one"),
	})
	proj := filepath.Join(above, "proj")
	if err := os.Mkdir(filepath.Join(proj, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	// (without a scenario.yaml of its own the suite root is the current
	// directory)
	t.Chdir(proj)
	r := runCLI(t, "update", "--no-color")
	wantCode(t, r, exitPassed)
	if wasRead(above) {
		t.Fatalf("the CLI read the scenario.yaml above the repository %s", proj)
	}
	if _, err := os.Stat(filepath.Join(proj, "golden", "counter", "one.json")); err != nil {
		t.Errorf("the goldens are not the repository's own: %v", err)
	}
}

// In a monorepo, a package below the suite root (its own package.json,
// go.mod or pyproject.toml) runs the suite from its directory: those files
// do not stop the search, only the repository's root does.
func TestConfigIsFoundFromAPackageBelowTheSuite(t *testing.T) {
	for _, marker := range []string{"go.mod", "package.json", "pyproject.toml"} {
		t.Run(marker, func(t *testing.T) {
			dir := newSuite(t, map[string]string{
				".git/HEAD":                "ref: refs/heads/main\n",
				"scenario.yaml":            "format: progress\n",
				"features/counter.feature": goldenFeature("one"),
				"agent/" + marker:          "{}\n",
			})
			t.Chdir(filepath.Join(dir, "agent"))
			r := runCLI(t, "update", "--no-color")
			wantCode(t, r, exitPassed)
			if _, err := os.Stat(filepath.Join(dir, "golden", "counter", "one.json")); err != nil {
				t.Errorf("the suite above the package was not run: %v", err)
			}
		})
	}
}

// A scenario.yaml above the current directory that another user owns, or
// that any user may write, is refused, naming the file and the fix:
// nothing runs. From the suite's own directory (a CI checkout made under
// umask 000, a container's bind mount of another uid) it is read as --root
// reads it.
func TestConfigOwnedOrWritableByAnotherUserIsRefused(t *testing.T) {
	for _, tc := range []struct {
		name  string
		setup func(t *testing.T, file string)
		want  string
	}{
		{"writable by others", func(t *testing.T, file string) {
			if err := os.Chmod(file, 0o666); err != nil {
				t.Fatal(err)
			}
		}, "is writable by every user"},
		{"in a directory every user may write", func(t *testing.T, file string) {
			if err := os.Chmod(filepath.Dir(file), 0o777); err != nil {
				t.Fatal(err)
			}
		}, "lies in a directory every user may write (mode 0777)"},
		{"owned by another user", func(t *testing.T, file string) {
			if os.Getuid() != 0 {
				t.Skip("only root can give a file to another user")
			}
			if err := os.Chown(file, 65534, 65534); err != nil {
				t.Fatal(err)
			}
		}, "belongs to user 65534, not to you (user 0)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := newSuite(t, map[string]string{
				".git/HEAD":                "ref: refs/heads/main\n",
				"scenario.yaml":            "format: progress,junit:pwned.xml\n",
				"features/counter.feature": goldenFeature("one"),
			})
			file := filepath.Join(dir, "scenario.yaml")
			tc.setup(t, file)
			t.Chdir(filepath.Join(dir, "features"))
			r := runCLI(t, "update", "--no-color")
			wantCode(t, r, exitLoad)
			wantContains(t, r, file+" "+tc.want, "the CLI reads no configuration another user could have written", "--root")
			if wasRead(dir) {
				t.Fatal("the refused scenario.yaml was read")
			}
			if _, err := os.Stat(filepath.Join(dir, "golden")); err == nil {
				t.Fatal("the run went on")
			}
			// from the suite's own directory, or with --root, the user names
			// the suite: its scenario.yaml is the user's choice
			t.Chdir(dir)
			r = runCLI(t, "update", "--no-color")
			wantCode(t, r, exitPassed)
			if !wasRead(dir) {
				t.Fatal("the scenario.yaml of the current directory was not read")
			}
			r = runCLI(t, "update", "--root", dir, "--no-color")
			wantCode(t, r, exitPassed)
		})
	}
}

// The attack of the report: a scenario.yaml planted in /tmp by another
// user, above a suite without one, whose python: would run as root.
func TestAPlantedConfigAboveASuiteIsNeverRead(t *testing.T) {
	above := newSuite(t, map[string]string{
		"scenario.yaml":           planted,
		"proj/features/x.feature": goldenFeature("one"),
	})
	if os.Getuid() == 0 {
		if err := os.Chown(filepath.Join(above, "scenario.yaml"), 65534, 65534); err != nil {
			t.Fatal(err)
		}
	} else if err := os.Chmod(filepath.Join(above, "scenario.yaml"), 0o666); err != nil {
		t.Fatal(err)
	}
	t.Chdir(filepath.Join(above, "proj", "features"))
	r := runCLI(t, "update", "--no-color")
	// no project marker here: the search reaches the planted file and
	// refuses it
	wantCode(t, r, exitLoad)
	wantContains(t, r, filepath.Join(above, "scenario.yaml"))
	if wasRead(above) {
		t.Fatal("the planted scenario.yaml was read")
	}
}

// wasRead reports whether a run read the scenario.yaml of dir: its format
// wrote pwned.xml (relative to the current directory, or the root), or
// its features directory put goldens in dir/golden.
func wasRead(dir string) bool {
	for _, p := range []string{"pwned.xml", filepath.Join(dir, "pwned.xml"), filepath.Join(dir, "proj", "pwned.xml"), filepath.Join(dir, "golden", "counter"), filepath.Join(dir, "golden", "x")} {
		if _, err := os.Stat(p); err == nil {
			return true
		}
	}
	return false
}
