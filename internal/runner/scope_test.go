package runner

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

func TestCheckTags(t *testing.T) {
	for expr, ok := range map[string]bool{
		"":            true,
		"@smoke":      true,
		"~@slow":      true,
		"@a && ~@b":   true,
		"@a,@b && @c": true,
		"@a&&":        false,
		"smoke":       false,
		"@a || @b":    false,
		"@a && ,@b":   false,
		"@a @b":       false,
		"~~@a":        false,
		"@":           false,
	} {
		if err := checkTags(expr); (err == nil) != ok {
			t.Errorf("checkTags(%q) = %v, want ok %v", expr, err, ok)
		}
	}
}

func TestGoldenScope(t *testing.T) {
	for _, tc := range []struct {
		cfg  Config
		dirs []goldenDir
		ok   bool
	}{
		{Config{}, []goldenDir{{"golden", allFiles}}, true},
		{Config{Paths: []string{"features"}}, []goldenDir{{"golden", allFiles}}, true},
		{Config{Paths: []string{"features/"}}, []goldenDir{{"golden", allFiles}}, true},
		// a directory answers for golden/a/x/... of its features, not for
		// the files directly in golden/a/, those of features/a.feature
		{Config{Paths: []string{"features/a"}}, []goldenDir{{"golden/a", subdirFiles}}, true},
		// a feature file answers for its own files, not for golden/a/x/...
		// of a directory features/a/x/ beside it
		{Config{Paths: []string{"features/a/x.feature"}}, []goldenDir{{"golden/a/x", ownFiles}}, true},
		{Config{Paths: []string{"features/a/x.feature:12"}}, nil, false},
		{Config{Tags: "@a"}, nil, false},
		{Config{Shard: "1/2"}, nil, false},
		{Config{Paths: []string{"elsewhere/x.feature"}}, nil, false},
		// a directory named x.feature is a directory
		{Config{Root: dotFeatureDir(t), Paths: []string{"features/x.feature"}}, []goldenDir{{"golden/x.feature", subdirFiles}}, true},
	} {
		dirs, ok := tc.cfg.goldenScope()
		if ok != tc.ok || !slices.Equal(dirs, tc.dirs) {
			t.Errorf("%+v: goldenScope = %v, %v; want %v, %v", tc.cfg, dirs, ok, tc.dirs, tc.ok)
		}
	}
}

// dotFeatureDir is a root holding the directory features/x.feature/.
func dotFeatureDir(t *testing.T) string {
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, "features", "x.feature"), 0o755); err != nil {
		t.Fatal(err)
	}
	return root
}
