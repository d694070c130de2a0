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
