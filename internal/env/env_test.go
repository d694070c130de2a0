package env

import (
	"os"
	"path/filepath"
	"testing"
)

func TestOn(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{"", "", false},
		{"1", "", true},
		{"", "TRUE", true},
		{"yes", "0", true},
		{"On", "", true},
		{"0", "false", false},
		{"no", "off", false},
		{"2", "y", false},
		{" 1", "", false},
	} {
		t.Setenv("ENV_TEST_A", c.a)
		t.Setenv("ENV_TEST_B", c.b)
		if got := On("ENV_TEST_A", "ENV_TEST_B"); got != c.want {
			t.Errorf("On with %q, %q = %v, want %v", c.a, c.b, got, c.want)
		}
	}
	if On() {
		t.Error("On() with no names = true")
	}
}

func TestFindUp(t *testing.T) {
	root := t.TempDir()
	deep := filepath.Join(root, "a", "b", "c")
	if err := os.MkdirAll(deep, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{filepath.Join(root, "go.mod"), filepath.Join(root, "a", "scenario.yaml")} {
		if err := os.WriteFile(f, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct{ dir, name, want string }{
		{deep, "go.mod", root},
		{deep, "scenario.yaml", filepath.Join(root, "a")},
		{root, "go.mod", root},
		{filepath.Join(root, "a"), "c", ""},                   // c is below, not above
		{deep, "b", filepath.Join(root, "a")},                 // a directory counts
		{deep, "no-such-file-anywhere-above-" + t.Name(), ""}, // up to the file system's root
	} {
		if got := FindUp(c.dir, c.name); got != c.want {
			t.Errorf("FindUp(%s, %q) = %q, want %q", c.dir, c.name, got, c.want)
		}
	}
}
