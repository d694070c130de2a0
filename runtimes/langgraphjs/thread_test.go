package langgraphjs

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stateharness/scenario/engine"
	"github.com/stateharness/scenario/internal/diffcase"
	"github.com/stateharness/scenario/internal/toolchain"
)

// threadLine is a case for testdata/thread.mjs: the fields as a session
// gets them, the commits as the scenario wrote them.
func threadLine(c diffcase.Case) string {
	var fields []any
	for _, f := range c.Spec().Fields {
		o := diffcase.Object("name", f.Name, "reducer", f.Reducer)
		if cf := c.Field(f.Name); cf != nil && cf.HasDefault {
			o.Set("default", cf.Default)
		} else if f.HasDefault {
			o.Set("default", []any{}) // dawn's implicit messages
		}
		fields = append(fields, o)
	}
	var commits []any
	for _, cm := range c.Commits {
		switch cm.Kind {
		case engine.CommitInput:
			commits = append(commits, diffcase.Object("kind", "input", "input", cm.Input))
		case engine.CommitStep:
			var outs []any
			for _, n := range cm.Step {
				o := diffcase.Object("node", n.Name, "output", n.Output)
				if n.Command {
					o.Set("command", true)
				}
				outs = append(outs, o)
			}
			commits = append(commits, diffcase.Object("kind", "step", "outputs", outs))
		}
	}
	return diffcase.Encode(diffcase.Object("profile", c.Profile, "fields", fields, "commits", commits))
}

type threadAnswer struct {
	Outcomes []struct {
		Values json.RawMessage `json:"values"`
		Error  *struct {
			Code    string  `json:"code"`
			Field   *string `json:"field"`
			Message string  `json:"message"`
		} `json:"error"`
	} `json:"outcomes"`
	Harness string `json:"harness"`
}

// runThreads runs cases on real threads (testdata/thread.mjs), all in one
// node process.
func runThreads(t *testing.T, env toolchain.NodeEnv, cases []diffcase.Case) [][]diffcase.Outcome {
	t.Helper()
	cmd := exec.Command(env.Node, filepath.Join("testdata", "thread.mjs"), env.Root)
	var in strings.Builder
	for _, c := range cases {
		in.WriteString(threadLine(c))
		in.WriteByte('\n')
	}
	cmd.Stdin = strings.NewReader(in.String())
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Wait()
	sc := bufio.NewScanner(out)
	sc.Buffer(nil, 64<<20)
	var all [][]diffcase.Outcome
	for i := range cases {
		if !sc.Scan() {
			t.Fatalf("thread.mjs stopped at case %d: %v\n%s", i, sc.Err(), stderr.String())
		}
		var a threadAnswer
		if err := json.Unmarshal(sc.Bytes(), &a); err != nil || a.Harness != "" {
			t.Fatalf("case %d: thread.mjs: %v %s", i, err, a.Harness)
		}
		var os []diffcase.Outcome
		for _, o := range a.Outcomes {
			if o.Error != nil {
				e := &engine.Error{Code: engine.Code(o.Error.Code), Message: o.Error.Message}
				if o.Error.Field != nil {
					e.Path = engine.PathKey(engine.Root, *o.Error.Field)
				}
				os = append(os, diffcase.Outcome{Err: e})
				continue
			}
			v, err := engine.DecodeJSON(o.Values, engine.Source{Name: "thread.mjs"})
			if err != nil {
				os = append(os, diffcase.Outcome{Err: err})
				continue
			}
			os = append(os, diffcase.Outcome{State: v.(map[string]any)})
		}
		all = append(all, os)
	}
	return all
}

// TestSessionAgreesWithRealThread runs random sequences of inputs and
// steps through a session, whose every commit runs on a fresh LangGraph
// thread seeded with the state before it, and on one real LangGraph thread
// that lives through the whole sequence: every commit must end alike, up to
// the real thread's first error.
func TestSessionAgreesWithRealThread(t *testing.T) {
	env := toolchain.Node(t)
	b := bridgeFor(t)
	n := numCases(400)
	var cases []diffcase.Case
	for i := 0; i < n; i++ {
		cases = append(cases, diffcase.Generate(3, i, jsCases).WithoutTools())
	}
	truth := runThreads(t, env, cases)
	var tl tally
	for i, c := range cases {
		got, err := diffcase.RunSession(b, c)
		if err != nil {
			t.Fatalf("case %d: %v", i, err)
		}
		tl.cases++
		if len(c.Commits) > 1 {
			tl.multi++
		}
		for j, want := range truth[i] {
			tl.commits++
			tl.add(string(c.Commits[j].Kind) + " " + want.Kind())
			if !diffcase.Agree(want, got[j]) {
				tl.disagreements = append(tl.disagreements, fmt.Sprintf("case %d, commit %d (%s):\n  case:    %s\n  thread:  %s\n  session: %s", i, j, c.Commits[j].Kind, c.JSON(), want, got[j]))
				break
			}
		}
	}
	tl.report(t)
}
