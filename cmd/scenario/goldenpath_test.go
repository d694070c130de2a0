package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// Every feature file maps to a golden directory of its own inside golden/:
// prune and update never touch another feature's goldens, nor a file
// outside golden/.

// A directory features/checkout/ and a file features/checkout.feature share
// golden/checkout/: the file's goldens lie directly in it, the directory's
// features' in its sub-directories. Naming the directory answers for those
// only.
func TestPruneOfADirectoryKeepsTheGoldensOfItsSameNamedFeatureFile(t *testing.T) {
	for _, name := range []string{"checkout", "x.feature"} {
		t.Run(name, func(t *testing.T) {
			dir := newSuite(t, map[string]string{
				"features/" + name + ".feature":      goldenFeature("first"),
				"features/" + name + "/card.feature": goldenFeature("second"),
			})
			wantCode(t, runCLI(t, suiteArgs("update", dir)...), exitPassed)
			first, err := os.ReadFile(filepath.Join(dir, "golden", name, "first.json"))
			if err != nil {
				t.Fatal(err)
			}
			writeFiles(t, dir, map[string]string{"golden/" + name + "/card/old.json": "{}\n"})

			r := runCLI(t, suiteArgs("check", dir, "features/"+name)...)
			wantCode(t, r, exitFailed)
			wantContains(t, r, "orphan golden files, referenced by no scenario (1):", "golden/"+name+"/card/old.json")
			if strings.Contains(r.all(), "first.json") {
				t.Errorf("check of the directory features/%s calls the golden of features/%s.feature an orphan:\n%s", name, name, r.all())
			}
			r = runCLI(t, suiteArgs("prune", dir, "features/"+name)...)
			wantCode(t, r, exitPassed)
			wantContains(t, r, "deleted golden/"+name+"/card/old.json")
			wantFile(t, dir, "golden/"+name+"/first.json", string(first))
			wantCode(t, runCLI(t, suiteArgs("check", dir)...), exitPassed)
		})
	}
}

// A feature file whose name is only dots before .feature would have the
// golden directory of the root (...feature: golden/..), of golden/ itself,
// or of another feature (x/..feature: golden/x); one outside the features
// directory that of the feature at the same path inside it. Each is
// refused before anything is read, written or deleted.
func TestAFeatureWhoseGoldenDirectoryIsNotItsOwnIsRefused(t *testing.T) {
	mine := map[string]string{
		"package.json":       `{"name": "mine"}` + "\n",
		"tsconfig.json":      "{}\n",
		"golden/x/one.json":  "{\n  \"n\": 1\n}\n",
		"golden/old.json":    "{}\n",
		"golden/x/y/a.json":  "{}\n",
		"golden/extra/chat/": "",
	}
	for _, tc := range []struct{ feature, want, fix string }{
		{"features/...feature", `features/...feature: a feature file needs a name of its own before .feature`, "rename it, like features/name.feature"},
		{"features/..feature", `features/..feature: a feature file needs a name of its own before .feature`, "rename it, like features/name.feature"},
		{"features/x/..feature", `features/x/..feature: a feature file needs a name of its own before .feature: "..feature" gives no golden directory of its own (it would be that of features/x.feature`, "rename it, like features/x/name.feature"},
		{"features/x/...feature", `features/x/...feature: a feature file needs a name of its own before .feature`, "rename it, like features/x/name.feature"},
		{"features/x/y..feature", `features/x/y..feature: a feature file's name must not end in "." or a space before .feature (its golden directory "y./" is "y/" on Windows)`, "rename it, like features/x/y_.feature"},
		{"extra/chat.feature", `extra/chat.feature lies outside the features directory features/, and its golden files would be those of features/extra/chat.feature`, "move it under features/"},
	} {
		t.Run(tc.feature, func(t *testing.T) {
			dir := newSuite(t, map[string]string{
				"features/x.feature": goldenFeature("one"),
				tc.feature:           goldenFeature("package"),
			})
			for rel, content := range mine {
				if strings.HasSuffix(rel, "/") {
					if err := os.MkdirAll(filepath.Join(dir, rel), 0o755); err != nil {
						t.Fatal(err)
					}
					continue
				}
				writeFiles(t, dir, map[string]string{rel: content})
			}
			runs := [][]string{suiteArgs("update", dir, tc.feature), suiteArgs("check", dir, tc.feature)}
			if strings.HasPrefix(tc.feature, "features/") {
				// (prune refuses a path outside the features directory before
				// it loads anything)
				runs = append(runs, suiteArgs("update", dir), suiteArgs("prune", dir),
					suiteArgs("prune", dir, tc.feature), suiteArgs("prune", dir, filepath.Dir(tc.feature)))
			}
			for _, args := range runs {
				r := runCLI(t, args...)
				wantCode(t, r, exitLoad)
				wantContains(t, r, tc.want, tc.fix)
				for rel, content := range mine {
					if !strings.HasSuffix(rel, "/") {
						wantFile(t, dir, rel, content)
					}
				}
				if _, err := os.Stat(filepath.Join(dir, "package.json.json")); err == nil {
					t.Fatal("a golden was written at the root")
				}
			}
		})
	}
}

// On a file system that ignores case (macOS, Windows) golden/Checkout/ and
// golden/checkout/ are one directory: two features that differ only in
// case would overwrite each other's goldens.
func TestFeaturesWhoseGoldenDirectoriesDifferOnlyInCaseAreRefused(t *testing.T) {
	dir := newSuite(t, map[string]string{"features/Checkout.feature": goldenFeature("one")})
	if _, err := os.Stat(filepath.Join(dir, "features", "checkout.feature")); err == nil {
		t.Skip("this file system ignores case")
	}
	writeFiles(t, dir, map[string]string{"features/checkout.feature": goldenFeature("one")})
	r := runCLI(t, suiteArgs("update", dir)...)
	wantCode(t, r, exitLoad)
	wantContains(t, r, "features/Checkout.feature and features/checkout.feature map to golden directories that differ only in case", "rename")
	if _, err := os.Stat(filepath.Join(dir, "golden")); err == nil {
		t.Error("update wrote goldens")
	}
}

// record appends to a feature file the user names: one without a golden
// directory of its own is refused before the run is read.
func TestRecordRefusesAFeatureWithoutAGoldenDirectoryOfItsOwn(t *testing.T) {
	run, err := os.ReadFile(filepath.Join("..", "..", "internal", "record", "testdata", "chat.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ feature, want string }{
		{"features/...feature", "features/...feature: a feature file needs a name of its own before .feature"},
		{"extra/chat.feature", "extra/chat.feature is outside the features directory features/"},
	} {
		t.Run(tc.feature, func(t *testing.T) {
			dir := newSuite(t, map[string]string{"runs/chat.jsonl": string(run), "package.json": "{}\n"})
			r := runCLI(t, "record", "--root", dir, "--feature", filepath.Join(dir, tc.feature), filepath.Join(dir, "runs/chat.jsonl"))
			wantCode(t, r, exitLoad)
			wantContains(t, r, tc.want)
			wantFile(t, dir, "package.json", "{}\n")
			if _, err := os.Stat(filepath.Join(dir, tc.feature)); err == nil {
				t.Errorf("record wrote %s", tc.feature)
			}
		})
	}
}

// A golden file that is a symbolic link out of the golden directory (to a
// credentials file, or a file of the suite's own) is neither read nor
// written through: its content reaches no output, JUnit or HTML report.
func TestAGoldenLinkedOutOfTheGoldenDirectoryIsNeitherReadNorWritten(t *testing.T) {
	const secret = `{"password": "hunter2-secret"}`
	for name, target := range map[string]func(dir string) string{
		"out of the root":      func(string) string { return filepath.Join(t.TempDir(), "credentials.json") },
		"into the suite's own": func(dir string) string { return filepath.Join(dir, "scenarios", "credentials.json") },
	} {
		t.Run(name, func(t *testing.T) {
			dir := newSuite(t, map[string]string{"features/a.feature": goldenFeature("one"), "scenarios/keep.json": "{}\n"})
			to := target(dir)
			writeFiles(t, filepath.Dir(to), map[string]string{filepath.Base(to): secret})
			if err := os.MkdirAll(filepath.Join(dir, "golden", "a"), 0o755); err != nil {
				t.Fatal(err)
			}
			link := filepath.Join(dir, "golden", "a", "one.json")
			if err := os.Symlink(to, link); err != nil {
				t.Skip("no symbolic links here:", err)
			}
			junit, html := filepath.Join(dir, "out.xml"), filepath.Join(dir, "out.html")
			for _, cmd := range []string{"check", "run", "update"} {
				r := runCLI(t, "--root", dir, cmd, "--no-color", "--format", "progress,junit:"+junit+",html:"+html)
				wantCode(t, r, exitFailed)
				wantContains(t, r, "golden file golden/a/one.json: golden/a/one.json is a symbolic link to "+to+", outside the golden directory golden/", "replace the link with the golden file itself")
				for _, out := range []string{r.all(), readOrEmpty(junit), readOrEmpty(html)} {
					if strings.Contains(out, "hunter2") {
						t.Fatalf("%s printed the content of the file the golden links to", cmd)
					}
				}
				wantFile(t, filepath.Dir(to), filepath.Base(to), secret)
				if info, err := os.Lstat(link); err != nil || info.Mode()&os.ModeSymlink == 0 {
					t.Fatalf("%s replaced the link (%v)", cmd, err)
				}
			}
		})
	}
}

func readOrEmpty(name string) string {
	data, _ := os.ReadFile(name)
	return string(data)
}

// A golden name is short enough that its temporary file (".<name>.tmp-"
// and up to 10 digits) fits a file name's 255 bytes: a longer one is cut,
// the same way on every run, with a hash of the whole name. Names that fit
// are unchanged.
func TestALongScenarioNameHasAGoldenThatCanBeWritten(t *testing.T) {
	for _, n := range []int{200, 223, 224, 235, 240, 250, 300} {
		t.Run(strconv.Itoa(n), func(t *testing.T) {
			name := strings.Repeat("a", n)
			feature := strings.ReplaceAll(goldenFeature(name), "    Then the state should match the golden file\n",
				"    Then the state should match the golden file\n    And the checkpoint should match the golden file\n")
			dir := newSuite(t, map[string]string{"features/long.feature": feature})
			r := runCLI(t, suiteArgs("update", dir)...)
			wantCode(t, r, exitPassed)
			entries, err := os.ReadDir(filepath.Join(dir, "golden", "long"))
			if err != nil {
				t.Fatal(err)
			}
			if len(entries) != 2 {
				t.Fatalf("golden/long holds %d files, want 2", len(entries))
			}
			for _, e := range entries {
				if len(e.Name())+len(".")+len(".tmp-4294967295") > 255 {
					t.Errorf("%s (%d bytes) leaves no room for its temporary file", e.Name(), len(e.Name()))
				}
				full := name + ".json"
				if strings.HasSuffix(e.Name(), ".checkpoint.json") {
					full = name + ".checkpoint.json"
				}
				if len(full) <= 239 && e.Name() != full {
					t.Errorf("a name that fits was changed: %s", e.Name())
				}
			}
			wantCode(t, runCLI(t, suiteArgs("check", dir)...), exitPassed)
			wantCode(t, runCLI(t, suiteArgs("prune", dir)...), exitPassed)
			if after, _ := os.ReadDir(filepath.Join(dir, "golden", "long")); len(after) != 2 {
				t.Errorf("prune deleted the goldens of the scenario")
			}
		})
	}
}
