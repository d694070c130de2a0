package goldenfile

import "testing"

var layout = Layout{Features: "features", Golden: "golden"}

func TestBase(t *testing.T) {
	tests := []struct {
		layout        Layout
		feature, want string
	}{
		{layout, "features/chat.feature", "golden/chat/slug"},
		{layout, "features/a/b/chat.feature", "golden/a/b/chat/slug"},
		{Layout{Features: "features/", Golden: "golden"}, "features/chat.feature", "golden/chat/slug"},
		{Layout{Features: "spec", Golden: "testdata/golden"}, "spec/x.feature", "testdata/golden/x/slug"},
		// a feature outside the features directory keeps its whole path
		// (FeatureDir refuses it before a run)
		{layout, "extra/chat.feature", "golden/extra/chat/slug"},
	}
	for _, tt := range tests {
		if got := Base(tt.layout, tt.feature, "slug"); got != tt.want {
			t.Errorf("Base(%+v, %q) = %q, want %q", tt.layout, tt.feature, got, tt.want)
		}
	}
}

// Every feature file has a golden directory of its own inside golden/, or
// is refused: no two map to one, none to golden/ itself or above it.
func TestFeatureDir(t *testing.T) {
	for feature, want := range map[string]string{
		"features/chat.feature":      "golden/chat",
		"features/a/b/chat.feature":  "golden/a/b/chat",
		"features/x.feature.feature": "golden/x.feature",
		"features/v1.2.feature":      "golden/v1.2",
		"features/.x.feature":        "golden/.x",
		"features/.feature":          "",
		"features/..feature":         "",
		"features/...feature":        "",
		"features/x/..feature":       "",
		"features/x/....feature":     "",
		"features/x..feature":        "",
		"features/x./a.feature":      "",
		"extra/chat.feature":         "",
		"chat.feature":               "",
		"golden/chat.feature":        "",
	} {
		got, err := FeatureDir(layout, feature)
		if want == "" {
			if err == nil {
				t.Errorf("FeatureDir(%q) = %q, want an error", feature, got)
			}
			continue
		}
		if err != nil || got != want {
			t.Errorf("FeatureDir(%q) = %q, %v; want %q", feature, got, err, want)
		}
	}
}
