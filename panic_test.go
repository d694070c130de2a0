package scenario_test

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/stateharness/scenario"
)

// panickingOptions are a team's Go node, tool and reducer that panic, each
// on the line its comment marks.
func panickingOptions() scenario.Options {
	return scenario.Options{
		Root: "testdata/gopanics",
		Nodes: map[string]scenario.NodeFunc{
			"explodes": func(_ context.Context, state map[string]any) (map[string]any, error) {
				var update map[string]any
				update["status"] = "never" // panics here: node
				return update, nil
			},
			"repeats": func(context.Context, map[string]any) (map[string]any, error) {
				n := -1
				return map[string]any{"status": strings.Repeat("a", n)}, nil // panics here: std
			},
			"calm": func(context.Context, map[string]any) (map[string]any, error) {
				return map[string]any{"status": "ok"}, nil
			},
		},
		Tools: map[string]scenario.ToolFunc{
			"explodes": func(_ context.Context, args any) (any, error) {
				return lookupOrder(args.(map[string]any)["order"].(string)), nil
			},
		},
		Reducers: map[string]scenario.ReducerFunc{
			"first_of": func(current, incoming any) (any, error) {
				return incoming.([]any)[0], nil // panics here: reducer
			},
		},
	}
}

// lookupOrder is a helper of the team's tool, where its panic happens.
func lookupOrder(id string) any {
	panic(errors.New("order service unreachable for " + id)) // panics here: tool
}

// TestGoPanicsNameTheirLines runs a suite whose Go node, tool and reducer
// panic: each fails its step at the step's line, naming the line of the
// team's code that panicked (not the harness's) and the panic's message,
// and the run goes on to pass the next scenario.
func TestGoPanicsNameTheirLines(t *testing.T) {
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperRunsPanickingGoCode$", "-test.v", "-test.count=1")
	cmd.Env = append(os.Environ(), "SCENARIO_HELPER_PANICS=1")
	outBytes, err := cmd.CombinedOutput()
	out := string(outBytes)
	if err == nil {
		t.Fatalf("the suite of panicking code passed:\n%s", out)
	}
	lines := markedLines(t, "panic_test.go")
	for _, want := range []string{
		fmt.Sprintf(`features/panics.feature:11: NODE_ERROR: node "explodes" panicked at panic_test.go:%d: assignment to entry in nil map`, lines["node"]),
		fmt.Sprintf(`features/panics.feature:15: TOOL_ERROR: tool "explodes" panicked at panic_test.go:%d: order service unreachable for A-17`, lines["tool"]),
		fmt.Sprintf(`features/panics.feature:27: REDUCER_TYPE_ERROR: node "a": custom reducer "first_of" panicked at panic_test.go:%d: runtime error: index out of range [0] with length 0`, lines["reducer"]),
		fmt.Sprintf(`features/panics.feature:34: NODE_ERROR: node "repeats" panicked at panic_test.go:%d: strings: negative Repeat count`, lines["std"]),
		"--- PASS: TestHelperRunsPanickingGoCode/the_run_goes_on_after_them",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the run does not say %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "goroutine ") {
		t.Errorf("the test binary crashed:\n%s", out)
	}
}

// TestHelperRunsPanickingGoCode is TestGoPanicsNameTheirLines's test
// binary.
func TestHelperRunsPanickingGoCode(t *testing.T) {
	if os.Getenv("SCENARIO_HELPER_PANICS") == "" {
		t.Skip("a helper process of TestGoPanicsNameTheirLines")
	}
	scenario.Run(t, panickingOptions())
}

// markedLines finds the lines of file that end in "// panics here: <what>".
func markedLines(t *testing.T, file string) map[string]int {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	found := map[string]int{}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		if _, what, ok := strings.Cut(sc.Text(), "// panics here: "); ok {
			found[what] = n
		}
	}
	return found
}
