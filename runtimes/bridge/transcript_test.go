package bridge_test

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stateharness/scenario/internal/toolchain"
	"github.com/stateharness/scenario/runtimes"
	"github.com/stateharness/scenario/runtimes/awaken"
	"github.com/stateharness/scenario/runtimes/bridge"
	"github.com/stateharness/scenario/runtimes/langgraphjs"
	"github.com/stateharness/scenario/runtimes/langgraphpy"
	"github.com/stateharness/scenario/runtimes/llmfy"
)

// programs make each runtime's program for the suite at the repository's
// root, or skip the test naming what is missing (a failure under
// SCENARIO_REQUIRE_NODE=1, SCENARIO_REQUIRE_PYTHON=1 or
// SCENARIO_REQUIRE_CARGO=1). The awaken program is the one .ci/run built
// into the user's cache: this test never builds it.
var programs = map[string]func(t *testing.T, root string) bridge.Program{
	langgraphjs.Name: func(t *testing.T, root string) bridge.Program {
		return langgraphjs.Program(toolchain.Node(t).Node, "", root, bridge.DefaultTimeout)
	},
	langgraphpy.Name: func(t *testing.T, root string) bridge.Program {
		return langgraphpy.Program(toolchain.LangGraphPython(t), "", root, bridge.DefaultTimeout)
	},
	llmfy.Name: func(t *testing.T, root string) bridge.Program {
		return llmfy.Program(toolchain.LlmfyPython(t), "", root, bridge.DefaultTimeout)
	},
	awaken.Name: func(t *testing.T, root string) bridge.Program {
		bin, ok, err := awaken.Built("")
		if err == nil && !ok {
			err = fmt.Errorf("the awaken program is not in the cache (%s); bash .ci/run builds it", bin)
		}
		toolchain.CargoBuilt(t, err)
		return awaken.Program(bin, root, bridge.DefaultTimeout)
	},
}

// TestTranscripts replays each transcript of testdata/transcripts (the
// format: doc.go, "Transcripts") against the program of every runtime of
// the registry that it names.
func TestTranscripts(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "transcripts", "*.txt"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no transcripts: %v", err)
	}
	var scripts []*transcript
	for _, f := range files {
		tr, err := readTranscript(f)
		if err != nil {
			t.Fatal(err)
		}
		scripts = append(scripts, tr)
	}
	root := toolchain.RepoRoot()
	for _, rt := range runtimes.Registry() {
		t.Run(rt.Name, func(t *testing.T) {
			program, ok := programs[rt.Name]
			if !ok {
				t.Fatalf("no program for the runtime %s: add it to programs", rt.Name)
			}
			var prog *bridge.Program
			for _, tr := range scripts {
				if !tr.runsOn(rt.Name) {
					continue
				}
				t.Run(strings.TrimSuffix(filepath.Base(tr.file), ".txt"), func(t *testing.T) {
					if prog == nil {
						p := program(t, root)
						prog = &p
					}
					vars := map[string]string{"$profile": rt.Profiles[0], "$graph": ownGraph(rt)}
					replay(t, *prog, tr, rt.Name, vars)
				})
			}
		})
	}
}

// ownGraph is the own graph of the transcripts in the runtime's language,
// testdata/graph.<one of its extensions>, from the suite root.
func ownGraph(rt runtimes.Runtime) string {
	for _, ext := range rt.Graphs {
		p := filepath.Join("runtimes", "bridge", "testdata", "graph"+ext)
		if _, err := os.Stat(filepath.Join(toolchain.RepoRoot(), p)); err == nil {
			return filepath.ToSlash(p) + ":graph"
		}
	}
	return ""
}

// A transcript is a file of testdata/transcripts.
type transcript struct {
	file     string
	runtimes []string // nil: every runtime
	lines    []tline
}

// A tline is a request to send (">") or the answer expected ("<"), by
// runtime for the "<@name" lines ("" for "<").
type tline struct {
	n    int
	send string
	want map[string]any
}

func (tr *transcript) runsOn(name string) bool {
	return tr.runtimes == nil || slices.Contains(tr.runtimes, name)
}

func readTranscript(file string) (*transcript, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	tr := &transcript{file: file}
	for i, text := range strings.Split(string(data), "\n") {
		n := i + 1
		text = strings.TrimSpace(text)
		switch {
		case text == "" || strings.HasPrefix(text, "#"):
		case strings.HasPrefix(text, "runtimes:"):
			tr.runtimes = strings.Fields(strings.TrimPrefix(text, "runtimes:"))
		case strings.HasPrefix(text, "> "):
			tr.lines = append(tr.lines, tline{n: n, send: strings.TrimPrefix(text, "> ")})
		case strings.HasPrefix(text, "<"):
			head, body, _ := strings.Cut(text, " ")
			name := strings.TrimPrefix(strings.TrimPrefix(head, "<"), "@")
			var v any
			if err := json.Unmarshal([]byte(body), &v); err != nil {
				return nil, fmt.Errorf("%s:%d: the answer is not JSON: %v", file, n, err)
			}
			if last := len(tr.lines) - 1; name != "" && last >= 0 && tr.lines[last].want != nil {
				tr.lines[last].want[name] = v
				continue
			}
			tr.lines = append(tr.lines, tline{n: n, want: map[string]any{name: v}})
		default:
			return nil, fmt.Errorf("%s:%d: a line is a request (> ...), an answer (< ..., <@runtime ...), runtimes: or a # comment", file, n)
		}
	}
	return tr, nil
}

// replay starts prog, sends the transcript's requests and checks each
// answer, then closes stdin: the program must exit.
func replay(t *testing.T, prog bridge.Program, tr *transcript, name string, vars map[string]string) {
	dir := t.TempDir()
	for f, text := range prog.Files {
		if err := os.WriteFile(filepath.Join(dir, f), []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	args := make([]string, len(prog.Args))
	for i, a := range prog.Args {
		args[i] = strings.ReplaceAll(a, "{dir}", dir)
	}
	cmd := exec.Command(prog.Command, args...)
	cmd.Dir = prog.Dir
	if len(prog.Env) > 0 {
		cmd.Env = append(os.Environ(), prog.Env...)
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	in, _ := cmd.StdinPipe()
	out, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lines := make(chan string)
	go func() {
		sc := bufio.NewScanner(out)
		sc.Buffer(nil, 16<<20)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	defer func() {
		in.Close()
		done := make(chan error, 1)
		go func() {
			for range lines {
			}
			done <- cmd.Wait()
		}()
		select {
		case err := <-done:
			var ee *exec.ExitError
			if err != nil && !errors.As(err, &ee) {
				t.Errorf("%s: %v", name, err)
			}
		case <-time.After(10 * time.Second):
			cmd.Process.Kill()
			t.Errorf("%s: did not exit when its stdin closed", name)
		}
	}()
	for _, l := range tr.lines {
		where := fmt.Sprintf("%s:%d", tr.file, l.n)
		if l.send != "" {
			req := l.send
			for k, v := range vars {
				req = strings.ReplaceAll(req, k, v)
			}
			if _, err := io.WriteString(in, req+"\n"); err != nil {
				t.Fatalf("%s: cannot send: %v; stderr: %s", where, err, stderr.String())
			}
			continue
		}
		want, ok := l.want[name]
		if !ok {
			want = l.want[""]
		}
		var got string
		select {
		case s, ok := <-lines:
			if !ok {
				t.Fatalf("%s: the program ended its output; stderr: %s", where, stderr.String())
			}
			got = s
		case <-time.After(bridge.DefaultTimeout):
			t.Fatalf("%s: no answer in %v; stderr: %s", where, bridge.DefaultTimeout, stderr.String())
		}
		var v any
		if err := json.Unmarshal([]byte(got), &v); err != nil {
			t.Fatalf("%s: the answer is not JSON: %s", where, got)
		}
		if err := match(want, v, "$"); err != nil {
			t.Errorf("%s: %v\n got: %s", where, err, got)
		}
	}
}

// placeholders stand, as a string of the expected answer, for any value of
// a kind.
var placeholders = map[string]func(any) bool{
	"<any>":    func(any) bool { return true },
	"<string>": func(v any) bool { _, ok := v.(string); return ok },
	"<number>": func(v any) bool { _, ok := v.(float64); return ok },
	"<object>": func(v any) bool { _, ok := v.(map[string]any); return ok },
	"<array>":  func(v any) bool { _, ok := v.([]any); return ok },
}

// match says where got differs from want: the same members, the same
// items, equal values, but where want holds a placeholder.
func match(want, got any, path string) error {
	if s, ok := want.(string); ok {
		if is, ok := placeholders[s]; ok {
			if !is(got) {
				return fmt.Errorf("%s: want %s, got %v", path, s, got)
			}
			return nil
		}
	}
	switch w := want.(type) {
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok {
			return fmt.Errorf("%s: want an object, got %v", path, got)
		}
		for k := range g {
			if _, ok := w[k]; !ok {
				return fmt.Errorf("%s: unexpected member %q", path, k)
			}
		}
		for k, wv := range w {
			gv, ok := g[k]
			if !ok {
				return fmt.Errorf("%s: missing member %q", path, k)
			}
			if err := match(wv, gv, path+"."+k); err != nil {
				return err
			}
		}
		return nil
	case []any:
		g, ok := got.([]any)
		if !ok || len(g) != len(w) {
			return fmt.Errorf("%s: want %d items, got %v", path, len(w), got)
		}
		for i := range w {
			if err := match(w[i], g[i], fmt.Sprintf("%s[%d]", path, i)); err != nil {
				return err
			}
		}
		return nil
	}
	if want != got {
		return fmt.Errorf("%s: want %v, got %v", path, want, got)
	}
	return nil
}

// TestMatch: an answer matches its expectation member for member, where a
// placeholder stands for any value of its kind; a member too many or too
// few, or another value, does not.
func TestMatch(t *testing.T) {
	for _, c := range []struct {
		want, got string
		ok        bool
	}{
		{`{"id": 1, "graph": 1}`, `{"id": 1, "graph": 1}`, true},
		{`{"ready": "<object>"}`, `{"ready": {"node": "v20"}}`, true},
		{`{"ready": "<object>"}`, `{"ready": "v20"}`, false},
		{`{"a": ["<string>", "<number>", "<array>", "<any>"]}`, `{"a": ["x", 1, [], null]}`, true},
		{`{"a": ["<string>"]}`, `{"a": [1]}`, false},
		{`{"id": 1}`, `{"id": 1, "fatal": "x"}`, false},
		{`{"id": 1, "fatal": "<string>"}`, `{"id": 1}`, false},
		{`{"values": {"n": 1}}`, `{"values": {"n": 2}}`, false},
		{`[1, 2]`, `[1]`, false},
	} {
		var want, got any
		json.Unmarshal([]byte(c.want), &want)
		json.Unmarshal([]byte(c.got), &got)
		if err := match(want, got, "$"); (err == nil) != c.ok {
			t.Errorf("match(%s, %s) = %v; want ok %v", c.want, c.got, err, c.ok)
		}
	}
}

// TestReadTranscriptRefusesStrayLines: a line that is none of the format's
// is refused naming its line.
func TestReadTranscriptRefusesStrayLines(t *testing.T) {
	file := filepath.Join(t.TempDir(), "bad.txt")
	os.WriteFile(file, []byte("< {\"ready\": \"<object>\"}\nsend this\n"), 0o644)
	if _, err := readTranscript(file); err == nil || !strings.Contains(err.Error(), "bad.txt:2: ") {
		t.Errorf("err = %v; want one naming line 2", err)
	}
}
