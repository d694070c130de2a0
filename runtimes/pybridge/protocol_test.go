package pybridge

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stateharness/scenario/internal/toolchain"
)

// stray is a bridge whose handler writes to stdout every way a node can
// and reads stdin as a node would, answering with what the reads raised.
const stray = `import scenario_protocol as protocol
import os
import subprocess
import sys


def handle(req):
    print("print")
    print("sys.__stdout__", file=sys.__stdout__, flush=True)
    os.write(1, b"fd 1\n")
    subprocess.run(["echo", "a subprocess"], check=True)
    got = {}
    for name, read in (("input", lambda: input("? ")), ("readline", sys.stdin.readline), ("fd 0", lambda: os.read(0, 10))):
        try:
            got[name] = repr(read())
        except EOFError as e:
            got[name] = "EOFError: " + str(e)
    return {"got": got}


protocol.serve({"stray": "1"}, handle)
`

// TestProtocolOwnsItsPipes: what the Python side writes to stdout, however
// it writes it, goes to stderr, and reading stdin ends at once (input()
// and sys.stdin with EOFError saying why) instead of reading the next
// request; the answers arrive on stdout alone.
func TestProtocolOwnsItsPipes(t *testing.T) {
	python := toolchain.Python(t, toolchain.RepoRoot())
	dir := t.TempDir()
	for name, src := range Files(stray) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command(python, "-u", filepath.Join(dir, "bridge.py"))
	cmd.Stdin = strings.NewReader(`{"id": 1, "op": "x"}` + "\n" + `{"id": 2, "op": "x"}` + "\n")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("%v; stderr: %s", err, stderr.String())
	}
	eof := "EOFError: " + `stdin is empty under the harness: a node cannot read input() or sys.stdin in a scenario; give it what it would read another way (the state, a fake)`
	answer := `{"input": "` + eof + `", "readline": "` + eof + `", "fd 0": "b''"}`
	want := `{"ready": {"stray": "1"}}` + "\n" + `{"id": 1, "got": ` + answer + "}\n" + `{"id": 2, "got": ` + answer + "}\n"
	if stdout.String() != want {
		t.Errorf("stdout:\n%s\nwant:\n%s", stdout.String(), want)
	}
	for _, s := range []string{"print", "sys.__stdout__", "fd 1", "a subprocess"} {
		if !strings.Contains(stderr.String(), s+"\n") {
			t.Errorf("stderr lacks %q: %s", s, stderr.String())
		}
	}
}
