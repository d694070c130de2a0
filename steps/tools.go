package steps

import (
	"fmt"
	"slices"
	"strings"

	"github.com/stateharness/scenario/engine"
	"github.com/stateharness/scenario/internal/jsonv"
	"github.com/stateharness/scenario/internal/panicsite"
)

func toolSteps() []Def {
	return []Def{
		{Pattern: `^tool "([^"]*)" returns:$`, Arg: DocString, run: func(w *world, a ...string) error {
			return w.toolCall(a[0], "")
		}},
		{Pattern: `^tool "([^"]*)" with call id "([^"]*)" returns:$`, Arg: DocString, run: func(w *world, a ...string) error {
			return w.toolCall(a[0], a[1])
		}},
		{Pattern: `^tool "([^"]*)" is called with:$`, Arg: DocString, run: func(w *world, a ...string) error {
			fn, ok := w.cfg.Tools[a[0]]
			if !ok {
				return w.noGoTool(a[0])
			}
			args, err := w.docValue()
			if err != nil {
				return err
			}
			g, err := w.started()
			if err != nil {
				return err // before the tool runs
			}
			result, err := w.runGoTool(a[0], fn, args)
			if err != nil {
				return err
			}
			return g.ToolCall(w.thread, a[0], "", result)
		}},
		{Pattern: `^the model calls "writeTodos" with:$`, Arg: DocString, run: func(w *world, _ ...string) error {
			v, err := w.docValue()
			if err != nil {
				return err
			}
			g, err := w.started()
			if err != nil {
				return err
			}
			return g.WriteTodos(w.thread, "", v)
		}},
		{Pattern: `^the plan should be:$`, Arg: Table, run: func(w *world, _ ...string) error {
			got, err := w.state()
			if err != nil {
				return err
			}
			header, rows := w.tableRows()
			if len(header) != 2 || strings.TrimSpace(header[0]) != "content" || strings.TrimSpace(header[1]) != "status" {
				return problemf("the table needs the header | content | status |, found | %s |", strings.Join(header, " | "))
			}
			want := make([]any, len(rows))
			for i, r := range rows {
				want[i] = map[string]any{"content": strings.TrimSpace(r[0]), "status": strings.TrimSpace(r[1])}
			}
			todos, ok := got["todos"]
			if !ok {
				return fmt.Errorf("the state has no plan (no todos field): give the route a plan.md")
			}
			if !engine.Equal(todos, want) {
				return fmt.Errorf("the plan differs from the table:\n%s", jsonv.Report(jsonv.Compare(want, todos)))
			}
			return nil
		}},
		{Pattern: `^the plan prompt should be:$`, Arg: DocString, run: func(w *world, _ ...string) error {
			got, err := w.state()
			if err != nil {
				return err
			}
			want, _ := w.docText()
			if prompt := engine.PlanPrompt(got["todos"]); prompt != want {
				return fmt.Errorf("the plan prompt differs:\n--- want\n%s\n--- got\n%s", want, prompt)
			}
			return nil
		}},
	}
}

func (w *world) toolCall(name, callID string) error {
	v, err := w.docData()
	if err != nil {
		return err
	}
	g, err := w.started()
	if err != nil {
		return err
	}
	return g.ToolCall(w.thread, name, callID, v)
}

// panicked says where a team's Go code panicked and with what: "panicked at
// file:line: message". Call it from the deferred function that recovers.
func panicked(r any) string {
	if at := panicsite.Where(); at != "" {
		return fmt.Sprintf("panicked at %s: %v", at, r)
	}
	return fmt.Sprintf("panicked: %v", r)
}

// noGoTool is the problem of a tool step whose tool is no Go tool: it
// says what answers a tool where the scenario runs, a Go tool to register
// or, on its own JS or Python graph, the steps that answer that graph's
// tools (docs/reference.md, Tools and Runtimes).
func (w *world) noGoTool(tool string) error {
	ref := w.graphToRun()
	if ref == "" {
		return problemf("tool %q is not registered: add it to Options.Tools (scenario.Options{Tools: map[string]scenario.ToolFunc{%q: ...}}), or give its answer with When tool %q returns:", tool, tool, tool)
	}
	lang, code := "JS", "JavaScript"
	if strings.HasSuffix(strings.ToLower(graphModule(ref)), ".py") {
		lang, code = "Python", "Python"
	}
	run := `When node "<its name>" runs`
	if w.graph != nil {
		switch nodes := w.graph.GraphNodes(); {
		case slices.Contains(nodes, "tools"):
			run = `When node "tools" runs`
		case len(nodes) > 0:
			run += fmt.Sprintf(" (the graph's nodes: %s)", strings.Join(nodes, ", "))
		}
	}
	return problemf("tool %q is not a Go tool (Options.Tools), and the scenario runs on its own LangGraph %s graph %q, whose tools are %s the harness cannot call: give the tool's answer with When tool %q returns: (or with call id \"<id>\" returns:), or let the graph's tool node answer the model's pending calls with %s", tool, lang, ref, code, tool, run)
}

// graphModule is the module of a "<module>:<export>" graph reference.
func graphModule(ref string) string {
	if i := strings.LastIndexByte(ref, ':'); i >= 0 {
		return ref[:i]
	}
	return ref
}

// runGoTool calls a registered Go tool with a copy of the arguments. Its
// error, or a panic in it, is TOOL_ERROR.
func (w *world) runGoTool(name string, fn ToolFunc, args any) (out any, err error) {
	defer func() {
		if r := recover(); r != nil {
			out, err = nil, &engine.Error{Code: engine.ToolError, Message: fmt.Sprintf("tool %q %s", name, panicked(r))}
		}
	}()
	out, err = fn(w.ctx, copyValue(args))
	if err != nil {
		return nil, &engine.Error{Code: engine.ToolError, Message: fmt.Sprintf("tool %q failed: %v", name, err)}
	}
	return out, nil
}
