package main

import (
	"bytes"
	"go/format"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stateharness/scenario/internal/env"
)

// TestInitInAnEinoModule: in a module that requires cloudwego/eino, init's
// scenario_test.go registers the team's eino graph (runtimes/eino), says
// so, and the module's go test passes once go mod tidy has added the
// runtime; a module without eino gets the plain test.
func TestInitInAnEinoModule(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "agent")
	goModule(t, dir)
	mod := "module example.com/agent\n\ngo 1.26\n\nrequire github.com/cloudwego/eino v0.9.13\n"
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(mod), 0o644); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := runInit(dir, &out); err != nil {
		t.Fatalf("init: %v", err)
	}
	test, err := os.ReadFile(filepath.Join(dir, "scenario_test.go"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"github.com/stateharness/scenario/runtimes/eino"`, `"eino:graph": &eino.Graph{`, "env.Model"} {
		if !strings.Contains(string(test), want) {
			t.Errorf("scenario_test.go lacks %q:\n%s", want, test)
		}
	}
	if formatted, err := format.Source(test); err != nil || !bytes.Equal(formatted, test) {
		t.Errorf("scenario_test.go is not gofmt'ed (%v):\n%s", err, test)
	}
	if !strings.Contains(out.String(), "go.mod requires cloudwego/eino") {
		t.Errorf("init's output does not say it registered the eino graph:\n%s", out.String())
	}
	plain := initSuite(t)
	if data, _ := os.ReadFile(filepath.Join(plain, "scenario_test.go")); strings.Contains(string(data), "eino") {
		t.Errorf("a module without eino got an eino test:\n%s", data)
	}
	if testing.Short() {
		return
	}
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("go is not on PATH")
	}
	wd, _ := os.Getwd()
	self := env.FindUp(wd, "go.mod")
	goEnv := append(os.Environ(), "GOFLAGS="+strings.TrimSpace(os.Getenv("GOFLAGS")+" -mod=mod"), "SCENARIO_UPDATE=", "GOLDIE_UPDATE=", "SCENARIO_CHECK=")
	for _, args := range [][]string{
		// the runtime is a module of this checkout until it is tagged
		{"mod", "edit", "-replace", "github.com/stateharness/scenario=" + self, "-replace", "github.com/stateharness/scenario/runtimes/eino=" + filepath.Join(self, "runtimes", "eino")},
		{"mod", "tidy"},
		{"test", "-count=1", "./..."},
	} {
		cmd := exec.Command(goBin, args...)
		cmd.Dir = dir
		cmd.Env = goEnv
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
}
