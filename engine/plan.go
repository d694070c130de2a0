package engine

import (
	"fmt"
	"regexp"
	"strings"
)

// maxPlanBytes is the largest plan.md Dawn reads; a larger one seeds no
// todos and warns.
const maxPlanBytes = 65536

// jsSpace is JavaScript's \s, which Dawn's checklist pattern uses: wider
// than Go's ASCII \s.
const jsSpace = `[\t\n\v\f\r \x{00a0}\x{1680}\x{2000}-\x{200a}\x{2028}\x{2029}\x{202f}\x{205f}\x{3000}\x{feff}]`

// checklistLine is Dawn's ^\s*-\s*\[([ xX])\]\s*(.*)$.
var checklistLine = regexp.MustCompile(`^` + jsSpace + `*-` + jsSpace + `*\[([ xX])\]` + jsSpace + `*(.*)$`)

// parsePlan reads a plan.md's checklist into todos
// {"content", "status": "pending"|"completed"}; lines that are not
// checklist items, and items with empty content, are ignored. A file over
// maxPlanBytes gives no todos and a warning.
func parsePlan(text string) (todos []any, warning string) {
	todos = []any{}
	if len(text) > maxPlanBytes {
		return todos, fmt.Sprintf("plan.md is %d bytes, over the %d-byte limit: the plan starts empty", len(text), maxPlanBytes)
	}
	for _, line := range strings.Split(text, "\n") {
		m := checklistLine.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		content := strings.TrimFunc(m[2], isJSSpace)
		if content == "" {
			continue
		}
		status := "pending"
		if m[1] != " " {
			status = "completed"
		}
		todos = append(todos, map[string]any{"content": content, "status": status})
	}
	return todos, ""
}

func isJSSpace(r rune) bool {
	switch r {
	case '\t', '\n', '\v', '\f', '\r', ' ', 0x00a0, 0x1680, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff:
		return true
	}
	return r >= 0x2000 && r <= 0x200a
}

// capabilityFields adds the planning capability's todos field, refusing a
// schema or route that already has what the capability contributes.
func capabilityFields(p *profile, s *Schema, opts Options) (*Field, []string, error) {
	if opts.Plan == nil || !p.planning {
		// planning is a Dawn capability: the other profiles have none
		return nil, nil, nil
	}
	if s.Field("todos") != nil {
		return nil, nil, &Error{Code: CapabilityConflict, Path: PathKey(Root, "todos"), Message: `Capability conflict: state field "todos" is contributed by a capability and also declared in state.ts. Remove the field from state.ts or remove the capability marker file.`}
	}
	for _, t := range opts.Tools {
		if t == writeTodos {
			return nil, nil, &Error{Code: CapabilityConflict, Message: `Capability conflict: tool name "writeTodos" is contributed by a capability and also defined in tools/. Remove the user tool or remove the capability marker file.`}
		}
	}
	todos, warning := parsePlan(*opts.Plan)
	var warnings []string
	if warning != "" {
		warnings = append(warnings, warning)
	}
	return &Field{Name: "todos", Type: Type{Base: "array"}, Default: todos, HasDefault: true, Reducer: ReducerSpec{Name: "replace"}}, warnings, nil
}

const writeTodos = "writeTodos"

var todoStatuses = map[string]bool{"pending": true, "in_progress": true, "completed": true}

// WriteTodos is the model calling Dawn's writeTodos tool: the arguments are
// validated in Dawn's order, then the plan is replaced, a tool message
// appended, and a plan_update event recorded. A failed call changes nothing.
func (g *Graph) WriteTodos(threadID, callID string, args any) error {
	if !g.planning {
		return fmt.Errorf("writeTodos is contributed by Dawn's planning capability: give the route a plan.md first (Given the route has a plan.md: ...)")
	}
	th, err := g.started(threadID)
	if err != nil {
		return err
	}
	args, err = Normalize(args)
	if err != nil {
		return err
	}
	invalid := func(path, msg string) error {
		return &Error{Code: ToolInputInvalid, Path: path, Message: msg}
	}
	// as in Dawn, "an object" is any non-null object, arrays included
	if !isJSObject(args) {
		return invalid(Root, "writeTodos: input must be an object with a `todos` array")
	}
	obj, _ := args.(map[string]any)
	list, ok := obj["todos"].([]any)
	if !ok {
		return invalid(PathKey(Root, "todos"), "writeTodos: `todos` must be an array")
	}
	todos := make([]any, len(list))
	for i, t := range list {
		path := PathIndex(PathKey(Root, "todos"), i)
		if !isJSObject(t) {
			return invalid(path, fmt.Sprintf("writeTodos: todos[%d] must be an object", i))
		}
		item, _ := t.(map[string]any)
		content, ok := item["content"].(string)
		if !ok || content == "" {
			return invalid(PathKey(path, "content"), fmt.Sprintf("writeTodos: todos[%d].content must be a non-empty string", i))
		}
		status, ok := item["status"].(string)
		if !ok || !todoStatuses[status] {
			return invalid(PathKey(path, "status"), fmt.Sprintf("writeTodos: todos[%d].status must be one of pending, in_progress, completed", i))
		}
		todos[i] = map[string]any{"content": content, "status": status}
	}
	answer := map[string]any{"todos": todos}
	return g.commitTool(threadID, th, writeTodos, callID, toolOutcome{
		answer: answer, content: stringOrJSON(answer, nil), message: true, stepCalls: true, update: []Write{{Node: writeTodos, Field: "todos", Value: todos, kind: byTool}},
	}, []Event{{Type: "plan_update", Data: map[string]any{"todos": todos}}})
}

// isJSObject: typeof v === "object" && v !== null in JavaScript.
func isJSObject(v any) bool {
	switch v.(type) {
	case map[string]any, []any:
		return true
	}
	return false
}

// PlanPrompt renders the plan block Dawn puts in the model's prompt.
func PlanPrompt(todos any) string {
	list, _ := todos.([]any)
	if len(list) == 0 {
		return "Current plan: (empty)"
	}
	var b strings.Builder
	b.WriteString("Current plan:")
	for _, t := range list {
		item, _ := t.(map[string]any)
		fmt.Fprintf(&b, "\n- [%v] %v", item["status"], item["content"])
	}
	return b.String()
}

// Warnings lists what the graph warned about (a plan.md over the limit).
func (g *Graph) Warnings() []string { return g.warnings }

// TakeWarnings returns what the commits since the last call warn about (a
// field without a default that took its first write as written) and
// forgets it.
func (g *Graph) TakeWarnings() []string {
	w := g.pending
	g.pending = nil
	return w
}
