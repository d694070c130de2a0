package goldenfile

import (
	"strings"
	"testing"
)

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

// A scenario's golden base is its slug in its feature's golden directory;
// two scenarios at different lines may not share one.
func TestBases(t *testing.T) {
	b := NewBases(layout)
	for _, tc := range []struct {
		feature, name string
		line, row     int
		want          string
	}{
		{"features/chat.feature", "Hello, world", 3, 0, "golden/chat/hello-world"},
		{"features/chat.feature", "An outline", 7, 2, "golden/chat/an-outline-2"},
		{"features/chat.feature", "日本語", 12, 0, "golden/chat/scenario-12"},
		{"features/a/chat.feature", "Hello, world", 3, 0, "golden/a/chat/hello-world"},
		// the same scenario again (a feature indexed twice) keeps its base
		{"features/chat.feature", "Hello, world", 3, 0, "golden/chat/hello-world"},
	} {
		if got, err := b.Add(tc.feature, tc.name, tc.line, tc.row); err != nil || got != tc.want {
			t.Errorf("Add(%q, %q) = %q, %v; want %q", tc.feature, tc.name, got, err, tc.want)
		}
	}
	if _, err := b.Add("features/chat.feature", "hello world", 9, 0); err == nil || !strings.Contains(err.Error(), "map to the same golden file golden/chat/hello-world.json") {
		t.Errorf("a second scenario with the same base: %v", err)
	}
	if _, err := b.Add("extra/x.feature", "x", 1, 0); err == nil {
		t.Error("a feature outside features/ got a golden base")
	}
}
