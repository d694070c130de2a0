package goldenfile

import (
	"strings"
	"testing"
)

var layout = Layout{Features: "features", Golden: "golden"}

func TestSlug(t *testing.T) {
	tests := []struct{ name, want string }{
		{"A chat state matches its golden file", "a-chat-state-matches-its-golden-file"},
		{"already-a-slug", "already-a-slug"},
		{"CamelCase Name", "camelcase-name"},
		{"Step 2: retry (again)", "step-2-retry-again"},
		{"  leading and trailing!  ", "leading-and-trailing"},
		{"runs   of -- many __ separators", "runs-of-many-separators"},
		{"tabs\tand\nnewlines", "tabs-and-newlines"},
		{"\"quoted\" & <escaped>", "quoted-escaped"},
		{"v1.2.3", "v1-2-3"},
		{"123", "123"},
		// letters outside a-z are separators, after lower-casing
		{"Café crème", "caf-cr-me"},
		{"ÉCOLE", "cole"},
		{"naïve über", "na-ve-ber"},
		{"日本語 test", "test"},
		{"emoji 🎉 party", "emoji-party"},
		{"", ""},
		{"!!!", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Slug(tt.name); got != tt.want {
				t.Errorf("Slug(%q) = %q, want %q", tt.name, got, tt.want)
			}
			// a slug is its own slug, which is what named golden files check
			if got := Slug(tt.want); got != tt.want {
				t.Errorf("Slug(%q) = %q, not stable", tt.want, got)
			}
		})
	}
}

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

// FuzzSlug checks the slug rules of SPEC §12 on any name.
func FuzzSlug(f *testing.F) {
	for _, s := range []string{"Hello World", "  --a--b--  ", "日本語", "", "x/../y", "CamelCase 42"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, name string) {
		s := Slug(name)
		for _, r := range s {
			if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-') {
				t.Fatalf("Slug(%q) = %q has %q", name, s, r)
			}
		}
		if strings.HasPrefix(s, "-") || strings.HasSuffix(s, "-") || strings.Contains(s, "--") {
			t.Fatalf("Slug(%q) = %q has a stray dash", name, s)
		}
		if Slug(s) != s {
			t.Fatalf("Slug is not idempotent on %q", s)
		}
	})
}
