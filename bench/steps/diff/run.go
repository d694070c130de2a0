package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"

	"github.com/stateharness/scenario/engine"
	"github.com/stateharness/scenario/internal/diffcase"
)

// Outcome is how one side ended a case: a state, or errors. Phase says
// which commit failed: "input" (the first run's input) or "step".
type Outcome struct {
	State map[string]any
	Phase string
	// Errors holds one error, or a LangGraph AggregateError's inner errors
	// in its order.
	Errors    []ErrorInfo
	Aggregate bool
	// Alternatives are the messages of the other errors the real library
	// may raise for the same commit (LangGraph Python: each refused return
	// of a step whose nodes run in threads).
	Alternatives []string
}

// ErrorInfo is one error: its code (engine code, or the one a LangGraph
// error maps to), message, class name and the field it is about.
type ErrorInfo struct {
	Code    string
	Message string
	Name    string
	Field   string
}

func (o Outcome) failed() bool { return len(o.Errors) > 0 }

// first is the error that counts: an AggregateError's first inner error.
func (o Outcome) first() ErrorInfo { return o.Errors[0] }

// kind names the outcome for the counts: ok, or CODE@phase.
func (o Outcome) kind() string {
	if !o.failed() {
		return "ok"
	}
	k := o.first().Code + "@" + o.Phase
	if o.Aggregate {
		k += fmt.Sprintf(" (AggregateError of %d)", len(o.Errors))
	}
	return k
}

func (o Outcome) String() string {
	if !o.failed() {
		return encodeAny(o.State)
	}
	var parts []string
	for _, e := range o.Errors {
		s := fmt.Sprintf("%s: %s", e.Code, firstLine(e.Message))
		if e.Field != "" {
			s += fmt.Sprintf(" [field %s]", e.Field)
		}
		if e.Name != "" && e.Name != "Error" {
			s += fmt.Sprintf(" (%s)", e.Name)
		}
		parts = append(parts, s)
	}
	head := "error at " + o.Phase
	if o.Aggregate {
		head = fmt.Sprintf("AggregateError of %d at %s", len(o.Errors), o.Phase)
	}
	return head + ": " + strings.Join(parts, " | ")
}

// lastValueName reports whether the engine knows the reducer name
// "last-value"; until it does, a langgraph field without a reducer
// attribute is how a case declares one.
var lastValueName = sync.OnceValue(func() bool {
	s, err := engine.SchemaFromValue(map[string]any{"fields": map[string]any{"x": map[string]any{"reducer": "last-value"}}})
	if err != nil {
		return false
	}
	_, err = engine.New(s, engine.Options{Profile: "langgraph"})
	return err == nil
})

// RunEngine runs a case through the engine's public API: the schema, a
// first Invoke on thread "main" with the input, then one Step with the
// nodes in the order the case lists them. Values reach the engine with
// their key order (DecodeJSONOrdered).
func RunEngine(c diffcase.Case) Outcome {
	chk, err := engine.DecodeJSONOrdered(c.JSON(), engine.Source{Name: "case"})
	if err != nil {
		return engineError("case", err)
	}
	root := chk.Value.(map[string]any)
	fields := map[string]any{}
	for name, attrs := range root["fields"].(map[string]any) {
		a := map[string]any{}
		for k, v := range attrs.(map[string]any) {
			a[k] = v
		}
		if a["reducer"] == "last-value" && !lastValueName() {
			delete(a, "reducer")
		}
		// types are the harness's own rule (SPEC §6 rule 6), which
		// LangGraph has not: dawn would infer them from the defaults
		if _, typed := a["type"]; !typed {
			a["type"] = "any"
		}
		fields[name] = a
	}
	schema, err := engine.SchemaFromValue(map[string]any{"fields": fields})
	if err != nil {
		return engineError("schema", err)
	}
	g, err := engine.New(schema, engine.Options{Profile: c.Profile})
	if err != nil {
		return engineError("schema", err)
	}
	if err := g.Invoke("main", engine.Checked{Value: root["input"], Order: chk.Order}); err != nil {
		return engineError("input", err)
	}
	if step, ok := root["step"].([]any); ok {
		outputs := make([]engine.NodeOutput, len(step))
		for i, e := range step {
			n := e.(map[string]any)
			cmd, _ := n["command"].(bool)
			outputs[i] = engine.NodeOutput{Node: n["node"].(string), Output: engine.Checked{Value: n["output"], Order: chk.Order}, Command: cmd}
		}
		if err := g.Step("main", outputs); err != nil {
			return engineError("step", err)
		}
	}
	return Outcome{State: g.State("main")}
}

func engineError(phase string, err error) Outcome {
	info := ErrorInfo{Code: string(engine.CodeOf(err)), Message: err.Error(), Name: "engine.Error"}
	var e *engine.Error
	if errors.As(err, &e) {
		info.Message = e.Message
		info.Field = fieldOfPath(e.Path)
	}
	if info.Code == "" {
		info.Code = "NO_CODE"
		info.Name = fmt.Sprintf("%T", err)
	}
	return Outcome{Phase: phase, Errors: []ErrorInfo{info}}
}

// fieldOfPath is the field a JSON path starts with: $.x[0] → x,
// $["7"].y → 7.
func fieldOfPath(p string) string {
	switch {
	case strings.HasPrefix(p, "$."):
		rest := p[2:]
		if i := strings.IndexAny(rest, ".["); i >= 0 {
			rest = rest[:i]
		}
		return rest
	case strings.HasPrefix(p, `$["`):
		var s string
		dec := json.NewDecoder(strings.NewReader(p[2:]))
		if err := dec.Decode(&s); err == nil {
			return s
		}
	}
	return ""
}

// LangGraph is the node process running langgraph.mjs: one case per line
// in, one answer per line out.
type LangGraph struct {
	cmd  *exec.Cmd
	in   io.WriteCloser
	out  *bufio.Reader
	errb *strings.Builder
}

// StartLangGraph starts node on the script. nodePath, when set, becomes
// NODE_PATH (the script resolves the packages from its own place first).
func StartLangGraph(nodeBin, script, nodePath string) (*LangGraph, error) {
	if nodeBin == "" {
		nodeBin = "node"
	}
	if _, err := os.Stat(script); err != nil {
		return nil, fmt.Errorf("cannot find the LangGraph side %s (run from the repository root, or pass -script): %v", script, err)
	}
	cmd := exec.Command(nodeBin, script)
	cmd.Env = os.Environ()
	if nodePath != "" {
		cmd.Env = append(cmd.Env, "NODE_PATH="+nodePath)
	}
	errb := &strings.Builder{}
	cmd.Stderr = errb
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("cannot start node: %v", err)
	}
	return &LangGraph{cmd: cmd, in: in, out: bufio.NewReaderSize(out, 1<<20), errb: errb}, nil
}

// Close ends the process.
func (lg *LangGraph) Close() {
	lg.in.Close()
	_ = lg.cmd.Wait()
}

// Run runs one case.
func (lg *LangGraph) Run(c diffcase.Case) (Outcome, error) {
	outs, err := lg.RunAll([]diffcase.Case{c})
	if err != nil {
		return Outcome{}, err
	}
	return outs[0], nil
}

// RunAll runs cases in one stream: all lines are written while the answers
// are read, so node never waits for Go.
func (lg *LangGraph) RunAll(cases []diffcase.Case) ([]Outcome, error) {
	werr := make(chan error, 1)
	go func() {
		w := bufio.NewWriter(lg.in)
		for _, c := range cases {
			w.WriteString(c.JSON())
			w.WriteByte('\n')
		}
		werr <- w.Flush()
	}()
	outs := make([]Outcome, len(cases))
	for i := range cases {
		line, err := lg.out.ReadBytes('\n')
		if err != nil {
			return nil, fmt.Errorf("langgraph.mjs stopped: %v\n%s", err, lg.errb.String())
		}
		if outs[i], err = parseAnswer(line, cases[i]); err != nil {
			return nil, fmt.Errorf("case %s: %v", cases[i].JSON(), err)
		}
	}
	if err := <-werr; err != nil {
		return nil, err
	}
	return outs, nil
}

type answer struct {
	State     map[string]any `json:"state"`
	Phase     string         `json:"phase"`
	Aggregate bool           `json:"aggregate"`
	Errors    []struct {
		Message string  `json:"message"`
		Code    *string `json:"code"`
		Name    *string `json:"name"`
		Field   *string `json:"field"`
	} `json:"errors"`
	Harness      string   `json:"harness"`
	Alternatives []string `json:"alternatives"`
}

func parseAnswer(line []byte, c diffcase.Case) (Outcome, error) {
	var a answer
	if err := json.Unmarshal(line, &a); err != nil {
		return Outcome{}, fmt.Errorf("bad answer %q: %v", line, err)
	}
	if a.Harness != "" {
		return Outcome{}, fmt.Errorf("langgraph.mjs could not run the case: %s", a.Harness)
	}
	if a.Errors == nil {
		if a.State == nil {
			a.State = map[string]any{}
		}
		return Outcome{State: a.State}, nil
	}
	o := Outcome{Phase: a.Phase, Aggregate: a.Aggregate, Alternatives: a.Alternatives}
	for _, e := range a.Errors {
		info := ErrorInfo{Message: trimTroubleshooting(e.Message)}
		if e.Name != nil {
			info.Name = *e.Name
		}
		if e.Field != nil {
			info.Field = *e.Field
		}
		if e.Code != nil {
			info.Code = *e.Code
		}
		if m := channelRe.FindStringSubmatch(info.Message); m != nil && info.Field == "" {
			info.Field = m[1]
		}
		if info.Code == "" {
			info.Code = codeOfMessage(info, c)
		}
		o.Errors = append(o.Errors, info)
	}
	return o, nil
}

// trimTroubleshooting drops the "Troubleshooting URL" paragraph LangGraph
// adds to the messages of errors with an lc_error_code.
func trimTroubleshooting(msg string) string {
	if i := strings.Index(msg, "\n\nTroubleshooting URL:"); i >= 0 {
		return msg[:i]
	}
	return msg
}

// codeOfMessage maps a LangGraph error without lc_error_code to a code by
// its message (SPEC §15).
func codeOfMessage(e ErrorInfo, c diffcase.Case) string {
	switch {
	case strings.HasSuffix(e.Message, "Can receive only one Overwrite value per step."):
		return "INVALID_CONCURRENT_GRAPH_UPDATE"
	case strings.HasPrefix(e.Message, "Attempting to delete a message with an ID that doesn't exist"):
		return "MESSAGE_NOT_FOUND"
	case e.Name == "TypeError" && e.Field != "" && c.ReducerOf(e.Field) == "messages":
		// coerceMessageLikeToMessage on a null element
		return "MESSAGE_COERCION_FAILURE"
	}
	return "RUNTIME_ERROR"
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
