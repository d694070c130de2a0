package eino_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// readmeBlock is the one fenced block of README.md in lang that holds
// marker, as the README shows it.
func readmeBlock(t *testing.T, readme, lang, marker string) string {
	t.Helper()
	var found []string
	lines := strings.Split(readme, "\n")
	for i := 0; i < len(lines); i++ {
		if strings.TrimSpace(lines[i]) != "```"+lang {
			continue
		}
		var b strings.Builder
		for i++; i < len(lines) && strings.TrimSpace(lines[i]) != "```"; i++ {
			b.WriteString(lines[i] + "\n")
		}
		if strings.Contains(b.String(), marker) {
			found = append(found, b.String())
		}
	}
	if len(found) != 1 {
		t.Fatalf("README.md has %d ```%s blocks holding %q, want 1", len(found), lang, marker)
	}
	return found[0]
}

// TestReadmeEinoModule builds the module README.md's "In your own Go
// module" shows for an eino graph (agent.go, agent_test.go,
// features/agent.feature), requiring this checkout through replace
// directives, and runs its go test -race: it must pass, and fail once the
// feature expects other supersteps.
func TestReadmeEinoModule(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a module of its own")
	}
	data, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := string(data)
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	feature := readmeBlock(t, readme, "gherkin", `Given the graph from "eino:agent"`)
	files := map[string]string{
		"agent.go":               readmeBlock(t, readme, "go", "func Build(chat model.ToolCallingChatModel"),
		"agent_test.go":          readmeBlock(t, readme, "go", "func TestAgent(t *testing.T)"),
		"features/agent.feature": feature,
		"go.mod": "module example.com/agent\n\ngo 1.26\n\nreplace (\n\tgithub.com/stateharness/scenario => " + root +
			"\n\tgithub.com/stateharness/scenario/runtimes/eino => " + filepath.Join(root, "runtimes", "eino") + "\n)\n",
	}
	for name, text := range files {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	run := func(args ...string) (string, error) {
		cmd := exec.Command("go", args...)
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	// the README's go get, but for this module, which the replace
	// directives give (go mod tidy finds it there)
	if out, err := run("get", "github.com/cloudwego/eino@v0.9.13"); err != nil {
		t.Fatalf("go get: %v\n%s", err, out)
	}
	if out, err := run("mod", "tidy"); err != nil {
		t.Fatalf("go mod tidy: %v\n%s", err, out)
	}
	// the command the README gives
	if out, err := run("test", "-race", "./..."); err != nil {
		t.Fatalf("go test -race ./... of the README's module: %v\n%s", err, out)
	}
	// and it can fail: supersteps the run did not have
	wrong := strings.Replace(feature, "| 2    | tools |", "| 2    | agent |", 1)
	if wrong == feature {
		t.Fatal("the README's feature has no superstep 2 of tools to change")
	}
	if err := os.WriteFile(filepath.Join(dir, "features", "agent.feature"), []byte(wrong), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := run("test", "./...")
	if err == nil || !strings.Contains(out, "superstep 2 differs") {
		t.Fatalf("the changed feature should fail at superstep 2: %v\n%s", err, out)
	}
}
