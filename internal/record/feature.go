package record

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"

	"github.com/stateharness/scenario/internal/jsonv"
	"github.com/stateharness/scenario/internal/suite"
)

// scenarioText is the recorded scenario: the profile, the schema, the
// input, one step a superstep, the golden.
//
// What the run gave, the input and each node's return, is written in the
// run's key order, as LangGraph printed it (and as LangGraph JS takes a
// node's writes); the schema and the states (--every-step), like golden
// files, in canonical order.
func scenarioText(o Options, run *Run, inferred *Inferred, states []map[string]any) (string, error) {
	var b strings.Builder
	kw := o.kw
	if kw.Scenario == "" {
		kw = english
	}
	fmt.Fprintf(&b, "  %s: %s\n", kw.Scenario, strings.TrimSpace(o.Name))
	from := o.RunName
	if o.liveInput != nil {
		from += " on " + o.Input
	}
	fmt.Fprintf(&b, "    # Recorded from %s (%d supersteps).\n", from, len(run.Steps))
	switch {
	case o.onGraph:
		b.WriteString(graphComment(o, inferred))
	case inferred != nil:
		b.WriteString(inferred.Comment())
	}
	// what the feature's Background gives is not given again
	given := kw.Given
	if o.Profile != "" && !o.omit["profile"] {
		fmt.Fprintf(&b, "    %sthe %q profile\n", given, o.Profile)
		given = kw.And
	}
	if o.onGraph && !o.omit["graph"] {
		fmt.Fprintf(&b, "    %sthe graph from \"%s\"\n", given, o.Graph)
		given = kw.And
	}
	switch {
	case o.omit["schema"]:
	case o.Schema != "":
		fmt.Fprintf(&b, "    %sthe state schema from \"%s\"\n", given, o.Schema)
		given = kw.And
	case o.onGraph:
	default:
		fmt.Fprintf(&b, "    %s", given)
		b.WriteString("the state schema:\n")
		if err := docString(&b, inferred.Doc, nil); err != nil {
			return "", err
		}
		given = kw.And
	}
	fmt.Fprintf(&b, "    %sthe input state:\n", given)
	if err := docString(&b, run.Input, run.InputOrder.Written); err != nil {
		return "", err
	}
	for i, st := range run.Steps {
		if len(st.Writes) == 1 {
			if err := quotable(run, st.Writes[0]); err != nil {
				return "", err
			}
		}
		switch {
		case len(st.Writes) == 1 && st.Writes[0].Command:
			fmt.Fprintf(&b, "    %snode \"%s\" returns a command:\n", kw.When, st.Writes[0].Node)
			w := st.Writes[0]
			out := w.Output.(map[string]any)
			cmd := map[string]any{}
			var written []string
			for _, k := range w.Order.Written(out) {
				if k != "lg_name" {
					cmd[k], written = out[k], append(written, k)
				}
			}
			keys := func(m map[string]any) []string {
				if reflect.ValueOf(m).Pointer() == reflect.ValueOf(cmd).Pointer() {
					return written
				}
				return w.Order.Written(m)
			}
			if err := docString(&b, cmd, keys); err != nil {
				return "", err
			}
		case len(st.Writes) == 1 && st.Writes[0].Output == nil:
			fmt.Fprintf(&b, "    %snode \"%s\" returns nothing\n", kw.When, st.Writes[0].Node)
		case len(st.Writes) == 1:
			fmt.Fprintf(&b, "    %snode \"%s\" returns:\n", kw.When, st.Writes[0].Node)
			if err := docString(&b, st.Writes[0].Output, st.Writes[0].Order.Written); err != nil {
				return "", err
			}
		default:
			fmt.Fprintf(&b, "    %sthese nodes run in one step:\n", kw.When)
			// {"node": output, ...} in the order the nodes' updates came,
			// each output in its own order
			seen := map[string]bool{}
			text := []byte{'{'}
			for i, w := range st.Writes {
				if seen[w.Node] {
					return "", &LineError{run.Name, w.Line, fmt.Sprintf("node %q runs twice in one superstep; the harness's parallel step names each node once", w.Node)}
				}
				seen[w.Node] = true
				out, err := jsonv.Stringify(map[string]any{w.Node: w.Output}, w.Order.Written)
				if err != nil {
					return "", err
				}
				if i > 0 {
					text = append(text, ',')
				}
				text = append(text, out[1:len(out)-1]...)
			}
			if err := docText(&b, append(text, '}')); err != nil {
				return "", err
			}
		}
		if o.EveryStep && i < len(run.Steps)-1 {
			fmt.Fprintf(&b, "    %sthe state should equal:\n", kw.Then)
			if err := docString(&b, states[i+1], nil); err != nil {
				return "", err
			}
		}
	}
	fmt.Fprintf(&b, "    %sthe state should match the golden file\n", kw.Then)
	return b.String(), nil
}

// quotable refuses a node whose name a step cannot hold: the step names
// it between double quotes, as it is (a step is one line).
func quotable(run *Run, w Write) error {
	if !strings.ContainsFunc(w.Node, func(r rune) bool { return r == '"' || r < 0x20 || r == 0x7f }) {
		return nil
	}
	return &LineError{run.Name, w.Line, fmt.Sprintf("node %q: a step names a node between double quotes (When node \"<name>\" returns:), so a name with a double quote or a control character cannot be written in one; rename the node", w.Node)}
}

// graphComment says that the scenario runs on its graph, and why.
func graphComment(o Options, inferred *Inferred) string {
	var b strings.Builder
	b.WriteString("    # It runs on the graph (Given the graph from), whose channels are its schema: the graph's own reducers merge what the nodes return")
	if inferred != nil && len(inferred.Unshown) > 0 {
		fmt.Fprintf(&b, " (%s: a reducer of the graph's own, which the run does not show)", strings.Join(inferred.Unshown, ", "))
	}
	b.WriteString(".\n")
	fmt.Fprintf(&b, "    # Run it with --runtime %s; the built-in engine cannot load the graph.\n", o.GraphRuntime.Name())
	return b.String()
}

// docString writes v as a JSON docstring, indented under its step, each
// object's keys in the order keys gives (nil: canonical order).
func docString(b *strings.Builder, v any, keys func(map[string]any) []string) error {
	if keys == nil {
		data, err := jsonv.Encode(v)
		if err != nil {
			return err
		}
		writeDoc(b, string(data))
		return nil
	}
	text, err := jsonv.Stringify(v, keys)
	if err != nil {
		return err
	}
	return docText(b, []byte(text))
}

// docText writes a compact JSON text as a docstring, indented; a value so
// large that the Gherkin parser would take too long to read it indented
// (suite.MaxDocStringWork) is written compact instead, wrapped into lines
// of about wrapWidth bytes.
func docText(b *strings.Builder, text []byte) error {
	var buf bytes.Buffer
	if err := json.Indent(&buf, text, "", "  "); err != nil {
		return err
	}
	if lines := bytes.Count(buf.Bytes(), []byte("\n")) + 1; lines*(buf.Len()+7*lines) > suite.MaxDocStringWork {
		writeDoc(b, wrapJSON(text, wrapWidth))
		return nil
	}
	writeDoc(b, buf.String())
	return nil
}

// wrapWidth is how long a line of a wrapped docstring grows before it is
// broken: an 8 MB value takes 256 lines, well under the parser's bound.
const wrapWidth = 32 << 10

// wrapJSON breaks a compact JSON text after a comma once its line has
// width bytes (a string longer than that stays whole on its line).
func wrapJSON(text []byte, width int) string {
	var out strings.Builder
	out.Grow(len(text) + len(text)/width + 1)
	inString, escaped, lineStart := false, false, 0
	for i, c := range text {
		out.WriteByte(c)
		switch {
		case escaped:
			escaped = false
		case inString && c == '\\':
			escaped = true
		case c == '"':
			inString = !inString
		case !inString && c == ',' && i+1-lineStart >= width:
			out.WriteByte('\n')
			lineStart = i + 1
		}
	}
	return out.String()
}

// writeDoc writes an indented JSON text as a docstring under its step. A
// string holding three quotes is escaped by JSON as \"\"\", which Gherkin
// would read back as """; such a docstring is fenced with ``` instead.
func writeDoc(b *strings.Builder, data string) {
	fence := `"""`
	if strings.Contains(data, `\"\"\"`) {
		fence = "```"
	}
	b.WriteString("      " + fence + "json\n")
	for _, line := range strings.Split(strings.TrimSuffix(data, "\n"), "\n") {
		b.WriteString("      " + line + "\n")
	}
	b.WriteString("      " + fence + "\n")
}
