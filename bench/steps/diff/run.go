package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/stateharness/scenario/engine"
	"github.com/stateharness/scenario/internal/diffcase"
	"github.com/stateharness/scenario/runtimes"
	"github.com/stateharness/scenario/runtimes/awaken"
	"github.com/stateharness/scenario/runtimes/langgraphjs"
	"github.com/stateharness/scenario/runtimes/langgraphpy"
	"github.com/stateharness/scenario/runtimes/llmfy"
)

// Outcome is how one side ended a case: the state after its last commit,
// or the first commit that failed (Phase) and its error.
type Outcome struct {
	State map[string]any
	Phase string
	Error *ErrorInfo
	// Alternatives are the messages of the other errors the real library
	// may raise for the same commit (LangGraph Python: each refused return
	// of a step whose nodes run in threads).
	Alternatives []string
}

// ErrorInfo is one error: its code, message and the field it is about.
type ErrorInfo struct {
	Code    string
	Message string
	Field   string
}

func (o Outcome) failed() bool { return o.Error != nil }

// first is the error that counts.
func (o Outcome) first() ErrorInfo { return *o.Error }

// kind names the outcome for the counts: ok, or CODE@phase.
func (o Outcome) kind() string {
	if !o.failed() {
		return "ok"
	}
	return o.Error.Code + "@" + o.Phase
}

func (o Outcome) String() string {
	if !o.failed() {
		return encodeAny(o.State)
	}
	e := o.Error
	s := fmt.Sprintf("error at %s: %s: %s", o.Phase, e.Code, firstLine(e.Message))
	if e.Field != "" {
		s += fmt.Sprintf(" [field %s]", e.Field)
	}
	return s
}

// Side runs a case on one side: the built-in engine, or a runtime.
type Side func(c diffcase.Case) Outcome

// RunEngine runs a case through the engine's public API on its built-in
// runtime: the schema, a first Invoke on thread "main" with the input, then
// each Step with the nodes in the order the case lists them. Values reach
// the engine with their key order.
func RunEngine(c diffcase.Case) Outcome {
	outs, err := diffcase.RunEngine(c)
	if err != nil {
		return failure("schema", err)
	}
	return summary(c, outs)
}

// OnRuntime is the side of a runtime: each case on a session of its own,
// the commits as the engine hands them to the runtime (the state before,
// the id counter), the errors as the runtime words them.
func OnRuntime(rt engine.Runtime) Side {
	return func(c diffcase.Case) Outcome {
		outs, err := diffcase.RunSession(rt, c)
		if err != nil {
			return failure("open", err)
		}
		return summary(c, outs)
	}
}

// runtimeCases are the random cases each runtime is checked on, those of
// its own profile, of inputs and steps (a session takes tool calls only
// through the engine); nil is the bench's own (langgraph-js).
var runtimeCases = map[string]*diffcase.Options{
	langgraphpy.Name: {Profiles: map[string]int{langgraphpy.Profile: 1}, Commits: 4},
	llmfy.Name:       {Profiles: map[string]int{llmfy.Profile: 1}, Commits: 3},
	awaken.Name:      {Profiles: map[string]int{awaken.Profile: 1}, Commits: 3},
}

// OpenRuntime starts the runtime name from the registry (runtimes.Start)
// for the repository at root: node is the node of langgraph-js, python
// the Python of langgraph-py and llmfy ("" finds them); awaken builds its
// program into the user's cache once. The func stops it.
func OpenRuntime(name, root, node, python string) (engine.Runtime, func(), error) {
	if name == langgraphjs.Name && node != "" {
		b, err := langgraphjs.Start(root, langgraphjs.Options{Node: node})
		if err != nil {
			return nil, nil, err
		}
		return b, func() { b.Close() }, nil
	}
	if name == runtimes.Builtin || strings.Contains(name, ",") {
		return nil, nil, fmt.Errorf("-runtime %s: name one runtime besides the built-in engine (%s)", name, strings.Join(runtimes.Names()[1:], ", "))
	}
	rts, procs, err := runtimes.Start(name, "-runtime", runtimes.Settings{Root: root, Python: python})
	if err != nil {
		return nil, nil, err
	}
	return rts[0], procs.Stop, nil
}

// summary is a side's outcome of a case: its first failing commit, else the
// state after the last.
func summary(c diffcase.Case, outs []diffcase.Outcome) Outcome {
	var last map[string]any
	for j, o := range outs {
		if o.Err != nil {
			return failure(phase(c, j), o.Err)
		}
		last = o.State
	}
	if last == nil {
		last = map[string]any{}
	}
	return Outcome{State: last}
}

// phase names a case's j-th commit: "input" and "step" for the first two,
// as most cases have no more.
func phase(c diffcase.Case, j int) string {
	if j <= 1 {
		return string(c.Commits[j].Kind)
	}
	return fmt.Sprintf("commit %d (%s)", j+1, c.Commits[j].Kind)
}

func failure(phase string, err error) Outcome {
	info := ErrorInfo{Code: string(engine.CodeOf(err)), Message: err.Error()}
	var e *engine.Error
	if errors.As(err, &e) {
		info.Message = e.Message
		info.Field = diffcase.FieldOfPath(e.Path)
	}
	if info.Code == "" {
		info.Code = "NO_CODE"
	}
	return Outcome{Phase: phase, Error: &info}
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i] + " …"
	}
	return s
}

// encodeAny renders a decoded value as compact JSON (sorted keys).
func encodeAny(v any) string {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return fmt.Sprintf("<%v>", err)
	}
	return strings.TrimSuffix(b.String(), "\n")
}
