package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"regexp"
	"strings"

	"github.com/stateharness/scenario/internal/diffcase"
)

// The LangGraph Python side (-lib python): langgraph_python.py in one Python
// process, a case a line in and an answer a line out. It stands in for the
// langgraph-py runtime until that runtime exists; it builds each case's
// graph as that runtime will (README.md).

// pythonCases are langgraph-py's: an input and mostly one step.
var pythonCases = diffcase.Options{Profiles: map[string]int{"langgraph-py": 1}}

// pythonMessagesCases are the messages reducer's on its own (-messages).
var pythonMessagesCases = diffcase.Options{Messages: true}

// pythonProcess is the script's process.
type pythonProcess struct {
	cmd  *exec.Cmd
	in   io.WriteCloser
	out  *bufio.Reader
	errb *strings.Builder
}

// StartPython starts the script with the Python that has langgraph (""
// is the repository's .venv/bin/python, else python3) and returns its side.
func StartPython(python, script string) (Side, func(), error) {
	if python == "" {
		python = "python3"
		if _, err := os.Stat(".venv/bin/python"); err == nil {
			python = ".venv/bin/python"
		}
	}
	if _, err := os.Stat(script); err != nil {
		return nil, nil, fmt.Errorf("cannot find the LangGraph Python side %s (run from the repository root): %v", script, err)
	}
	cmd := exec.Command(python, script)
	errb := &strings.Builder{}
	cmd.Stderr = errb
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, nil, fmt.Errorf("cannot start %s: %v", python, err)
	}
	p := &pythonProcess{cmd: cmd, in: in, out: bufio.NewReaderSize(out, 1<<20), errb: errb}
	stop := func() {
		p.in.Close()
		_ = p.cmd.Wait()
	}
	return p.run, stop, nil
}

// run is one case on the script; a script that cannot answer stops the run.
func (p *pythonProcess) run(c diffcase.Case) Outcome {
	if _, err := io.WriteString(p.in, c.JSON()+"\n"); err != nil {
		fatal(fmt.Errorf("langgraph_python.py stopped: %v\n%s", err, p.errb.String()))
	}
	line, err := p.out.ReadBytes('\n')
	if err != nil {
		fatal(fmt.Errorf("langgraph_python.py stopped: %v\n%s", err, p.errb.String()))
	}
	o, err := parsePythonAnswer(line, c)
	if err != nil {
		fatal(fmt.Errorf("case %s: %v", c.JSON(), err))
	}
	return o
}

func fatal(err error) {
	fmt.Fprintln(os.Stderr, err)
	os.Exit(2)
}

type pythonAnswer struct {
	State  map[string]any `json:"state"`
	Phase  string         `json:"phase"`
	Errors []struct {
		Message string  `json:"message"`
		Code    *string `json:"code"`
		Field   *string `json:"field"`
	} `json:"errors"`
	Alternatives []string `json:"alternatives"`
	Harness      string   `json:"harness"`
}

var pyAtKey = regexp.MustCompile(`^At key '([^']*)'`)

func parsePythonAnswer(line []byte, c diffcase.Case) (Outcome, error) {
	var a pythonAnswer
	if err := json.Unmarshal(line, &a); err != nil {
		return Outcome{}, fmt.Errorf("bad answer %q: %v", line, err)
	}
	if a.Harness != "" {
		return Outcome{}, fmt.Errorf("langgraph_python.py could not run the case: %s", a.Harness)
	}
	if len(a.Errors) == 0 {
		if a.State == nil {
			a.State = map[string]any{}
		}
		return Outcome{State: a.State}, nil
	}
	e := a.Errors[0]
	info := ErrorInfo{Message: e.Message, Code: "RUNTIME_ERROR"}
	if e.Code != nil {
		info.Code = *e.Code
	}
	if e.Field != nil {
		info.Field = *e.Field
	} else if m := pyAtKey.FindStringSubmatch(e.Message); m != nil {
		info.Field = m[1]
	}
	return Outcome{Phase: a.Phase, Error: &info, Alternatives: a.Alternatives}, nil
}
