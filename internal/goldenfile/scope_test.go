package goldenfile

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

func TestGoldenScope(t *testing.T) {
	for _, tc := range []struct {
		root     string
		paths    []string
		selected bool
		dirs     []goldenDir
		ok       bool
	}{
		{"", nil, false, []goldenDir{{"golden", allFiles}}, true},
		{"", []string{"features"}, false, []goldenDir{{"golden", allFiles}}, true},
		{"", []string{"features/"}, false, []goldenDir{{"golden", allFiles}}, true},
		// a directory answers for golden/a/x/... of its features, not for
		// the files directly in golden/a/, those of features/a.feature
		{"", []string{"features/a"}, false, []goldenDir{{"golden/a", subdirFiles}}, true},
		// a feature file answers for its own files, not for golden/a/x/...
		// of a directory features/a/x/ beside it
		{"", []string{"features/a/x.feature"}, false, []goldenDir{{"golden/a/x", ownFiles}}, true},
		{"", []string{"features/a/x.feature:12"}, false, nil, false},
		// tags, a shard or a -run pattern select scenarios
		{"", nil, true, nil, false},
		{"", []string{"elsewhere/x.feature"}, false, nil, false},
		// a directory named x.feature is a directory
		{dotFeatureDir(t), []string{"features/x.feature"}, false, []goldenDir{{"golden/x.feature", subdirFiles}}, true},
	} {
		scope, ok := ScopeOf(tc.root, layout, tc.paths, tc.selected)
		if ok != tc.ok || !slices.Equal(scope.dirs, tc.dirs) {
			t.Errorf("%q (selected %v): ScopeOf = %v, %v; want %v, %v", tc.paths, tc.selected, scope.dirs, ok, tc.dirs, tc.ok)
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
