package goldenfile

import "testing"

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
