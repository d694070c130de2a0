package main

import (
	"fmt"
	"math/rand"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stateharness/scenario/engine"
	"github.com/stateharness/scenario/internal/toolchain"
)

// startLangGraph runs langgraph.mjs on the repository's pinned packages.
func startLangGraph(t *testing.T) *node {
	t.Helper()
	env := toolchain.Node(t)
	lg, err := startNode(env.Node, filepath.Join(env.Root, "bench", "messages", "diff", "langgraph.mjs"), env.NodePath())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(lg.close)
	return lg
}

// candidateKeys are keys some message class keeps, or that users write and
// no class keeps: every one is tried on every type.
var candidateKeys = []string{
	"id", "name", "content", "additional_kwargs", "response_metadata",
	"tool_calls", "invalid_tool_calls", "usage_metadata", "tool_call_chunks",
	"tool_call_id", "status", "artifact", "metadata",
	"foo", "role", "lc_kwargs", "lc_direct_tool_output", "example", "text",
}

// probe is a value no constructor turns into its default and none rejects:
// a class that keeps a key keeps it as it is.
var probe = map[string]any{"k": 1.0}

// messageShapes are the ways of writing a message of each type: a type, a
// role, and LangChain's serialised classes.
func messageShapes() []struct {
	typ   string
	build func(extra map[string]any) any
} {
	type shape = struct {
		typ   string
		build func(extra map[string]any) any
	}
	object := func(key, value, typ string) shape {
		return shape{typ, func(extra map[string]any) any {
			m := map[string]any{key: value, "content": "c", "id": "i"}
			if typ == "tool" {
				m["tool_call_id"] = "call"
			}
			if typ == "remove" {
				delete(m, "content")
			}
			for k, v := range extra {
				if k == key || (typ == "remove" && k == "id") {
					continue // the shape's own role or type; a remove needs a string id
				}
				m[k] = v
			}
			if typ == "remove" {
				// only what follows a remove-all shows a remove
				return []any{map[string]any{"type": "remove", "id": "__remove_all__"}, m}
			}
			return []any{m}
		}}
	}
	serialised := func(class, typ string) shape {
		return shape{typ, func(extra map[string]any) any {
			kw := map[string]any{"content": "c", "id": "i"}
			if typ == "tool" {
				kw["tool_call_id"] = "call"
			}
			for k, v := range extra {
				kw[k] = v
			}
			return []any{map[string]any{"lc": 1.0, "type": "constructor", "id": []any{"langchain_core", "messages", class}, "kwargs": kw}}
		}}
	}
	var out []shape
	for _, t := range []struct{ typ, role string }{{"human", "user"}, {"ai", "assistant"}, {"system", "developer"}, {"tool", "tool"}, {"remove", "remove"}} {
		out = append(out, object("type", t.typ, t.typ), object("role", t.role, t.typ))
	}
	out = append(out, object("role", "system", "system"))
	for _, c := range []struct{ class, typ string }{
		{"HumanMessage", "human"}, {"AIMessage", "ai"}, {"SystemMessage", "system"}, {"ToolMessage", "tool"},
		{"HumanMessageChunk", "human"}, {"AIMessageChunk", "ai"}, {"SystemMessageChunk", "system"}, {"ToolMessageChunk", "tool"},
	} {
		out = append(out, serialised(c.class, c.typ))
	}
	return out
}

// TestMessageKeysAgreeWithLangChain checks engine.MessageKeys against the
// real classes: for every way of writing every message type and every
// candidate key, LangGraph's result keeps the key exactly when the list
// names it, and the engine's result equals LangGraph's, for the probe value
// and for values that constructors treat specially.
func TestMessageKeysAgreeWithLangChain(t *testing.T) {
	lg := startLangGraph(t)
	values := []any{probe, "v", nil, map[string]any{}, []any{}, []any{probe}, 0.0, true}
	for i, shape := range messageShapes() {
		kept := engine.MessageKeys(shape.typ)
		if kept == nil {
			t.Fatalf("engine.MessageKeys(%q) is nil", shape.typ)
		}
		for _, key := range candidateKeys {
			for j, v := range values {
				c := Case{Current: []any{}, Incoming: shape.build(map[string]any{key: v})}
				eng := runEngine(c)
				js, err := lg.run(c)
				if err != nil {
					t.Fatal(err)
				}
				if !agree(eng, js) {
					t.Errorf("shape %d (%s), %s = %s: the engine and LangGraph disagree\n  case:      %s\n  engine:    %s\n  langgraph: %s",
						i, shape.typ, key, compact(v), compact(c), eng, js)
					continue
				}
				if j != 0 || (shape.typ == "remove" && key == "id") {
					continue
				}
				// the probe value: kept exactly when the list names the key
				if js.failed() || len(js.Result) != 1 {
					t.Errorf("shape %d (%s), %s: LangGraph gave %s for %s", i, shape.typ, key, js, compact(c))
					continue
				}
				got, _ := js.Result[0].(map[string]any)
				_, has := got[key]
				if want := slices.Contains(kept, key); has != want {
					t.Errorf("shape %d (%s): LangChain's class keeps %q: %v, engine.MessageKeys says %v (%s)", i, shape.typ, key, has, want, compact(got))
				}
			}
		}
	}
}

// TestMessagesAgreeWithLangGraph runs seeded random cases, with the rarer
// shapes of -extras, through the engine and messagesStateReducer and fails
// on any disagreement, with the shrunk case.
func TestMessagesAgreeWithLangGraph(t *testing.T) {
	lg := startLangGraph(t)
	n := 600
	if testing.Short() {
		n = 200
	}
	for _, extras := range []bool{false, true} {
		gen := &generator{r: rand.New(rand.NewSource(11)), extras: extras}
		var fails []string
		for i := 0; i < n; i++ {
			c := gen.next()
			eng := runEngine(c)
			js, err := lg.run(c)
			if err != nil {
				t.Fatal(err)
			}
			if agree(eng, js) {
				continue
			}
			small := shrink(c, eng, js, lg)
			se := runEngine(small)
			sj, _ := lg.run(small)
			fails = append(fails, fmt.Sprintf("  current:   %s\n  incoming:  %s\n  engine:    %s\n  langgraph: %s",
				compact(small.Current), compact(small.Incoming), se, sj))
			if len(fails) == 5 {
				break
			}
		}
		if len(fails) > 0 {
			t.Errorf("extras %v: cases where the engine and LangGraph disagree (shrunk):\n%s", extras, strings.Join(fails, "\n"))
		}
	}
}
