package diffcase

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/stateharness/scenario/engine"
	"github.com/stateharness/scenario/internal/jsonv"
)

// Outcome is how one commit ended: the state after it, or an error.
type Outcome struct {
	State map[string]any
	Err   error
}

// Code is the error's code, "" after a success or for an error without one.
func (o Outcome) Code() engine.Code { return engine.CodeOf(o.Err) }

// Field is the field the error is about (the first key of its JSON path),
// or "".
func (o Outcome) Field() string {
	var e *engine.Error
	if errors.As(o.Err, &e) {
		return FieldOfPath(e.Path)
	}
	return ""
}

// Kind is "ok", the error's code, or "no code".
func (o Outcome) Kind() string {
	switch {
	case o.Err == nil:
		return "ok"
	case o.Code() == "":
		return "no code"
	}
	return string(o.Code())
}

func (o Outcome) String() string {
	if o.Err != nil {
		return o.Err.Error()
	}
	b, err := jsonv.Compact(o.State)
	if err != nil {
		return err.Error()
	}
	return string(b)
}

// HarnessRule reports a code of the rules the harness applies after any
// runtime (docs/reference.md, Commits rules 4–6, §15: types, readonly, order-dependent
// merges) or instead of it (a llmfy step whose outcome completion order
// would decide), which the built-in engine's outcome carries and a
// session's does not: a case compares up to the first commit failing by
// one.
func HarnessRule(c engine.Code) bool {
	switch c {
	case engine.TypeMismatch, engine.ReadonlyWrite, engine.OrderDependentMerge, engine.ParallelUnsupported:
		return true
	}
	return false
}

// Agree reports whether two outcomes of a commit are alike: both apply it
// with equal states, or both refuse it with one code, about the same field
// when both name one.
func Agree(a, b Outcome) bool {
	if (a.Err == nil) != (b.Err == nil) {
		return false
	}
	if a.Err == nil {
		return engine.Equal(a.State, b.State)
	}
	if a.Code() != b.Code() || a.Code() == "" {
		return false
	}
	fa, fb := a.Field(), b.Field()
	return fa == "" || fb == "" || fa == fb
}

// FieldOfPath is the field a JSON path starts with: $.x[0] → x,
// $["7"].y → 7.
func FieldOfPath(p string) string {
	switch {
	case strings.HasPrefix(p, "$."):
		rest := p[2:]
		if i := strings.IndexAny(rest, ".["); i >= 0 {
			rest = rest[:i]
		}
		return rest
	case strings.HasPrefix(p, `$["`):
		var s string
		if err := json.NewDecoder(strings.NewReader(p[2:])).Decode(&s); err == nil {
			return s
		}
	}
	return ""
}

// RunEngine runs a case's commits on a graph of the engine (the built-in
// runtime, or those given: engine.Options.Runtimes) and gives each
// commit's outcome. It stops where the first input fails: there is no
// thread to go on with. Its error is a case the engine cannot even build.
func RunEngine(c Case, runtimes ...engine.Runtime) ([]Outcome, error) {
	schema, err := c.Schema()
	if err != nil {
		return nil, err
	}
	g, err := engine.New(schema, engine.Options{Profile: c.Profile, Runtimes: runtimes})
	if err != nil {
		return nil, err
	}
	defer g.Close()
	var out []Outcome
	for i, cm := range c.Commits {
		switch cm.Kind {
		case engine.CommitInput:
			err = g.Invoke("main", Checked(cm.Input))
		case engine.CommitStep:
			err = g.Step("main", outputs(cm.Step))
		case engine.CommitTool:
			err = g.ToolCall("main", cm.Tool, "", Checked(cm.Result))
		}
		var state map[string]any
		if err == nil {
			state = g.State("main")
		}
		out = append(out, Outcome{State: state, Err: err})
		if i == 0 && err != nil {
			break
		}
	}
	return out, nil
}

// RunSession runs a case's inputs and steps on a session of a runtime,
// keeping the thread as the harness does: the state before each commit,
// the id counter, nothing changed by a commit that fails. Its errors are the
// runtime's own, not the harness's wording of them. A tool call is an
// error: a session sees only the writes the harness makes of it (RunEngine
// runs those).
func RunSession(rt engine.Runtime, c Case) ([]Outcome, error) {
	schema, err := c.Schema()
	if err != nil {
		return nil, err
	}
	g, err := engine.New(schema, engine.Options{Profile: c.Profile})
	if err != nil {
		return nil, err
	}
	s, err := rt.Open(g.RuntimeSpec())
	if err != nil {
		return nil, err
	}
	defer s.Close()
	var before map[string]any
	nextID := 0
	var out []Outcome
	for i, cm := range c.Commits {
		req := &engine.CommitRequest{Kind: cm.Kind, Before: before, NextID: nextID}
		switch cm.Kind {
		case engine.CommitInput:
			req.Input = Checked(cm.Input)
		case engine.CommitStep:
			req.Outputs = outputs(cm.Step)
		default:
			return nil, fmt.Errorf("diffcase: commit %d is a %s, which a session takes only through the engine", i, cm.Kind)
		}
		res, err := s.Commit(req)
		if err != nil {
			out = append(out, Outcome{Err: err})
			if i == 0 {
				break
			}
			continue
		}
		before, nextID = res.Values, res.NextID
		out = append(out, Outcome{State: res.Values})
	}
	return out, nil
}

// WithoutTools is the case less its tool calls, for RunSession.
func (c Case) WithoutTools() Case {
	out := c
	out.Commits = nil
	for _, cm := range c.Commits {
		if cm.Kind != engine.CommitTool {
			out.Commits = append(out.Commits, cm)
		}
	}
	return out
}

func outputs(step []Node) []engine.NodeOutput {
	out := make([]engine.NodeOutput, len(step))
	for i, n := range step {
		out[i] = engine.NodeOutput{Node: n.Name, Output: Checked(n.Output), Command: n.Command}
	}
	return out
}
