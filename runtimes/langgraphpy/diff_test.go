package langgraphpy

import (
	"flag"
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/stateharness/scenario/engine"
	"github.com/stateharness/scenario/internal/diffcase"
)

// casesFlag sets how many random cases TestAgreesWithBuiltin runs:
// go test ./runtimes/langgraphpy -run Agrees -cases 5000.
var casesFlag = flag.Int("cases", 0, "random cases of the differential test (0: the default)")

// TestAgreesWithBuiltin runs seeded random langgraph-py cases (an input,
// then a superstep of one to three nodes; internal/diffcase) side by side
// on the built-in engine and on LangGraph Python through the bridge: no
// commit may be a RUNTIME_DISAGREEMENT (or a RUNTIME_ERROR of the bridge).
func TestAgreesWithBuiltin(t *testing.T) {
	b := bridgeFor(t)
	n := 400
	if testing.Short() {
		n = 100
	}
	if *casesFlag > 0 {
		n = *casesFlag
	}
	gen := diffcase.NewGenerator(7)
	classes := map[string][]string{}
	outcomes := map[string]int{}
	for i := 0; i < n; i++ {
		var c diffcase.Case
		if i%4 == 3 {
			c = gen.NextPythonMessages()
		} else {
			c = gen.NextPython()
		}
		key, outcome := runSideBySide(t, b, c)
		outcomes[outcome]++
		if key != "" {
			classes[key] = append(classes[key], c.JSON())
		}
	}
	t.Logf("%d cases: %v", n, outcomes)
	if len(classes) == 0 {
		return
	}
	keys := make([]string, 0, len(classes))
	for k := range classes {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var out strings.Builder
	for _, k := range keys {
		fmt.Fprintf(&out, "%d× %s\n  e.g. %s\n", len(classes[k]), k, classes[k][0])
	}
	t.Errorf("the runtimes disagree in %d classes:\n%s", len(classes), out.String())
}

// runSideBySide runs one case on both runtimes and returns "" when they
// agree, else a short key of the disagreement, and the outcome both gave:
// "ok", or the code of the error.
func runSideBySide(t *testing.T, b *Bridge, c diffcase.Case) (string, string) {
	t.Helper()
	chk, err := engine.DecodeJSONOrdered(c.JSON(), engine.Source{Name: "case"})
	if err != nil {
		t.Fatal(err)
	}
	root := chk.Value.(map[string]any)
	fields := map[string]any{}
	for name, attrs := range root["fields"].(map[string]any) {
		a := map[string]any{}
		for k, v := range attrs.(map[string]any) {
			a[k] = v
		}
		// types are the harness's own rule, which LangGraph has not
		if _, typed := a["type"]; !typed {
			a["type"] = "any"
		}
		fields[name] = a
	}
	schema, err := engine.SchemaFromValue(map[string]any{"fields": fields})
	if err != nil {
		return "", "schema refused"
	}
	g, err := engine.New(schema, engine.Options{Profile: Profile, Runtimes: []engine.Runtime{engine.Builtin(), b}})
	if err != nil {
		return "", "schema refused"
	}
	defer g.Close()
	err = g.Invoke("main", engine.Checked{Value: root["input"], Order: chk.Order})
	if err == nil {
		if step, ok := root["step"].([]any); ok {
			outputs := make([]engine.NodeOutput, len(step))
			for i, e := range step {
				n := e.(map[string]any)
				cmd, _ := n["command"].(bool)
				outputs[i] = engine.NodeOutput{Node: n["node"].(string), Output: engine.Checked{Value: n["output"], Order: chk.Order}, Command: cmd}
			}
			err = g.Step("main", outputs)
		}
	}
	switch engine.CodeOf(err) {
	case engine.RuntimeDisagreement, engine.RuntimeError:
		msg := err.Error()
		if i := strings.IndexAny(msg, "\n"); i > 0 {
			msg = msg[:i]
		}
		if len(msg) > 160 {
			msg = msg[:160]
		}
		return msg, string(engine.CodeOf(err))
	case "":
		if err != nil {
			return "", "no code"
		}
		return "", "ok"
	}
	return "", string(engine.CodeOf(err))
}
