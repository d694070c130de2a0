package goldenfile

import (
	"path"
	"strings"
	"testing"
)

func TestMayBelong(t *testing.T) {
	base := "golden/chat/a-turn"
	named := []string{"before", "step-2"}
	for rel, want := range map[string]bool{
		"golden/chat/a-turn.json":              true,
		"golden/chat/a-turn-2.json":            true,
		"golden/chat/a-turn-10.trace.json":     true,
		"golden/chat/a-turn.events.json":       true,
		"golden/chat/a-turn.checkpoint.json":   true,
		"golden/chat/before.json":              true,
		"golden/chat/before-3.json":            true,
		"golden/chat/step-2.json":              true,
		"golden/chat/step-2-2.json":            true,
		"golden/chat/before.trace.json":        false, // a named file is the state's
		"golden/chat/a-turn-x.json":            false,
		"golden/chat/a-turn-.json":             false,
		"golden/chat/a.json":                   false,
		"golden/chat/a-turn.json.bak":          false,
		"golden/chat/sub/a-turn.json":          false,
		"golden/other/a-turn.json":             false,
		"golden/chat/a-turn.trace.trace.json":  false,
		"golden/chat/.a-turn.json.tmp-1":       false,
		"golden/chat/a-turnabout.json":         false,
		"golden/chat/a-turn-2-2.trace.json":    false,
		"golden/chat/a-turn.checkpoint-2.json": false,
	} {
		if got := MayBelong(rel, base, named); got != want {
			t.Errorf("MayBelong(%q) = %v, want %v", rel, got, want)
		}
	}
}

// Fit leaves every name that fits, and cuts a longer one the same way each
// time, to MaxName bytes, keeping its kind: two long names that differ
// after the cut stay two names, and MayBelong knows the cut one.
func TestFitLeavesRoomForTheTemporaryFile(t *testing.T) {
	for _, n := range []int{1, 100, MaxName - len(".checkpoint.json"), MaxName - len(".json")} {
		for _, suffix := range []string{".json", ".checkpoint.json"} {
			name := strings.Repeat("a", n) + suffix
			if len(name) <= MaxName && Fit("golden/x/"+name) != "golden/x/"+name {
				t.Errorf("Fit changed %d bytes that fit", len(name))
			}
		}
	}
	seen := map[string]string{}
	for _, n := range []int{MaxName - 4, MaxName, 240, 250, 300, 1000} {
		for _, stem := range []string{strings.Repeat("a", n), strings.Repeat("a", n-1) + "b", strings.Repeat("ab-", n/3)} {
			for _, suffix := range []string{".json", ".trace.json", ".checkpoint.json"} {
				stem = strings.TrimSuffix(stem, "-")
				rel := "golden/x/" + stem + suffix
				got := Fit(rel)
				base := path.Base(got)
				if len(stem+suffix) <= MaxName {
					continue
				}
				if len(base) > MaxName || !IsName(base) || !strings.HasSuffix(base, suffix) || Fit(rel) != got {
					t.Errorf("Fit(%d bytes%s) = %q (%d bytes)", len(stem), suffix, base, len(base))
				}
				if other, dup := seen[got]; dup && other != rel {
					t.Errorf("two names fit to one: %s", base)
				}
				seen[got] = rel
				if !MayBelong(got, "golden/x/"+stem, nil) || !MayBelong(Fit("golden/x/named"+stem+suffix), "golden/x/s", []string{"named" + stem}) {
					t.Errorf("MayBelong does not know the cut %s", base)
				}
				if MayBelong(got, "golden/x/b"+stem, nil) {
					t.Errorf("MayBelong gives the cut %s to another scenario", base)
				}
			}
		}
	}
}

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

// FuzzSlug checks the slug rules of docs/reference.md, Golden files on any name.
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

func TestNamesNumberRepeatedAssertions(t *testing.T) {
	n := NewNames("golden/chat/hello")
	var got []string
	for _, a := range []struct{ name, suffix string }{{"", ""}, {"", ""}, {"", ".trace"}, {"other", ""}, {"other", ""}, {"", ".trace"}} {
		rel, err := n.Next(a.name, a.suffix)
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, rel)
	}
	want := "golden/chat/hello.json golden/chat/hello-2.json golden/chat/hello.trace.json golden/chat/other.json golden/chat/other-2.json golden/chat/hello-2.trace.json"
	if strings.Join(got, " ") != want {
		t.Errorf("names\n%s\nwant\n%s", strings.Join(got, " "), want)
	}
	if _, err := n.Next("Not A Slug", ""); err == nil || !strings.Contains(err.Error(), `like "not-a-slug"`) {
		t.Errorf("a name that is no slug: %v", err)
	}
}
