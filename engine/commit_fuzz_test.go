package engine

import (
	"testing"

	"github.com/stateharness/scenario/internal/jsonv"
)

// snapshot is everything a failed commit must leave as it was.
type snapshot struct {
	state, trace, events string
	revision, nextID     int
	nextCall             int
}

func snap(t *testing.T, g *Graph) snapshot {
	t.Helper()
	enc := func(v any) string {
		b, err := jsonv.Compact(v)
		if err != nil {
			t.Fatalf("engine state is not JSON: %v", err)
		}
		return string(b)
	}
	return snapshot{
		state: enc(mapAny(g.State("main"))), trace: enc(g.TraceValue()), events: enc(g.EventsValue()),
		revision: g.Revision("main"), nextID: g.nextID, nextCall: g.nextCall,
	}
}

var fuzzProfiles = []string{"langgraph", "dawn", "awaken", "llmfy"}

// FuzzCommit drives random schemas and writes through the commit path.
// Invariants: no panic; the same inputs give the same bytes; inputs are
// never modified; a failed commit leaves state, revision, trace, events and
// the id counters as they were.
func FuzzCommit(f *testing.F) {
	f.Add(uint8(0), "fields: {messages: {reducer: messages, default: []}, status: {type: string}}", `{"messages": "hi"}`, `{"messages": [{"role": "ai", "content": "x"}], "status": "a"}`, `{"status": "b"}`)
	f.Add(uint8(1), "fields: {log: {default: []}, n: {reducer: sum, merge: commutative}}", `{"n": 1}`, `{"log": ["a"], "n": 2}`, `{"log": {"__overwrite__": []}, "n": 3}`)
	f.Add(uint8(2), "fields: {a: {scope: thread}, b: {readonly: true}}", `{"a": 1, "b": 2}`, `{"b": 3}`, `{"zzz": 1}`)
	f.Add(uint8(3), "fields: {c: {type: object, reducer: merge-patch, readonly: [k]}}", `{"c": {"k": 1}}`, `{"c": {"x": null}}`, `null`)
	f.Add(uint8(0), "fields: {t: {reducer: 'join(\"-\")'}, u: {reducer: union, merge: commutative}}", `{}`, `{"t": "a", "u": [1, 1]}`, `{"t": "b", "u": [2]}`)
	f.Fuzz(func(t *testing.T, p uint8, schemaText, inputText, out1Text, out2Text string) {
		schemaDoc, err := DecodeYAML([]byte(schemaText), Source{})
		if err != nil {
			return
		}
		schema, err := SchemaFromValue(schemaDoc)
		if err != nil {
			return
		}
		var vals [3]any
		for i, text := range []string{inputText, out1Text, out2Text} {
			v, err := DecodeJSON([]byte(text), Source{})
			if err != nil {
				return
			}
			vals[i] = v
		}
		before, _ := jsonv.Compact([]any{vals[0], vals[1], vals[2]})
		profile := fuzzProfiles[int(p)%len(fuzzProfiles)]

		play := func() (string, error) {
			g, err := New(schema, Options{Profile: profile})
			if err != nil {
				return err.Error(), err
			}
			log := ""
			steps := []func() error{
				func() error { return g.Invoke("main", vals[0]) },
				func() error { return g.Node("main", "a", vals[1]) },
				func() error {
					return g.Step("main", []NodeOutput{{Node: "b", Output: vals[1]}, {Node: "c", Output: vals[2]}})
				},
				func() error { return g.ToolCall("main", "t", "", vals[2]) },
				func() error { return g.Node("main", "cmd", map[string]any{"update": vals[2]}) },
			}
			for _, step := range steps {
				if !g.HasThread("main") {
					if err := step(); err != nil {
						log += "error: " + err.Error() + "\n"
					}
					continue
				}
				prev := snap(t, g)
				if err := step(); err != nil {
					log += "error: " + err.Error() + "\n"
					if now := snap(t, g); now != prev {
						t.Fatalf("a failed commit (%v) changed the graph:\nbefore %+v\nafter  %+v", err, prev, now)
					}
					continue
				}
				log += "ok\n"
			}
			if g.HasThread("main") {
				s := snap(t, g)
				log += s.state + "\n" + s.trace + "\n" + s.events + "\n"
			}
			return log, nil
		}
		first, _ := play()
		second, _ := play()
		if first != second {
			t.Fatalf("the same inputs gave different results:\n%s\n---\n%s", first, second)
		}
		after, _ := jsonv.Compact([]any{vals[0], vals[1], vals[2]})
		if string(before) != string(after) {
			t.Fatalf("inputs were modified:\nbefore %s\nafter  %s", before, after)
		}
	})
}

// FuzzSchema feeds random documents to the schema parser and every profile.
func FuzzSchema(f *testing.F) {
	for _, s := range []string{
		"fields: {a: {type: string, default: x}}",
		"profile: dawn\nfields: {m: {default: []}, c: {reducer: 'join(\", \")'}}",
		"fields: {c: {type: object, readonly: [a, b.c]}}",
		"fields: {x: {merge: commutative, scope: run, persistent: false}}",
		"{fields: {a: {reducer: 'join(\"a\", \"b\")'}}}",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		doc, err := DecodeYAML([]byte(text), Source{})
		if err != nil {
			return
		}
		s, err := SchemaFromValue(doc)
		if err != nil {
			if CodeOf(err) != SchemaInvalid {
				t.Fatalf("schema error without SCHEMA_INVALID: %v", err)
			}
			return
		}
		for _, p := range fuzzProfiles {
			g1, err1 := New(s, Options{Profile: p})
			_, err2 := New(s, Options{Profile: p})
			if (err1 == nil) != (err2 == nil) || (err1 != nil && err1.Error() != err2.Error()) {
				t.Fatalf("New is not deterministic: %v / %v", err1, err2)
			}
			if err1 != nil && CodeOf(err1) != SchemaInvalid {
				t.Fatalf("New failed without SCHEMA_INVALID: %v", err1)
			}
			if g1 != nil && g1.Profile() == "" {
				t.Fatal("graph without a profile")
			}
		}
	})
}
