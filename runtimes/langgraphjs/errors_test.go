package langgraphjs

import (
	"errors"
	"strings"
	"testing"

	"github.com/stateharness/scenario/engine"
)

// errorCase is one commit LangGraph JS refuses, with the code and path the
// session must report.
type errorCase struct {
	name   string
	fields []engine.FieldSpec
	before map[string]any
	kind   engine.CommitKind
	input  string          // CommitInput
	step   [][2]string     // CommitStep: node, output JSON
	cmd    map[string]bool // nodes whose output is a command
	writes []engine.Write  // CommitTool
	code   engine.Code
	path   string
	// message is a text the message must contain ("" to skip)
	message string
}

var (
	lastX    = engine.FieldSpec{Name: "x", Reducer: "last-value"}
	sumN     = engine.FieldSpec{Name: "n", Reducer: "sum", Default: 0.0, HasDefault: true}
	appendL  = engine.FieldSpec{Name: "log", Reducer: "append", Default: []any{}, HasDefault: true}
	messages = engine.FieldSpec{Name: "messages", Reducer: "messages", Default: []any{}, HasDefault: true}
)

var errorCases = []errorCase{
	{
		name: "two nodes write a last-value field", fields: []engine.FieldSpec{lastX},
		kind: engine.CommitStep, step: [][2]string{{"b", `{"x": "from_b"}`}, {"a", `{"x": "from_a"}`}},
		code: engine.InvalidConcurrentGraphUpdate, path: "$.x",
		message: `Invalid update for channel "x" with values ["from_a","from_b"]: LastValue can only receive one value per step.`,
	},
	{
		name: "one node writes a last-value field twice", fields: []engine.FieldSpec{lastX},
		kind: engine.CommitStep, step: [][2]string{{"a", `{"update": [["x", 1], ["x", 2]]}`}}, cmd: map[string]bool{"a": true},
		code: engine.InvalidConcurrentGraphUpdate, path: "$.x",
	},
	{
		name: "two overwrites in one step", fields: []engine.FieldSpec{appendL},
		kind: engine.CommitStep, step: [][2]string{{"a", `{"log": {"__overwrite__": [1]}}`}, {"b", `{"log": {"type": "__overwrite__", "value": [2]}}`}},
		code: engine.InvalidConcurrentGraphUpdate, path: "$.log", message: "Can receive only one Overwrite value per step.",
	},
	{
		name: "a node returns a string", fields: []engine.FieldSpec{lastX},
		kind: engine.CommitStep, step: [][2]string{{"a", `"done"`}},
		code:    engine.InvalidNodeReturn,
		message: `Expected node "a" to return an object or an array containing at least one Command object, received string`,
	},
	{
		name: "two nodes return what LangGraph cannot read: the first error of the AggregateError", fields: []engine.FieldSpec{lastX},
		kind: engine.CommitStep, step: [][2]string{{"b", `3`}, {"a", `true`}},
		code: engine.InvalidNodeReturn, message: `Expected node "a" to return`,
	},
	{
		name: "a message with an unknown role", fields: []engine.FieldSpec{messages},
		kind: engine.CommitInput, input: `{"messages": [{"role": "bogus", "content": "x"}]}`,
		code: engine.MessageCoercionFailure, path: "$.messages",
	},
	{
		name: "a null message (a TypeError in coercion)", fields: []engine.FieldSpec{messages},
		kind: engine.CommitInput, input: `{"messages": [null]}`,
		code: engine.MessageCoercionFailure, path: "$.messages",
	},
	{
		name: "removing a message that is not there", fields: []engine.FieldSpec{messages},
		before: map[string]any{"messages": []any{map[string]any{"type": "human", "content": "hi", "id": "m1"}}},
		kind:   engine.CommitStep, step: [][2]string{{"a", `{"messages": {"type": "remove", "id": "m9"}}`}},
		code: engine.MessageNotFound, path: "$.messages",
		message: "Attempting to delete a message with an ID that doesn't exist ('m9')",
	},
	{
		name: "a string to sum", fields: []engine.FieldSpec{sumN},
		kind: engine.CommitStep, step: [][2]string{{"a", `{"n": "s"}`}},
		code: engine.ReducerTypeError, path: "$.n", message: `field "n" with reducer sum expects a number, received string`,
	},
	{
		name: "a number to merge", fields: []engine.FieldSpec{{Name: "o", Reducer: "merge", Default: map[string]any{}, HasDefault: true}},
		kind: engine.CommitInput, input: `{"o": 3}`,
		code: engine.ReducerTypeError, path: "$.o", message: `field "o" with reducer merge expects an object, received number`,
	},
	{
		name: "several fields fail: the one written first reports", fields: []engine.FieldSpec{sumN, {Name: "j", Reducer: `join(",")`, Default: "", HasDefault: true}},
		kind: engine.CommitStep, step: [][2]string{{"a", `{"j": 1, "n": "s"}`}},
		code: engine.ReducerTypeError, path: "$.j",
	},
	{
		name: "a sum beyond 2^53", fields: []engine.FieldSpec{sumN},
		before: map[string]any{"n": 9007199254740990.0},
		kind:   engine.CommitStep, step: [][2]string{{"a", `{"n": 9}`}},
		code: engine.UnsafeInteger, path: "$.n",
	},
	{
		name: "a sum that overflows", fields: []engine.FieldSpec{sumN},
		before: map[string]any{"n": 1e308},
		kind:   engine.CommitStep, step: [][2]string{{"a", `{"n": 1e308}`}},
		code: engine.NonJSONValue, path: "$.n",
	},
	{
		name: "a tool's write refused by the reducer", fields: []engine.FieldSpec{sumN},
		kind: engine.CommitTool, writes: []engine.Write{{Node: "search", Field: "n", Value: "s"}},
		code: engine.ReducerTypeError, path: "$.n",
	},
	{
		name: "a node named like a field: LangGraph refuses the graph", fields: []engine.FieldSpec{lastX},
		kind: engine.CommitStep, step: [][2]string{{"x", `{"x": 1}`}},
		code: engine.RuntimeError, message: "already being used as a state attribute",
	},
}

func TestErrorCodes(t *testing.T) {
	b := bridgeFor(t)
	for _, tc := range errorCases {
		t.Run(tc.name, func(t *testing.T) {
			s, err := b.Open(engine.GraphSpec{Profile: "langgraph", IDPrefix: "auto-", Fields: tc.fields})
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			before := tc.before
			if before == nil && tc.kind != engine.CommitInput {
				before = map[string]any{}
			}
			req := &engine.CommitRequest{Kind: tc.kind, Before: before, Writes: tc.writes}
			if tc.input != "" {
				req.Input = decode(t, tc.input)
			}
			for _, n := range tc.step {
				req.Outputs = append(req.Outputs, engine.NodeOutput{Node: n[0], Output: decode(t, n[1]), Command: tc.cmd[n[0]]})
			}
			res, err := s.Commit(req)
			if err == nil {
				t.Fatalf("commit succeeded with %v; want %s", res.Values, tc.code)
			}
			e, ok := err.(*engine.Error)
			if !ok {
				t.Fatalf("error %T %v; want an *engine.Error", err, err)
			}
			if e.Code != tc.code || (tc.path != "" && e.Path != tc.path) {
				t.Errorf("got %s at %q (%s); want %s at %q", e.Code, e.Path, e.Message, tc.code, tc.path)
			}
			if !strings.Contains(e.Message, tc.message) {
				t.Errorf("message %q does not contain %q", e.Message, tc.message)
			}
			if strings.Contains(e.Message, "Troubleshooting URL") {
				t.Errorf("message keeps LangGraph's troubleshooting link: %q", e.Message)
			}
		})
	}
}

// TestReducerMessagesAreTheEngines checks that a refused write gives the
// engine's message on both runtimes (the engine adds who wrote it).
func TestReducerMessagesAreTheEngines(t *testing.T) {
	b := bridgeFor(t)
	writes := []struct{ reducer, def, value string }{
		{"sum", `0`, `"s"`},
		{"sum", `"x"`, `1`},
		{"merge", `{}`, `[1]`},
		{"merge", `3`, `{"a": 1}`},
		{"append", `"x"`, `1`},
		{"union", `{}`, `1`},
		{`join("-")`, `""`, `2`},
		{`join("-")`, `5`, `"a"`},
	}
	for _, w := range writes {
		schema, err := engine.SchemaFromValue(map[string]any{"fields": map[string]any{"f": map[string]any{"reducer": w.reducer, "default": decode(t, w.def).Value}}})
		if err != nil {
			t.Fatal(err)
		}
		g, err := engine.New(schema, engine.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Invoke("main", map[string]any{}); err != nil {
			t.Fatal(err)
		}
		want := g.Step("main", []engine.NodeOutput{{Node: "a", Output: decode(t, `{"f": `+w.value+`}`)}})
		s, err := b.Open(engine.GraphSpec{Profile: "langgraph", Fields: []engine.FieldSpec{{Name: "f", Reducer: w.reducer, Default: decode(t, w.def).Value, HasDefault: true}}})
		if err != nil {
			t.Fatal(err)
		}
		_, got := s.Commit(&engine.CommitRequest{Kind: engine.CommitStep, Before: g.State("main"), Outputs: []engine.NodeOutput{{Node: "a", Output: decode(t, `{"f": `+w.value+`}`)}}})
		s.Close()
		we, ok1 := want.(*engine.Error)
		ge, ok2 := got.(*engine.Error)
		if !ok1 || !ok2 || we.Code != engine.ReducerTypeError || ge.Code != we.Code || ge.Path != we.Path || !strings.HasSuffix(we.Message, ge.Message) {
			t.Errorf("%s: %v on %v\n  engine:       %v\n  langgraph-js: %v", w.reducer, w.value, w.def, want, got)
		}
	}
}

func decode(t testing.TB, s string) engine.Checked {
	t.Helper()
	c, err := engine.DecodeJSONOrdered(s, engine.Source{Name: "test"})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestOtherProfilesAndGoReducersAreUnsupported(t *testing.T) {
	b := bridgeFor(t)
	var u *engine.Unsupported
	for _, p := range []string{"awaken", "llmfy"} {
		if _, err := b.Open(engine.GraphSpec{Profile: p}); !errors.As(err, &u) {
			t.Errorf("%s: got %T %v; want an *engine.Unsupported", p, err, err)
		}
	}
	if _, err := b.Open(engine.GraphSpec{Profile: "langgraph", Fields: []engine.FieldSpec{{Name: "f", Reducer: "mine", Custom: true}}}); !errors.As(err, &u) {
		t.Errorf("custom reducer: got %T %v; want an *engine.Unsupported", err, err)
	}
}
