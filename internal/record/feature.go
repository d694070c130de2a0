package record

import (
	"fmt"
	"strings"

	"github.com/stateharness/scenario/internal/canonjson"
)

// scenarioText is the recorded scenario: the profile, the schema, the
// input, one step a superstep, the golden.
func scenarioText(o Options, run *Run, input map[string]any, inferred *Inferred, states []map[string]any) (string, error) {
	var b strings.Builder
	fmt.Fprintf(&b, "  Scenario: %s\n", strings.TrimSpace(o.Name))
	from := o.RunName
	if o.Graph != "" {
		from += " on " + o.Input
	}
	fmt.Fprintf(&b, "    # Recorded from %s (%d supersteps).\n", from, len(run.Steps))
	if inferred != nil {
		b.WriteString(inferred.Comment())
	}
	if o.Profile != "" {
		fmt.Fprintf(&b, "    Given the %q profile\n", o.Profile)
		b.WriteString("    And ")
	} else {
		b.WriteString("    Given ")
	}
	if o.Schema != "" {
		fmt.Fprintf(&b, "the state schema from %q\n", o.Schema)
	} else {
		b.WriteString("the state schema:\n")
		if err := docString(&b, inferred.Doc); err != nil {
			return "", err
		}
	}
	b.WriteString("    And the input state:\n")
	if err := docString(&b, input); err != nil {
		return "", err
	}
	for i, st := range run.Steps {
		switch {
		case len(st.Writes) == 1 && st.Writes[0].Command:
			fmt.Fprintf(&b, "    When node %q returns a command:\n", st.Writes[0].Node)
			cmd := map[string]any{}
			for k, v := range st.Writes[0].Output.(map[string]any) {
				if k != "lg_name" {
					cmd[k] = v
				}
			}
			if err := docString(&b, cmd); err != nil {
				return "", err
			}
		case len(st.Writes) == 1 && st.Writes[0].Output == nil:
			fmt.Fprintf(&b, "    When node %q returns nothing\n", st.Writes[0].Node)
		case len(st.Writes) == 1:
			fmt.Fprintf(&b, "    When node %q returns:\n", st.Writes[0].Node)
			if err := docString(&b, st.Writes[0].Output); err != nil {
				return "", err
			}
		default:
			b.WriteString("    When these nodes run in one step:\n")
			outs := map[string]any{}
			for _, w := range st.Writes {
				if _, twice := outs[w.Node]; twice {
					return "", &LineError{run.Name, w.Line, fmt.Sprintf("node %q runs twice in one superstep; the harness's parallel step names each node once", w.Node)}
				}
				outs[w.Node] = w.Output
			}
			if err := docString(&b, outs); err != nil {
				return "", err
			}
		}
		if o.EveryStep && i < len(run.Steps)-1 {
			b.WriteString("    Then the state should equal:\n")
			if err := docString(&b, states[i+1]); err != nil {
				return "", err
			}
		}
	}
	b.WriteString("    Then the state should match the golden file\n")
	return b.String(), nil
}

// docString writes v as a JSON docstring, indented under its step. A
// string holding three quotes is escaped by JSON as \"\"\", which Gherkin
// would read back as """; such a docstring is fenced with ``` instead.
func docString(b *strings.Builder, v any) error {
	data, err := canonjson.Encode(v)
	if err != nil {
		return err
	}
	fence := `"""`
	if strings.Contains(string(data), `\"\"\"`) {
		fence = "```"
	}
	b.WriteString("      " + fence + "json\n")
	for _, line := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
		b.WriteString("      " + line + "\n")
	}
	b.WriteString("      " + fence + "\n")
	return nil
}
