package runtimes

import (
	"slices"
	"strings"
	"testing"

	"github.com/stateharness/scenario/engine"
	"github.com/stateharness/scenario/runtimes/awaken"
	"github.com/stateharness/scenario/runtimes/bridge"
	"github.com/stateharness/scenario/runtimes/langgraphjs"
	"github.com/stateharness/scenario/runtimes/langgraphpy"
	"github.com/stateharness/scenario/runtimes/llmfy"
)

func TestNames(t *testing.T) {
	names := Names()
	if len(names) < 4 || names[0] != Builtin || !slices.IsSorted(names[1:]) || !slices.Contains(names, "awaken") || !slices.Contains(names, "langgraph-js") || !slices.Contains(names, "langgraph-py") {
		t.Errorf("Names() = %v; want builtin first, then awaken, langgraph-js, langgraph-py and any other in order", names)
	}
	if got, want := Usage(), "builtin (default), "+strings.Join(names[1:], ", ")+", or builtin,<another> side by side"; got != want {
		t.Errorf("Usage() = %q; want %q", got, want)
	}
}

func TestStartRefusesBadLists(t *testing.T) {
	for _, list := range []string{"nope", "langgraph-js,langgraph-js", "builtin,builtin", "a,b,c", "langgraph-js,nope"} {
		_, _, err := Start(list, "--runtime", Settings{Root: t.TempDir()})
		if err == nil || !strings.HasPrefix(err.Error(), "--runtime "+list+": ") || !strings.Contains(err.Error(), "runtimes: builtin, awaken, langgraph-js") {
			t.Errorf("%s: got %v", list, err)
		}
	}
}

func TestBuiltinAloneStartsNothing(t *testing.T) {
	for _, list := range []string{"", "builtin"} {
		rts, procs, err := Start(list, "--runtime", Settings{})
		if err != nil || rts != nil || procs != nil {
			t.Errorf("%q: %v %v %v; want nothing", list, rts, procs, err)
		}
	}
}

func TestForGraph(t *testing.T) {
	for ref, want := range map[string]string{"graphs/support.mjs:graph": "langgraph-js", "a.ts:g": "langgraph-js", "agent.js:graph": "langgraph-js", "agent.cjs:graph": "langgraph-js", "agent.mts:graph": "langgraph-js", "agent.py:graph": "langgraph-py", "agent.rs:graph": "", "agent/Cargo.toml:StatePlugin": "awaken"} {
		if got := ForGraph(ref, ""); got != want {
			t.Errorf("ForGraph(%q) = %q; want %q", ref, got, want)
		}
	}
	for profile, want := range map[string]string{"llmfy": "llmfy", "langgraph-py": "langgraph-py", "": "langgraph-py"} {
		if got := ForGraph("agent.py:flow", profile); got != want {
			t.Errorf("ForGraph(agent.py:flow, %q) = %q; want %q", profile, got, want)
		}
	}
	if got := ForGraph("agent.mjs:graph", "llmfy"); got != "langgraph-js" {
		t.Errorf("ForGraph(agent.mjs:graph, llmfy) = %q; want langgraph-js", got)
	}
	if got, want := GraphKinds(), "Cargo.toml: awaken; .js, .mjs, .cjs, .ts, .mts, .cts: langgraph-js; .py: langgraph-py"; got != want {
		t.Errorf("GraphKinds() = %q; want %q", got, want)
	}
}

// TestRegistryProfiles: each row's profiles are those its program accepts,
// and the rows are in the order of their names.
func TestRegistryProfiles(t *testing.T) {
	programs := map[string]bridge.Program{
		awaken.Name:      awaken.Program("awaken", ".", 0),
		langgraphjs.Name: langgraphjs.Program("node", "", ".", 0),
		langgraphpy.Name: langgraphpy.Program("python3", "", ".", 0),
		llmfy.Name:       llmfy.Program("python3", "", ".", 0),
	}
	rows := Registry()
	if !slices.IsSortedFunc(rows, func(a, b Runtime) int { return strings.Compare(a.Name, b.Name) }) || len(rows) != len(programs) {
		t.Fatalf("registry %v: want one row per runtime, sorted by name", Names())
	}
	for _, r := range rows {
		accept := programs[r.Name].Accept
		for _, p := range engine.Profiles() {
			err := accept(engine.GraphSpec{Profile: p})
			if runs := slices.Contains(r.Profiles, p); runs != (err == nil) {
				t.Errorf("%s: profile %s in the row: %v; its program accepts it: %v", r.Name, p, runs, err)
			}
		}
	}
}
