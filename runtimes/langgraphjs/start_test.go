package langgraphjs

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/stateharness/scenario/internal/toolchain"
)

// The process itself (deaths, timeouts, kills, orphans) is runtimes/bridge's
// and tested there; these are what Node adds.

func TestStartWithoutPackages(t *testing.T) {
	env := toolchain.Node(t)
	root := t.TempDir()
	_, err := Start(root, Options{Node: env.Node})
	want := "cannot resolve @langchain/langgraph from " + root + ": run npm install @langchain/langgraph @langchain/core"
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("got %v; want %q", err, want)
	}
}

func TestStartWithoutNode(t *testing.T) {
	_, err := Start(t.TempDir(), Options{Node: filepath.Join(t.TempDir(), "no-node-here")})
	if err == nil || !strings.Contains(err.Error(), "langgraph-js needs node ≥ 20") || !strings.Contains(err.Error(), "not found") {
		t.Fatalf("got %v; want node ≥ 20 ... not found", err)
	}
}

func TestStartWithOldNode(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the fake node is a shell script")
	}
	fake := filepath.Join(t.TempDir(), "node")
	if err := os.WriteFile(fake, []byte("#!/bin/sh\necho v18.19.0\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	_, err := Start(t.TempDir(), Options{Node: fake})
	if err == nil || err.Error() != "langgraph-js needs node ≥ 20; found v18.19.0" {
		t.Fatalf("got %v", err)
	}
}

// TestVersions: the bridge reports the packages it loaded, then node.
func TestVersions(t *testing.T) {
	b := bridgeFor(t)
	v := b.Versions
	if len(v) != 3 || v[0].Name != "@langchain/langgraph" || v[1].Name != "@langchain/core" || v[2].Name != "node" || !strings.HasPrefix(v[2].Version, "v") {
		t.Errorf("versions %v; want @langchain/langgraph, @langchain/core, node", v)
	}
}
