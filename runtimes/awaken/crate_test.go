package awaken

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/stateharness/scenario/engine"
	"github.com/stateharness/scenario/internal/toolchain"
)

// userkeys is the fixture crate's reference from the repository's root:
// a counter capped at 10, a list deduplicated by id, a last value.
const userkeys = "runtimes/awaken/testdata/userkeys/Cargo.toml:StatePlugin"

// sharedRuntime is the test binary's awaken runtime with the fixture
// crates' programs, built once (in the user's cache, as a run does).
var sharedRuntime struct {
	once sync.Once
	r    *Runtime
	err  error
}

func runtimeFor(t testing.TB) *Runtime {
	t.Helper()
	cargo := toolchain.Cargo(t)
	sharedRuntime.once.Do(func() {
		sharedRuntime.r, sharedRuntime.err = StartRuntime(toolchain.RepoRoot(), Options{Cargo: cargo})
	})
	toolchain.CargoBuilt(t, sharedRuntime.err)
	return sharedRuntime.r
}

// nodeWrites are one node's writes, in order.
type nodeWrites [][2]any

// crateStep is a step of nodes, or a new run with its input.
type crateStep struct {
	Nodes []nodeWrites   `json:"nodes,omitempty"`
	Run   map[string]any `json:"run,omitempty"`
}

// crateCases are seeded random cases on the fixture's keys: up to eight
// steps of up to three nodes, each writing some of capped (numbers past
// the cap, negative ones), seen (items of three ids) and status, and now
// and then a new run whose input seeds some keys.
func crateCases(seed uint64, n int) [][]crateStep {
	r := rand.New(rand.NewPCG(seed, 36))
	item := func() map[string]any {
		return map[string]any{"id": string(rune('a' + r.IntN(3))), "text": fmt.Sprint("t", r.IntN(100))}
	}
	cases := make([][]crateStep, n)
	for i := range cases {
		steps := make([]crateStep, 1+r.IntN(8))
		for s := range steps {
			if s > 0 && r.IntN(5) == 0 {
				run := map[string]any{}
				for _, k := range r.Perm(3)[:r.IntN(3)] {
					switch k {
					case 0:
						run["capped"] = r.IntN(12)
					case 1:
						run["seen"] = []any{item()}
					case 2:
						run["status"] = fmt.Sprint("r", r.IntN(5))
					}
				}
				steps[s] = crateStep{Run: run}
				continue
			}
			nodes := make([]nodeWrites, 1+r.IntN(3))
			for j := range nodes {
				for _, k := range r.Perm(3)[:1+r.IntN(2)] {
					switch k {
					case 0:
						nodes[j] = append(nodes[j], [2]any{"capped", r.IntN(15) - 4})
					case 1:
						nodes[j] = append(nodes[j], [2]any{"seen", item()})
					case 2:
						nodes[j] = append(nodes[j], [2]any{"status", fmt.Sprint("s", r.IntN(5))})
					}
				}
			}
			steps[s] = crateStep{Nodes: nodes}
		}
		cases[i] = steps
	}
	return cases
}

// storeResults runs cases through the fixture crate's own StateStore
// (its tests/store.rs, with cargo test): the state after each step, or
// the store's refusal.
func storeResults(t *testing.T, cases [][]crateStep) [][]map[string]any {
	t.Helper()
	cargo := toolchain.Cargo(t)
	dir := t.TempDir()
	in, out := filepath.Join(dir, "cases.json"), filepath.Join(dir, "results.json")
	data, _ := json.Marshal(cases)
	if err := os.WriteFile(in, data, 0o644); err != nil {
		t.Fatal(err)
	}
	cache, err := CacheDir("")
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(cargo, "test", "--locked", "-q", "--test", "store")
	cmd.Dir = filepath.Join("testdata", "userkeys")
	// the program's target directory: the Awaken crates are built there
	cmd.Env = append(os.Environ(), "CARGO_TARGET_DIR="+filepath.Join(cache, "target"), "SCENARIO_CASES="+in, "SCENARIO_RESULTS="+out)
	if b, err := cmd.CombinedOutput(); err != nil {
		toolchain.CargoBuilt(t, fmt.Errorf("cargo test in testdata/userkeys: %v\n%s", err, b))
		return nil
	}
	var res [][]map[string]any
	data, err = os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &res); err != nil {
		t.Fatal(err)
	}
	return res
}

// TestCrateAgreesWithItsStore: seeded random cases on the fixture crate's
// own keys give, through the harness (a scenario on the crate, the
// engine and the program built with it), exactly the states the crate's
// own StateStore gives, and a refusal where it refuses.
func TestCrateAgreesWithItsStore(t *testing.T) {
	n := 300
	if *casesFlag > 0 {
		n = *casesFlag
	}
	rt := runtimeFor(t)
	cases := crateCases(36, n)
	want := storeResults(t, cases)
	if len(want) != len(cases) {
		t.Fatalf("the store answered %d cases of %d", len(want), len(cases))
	}
	steps, refused, runs := 0, 0, 0
	for i, c := range cases {
		g, err := engine.New(nil, engine.Options{Profile: Profile, Graph: userkeys, Runtimes: []engine.Runtime{rt}})
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Invoke("t", map[string]any{}); err != nil {
			t.Fatalf("case %d: input: %v", i, err)
		}
		for s, st := range c {
			w := want[i][s]
			if st.Run != nil {
				runs++
				if err := g.Invoke("t", st.Run); err != nil {
					t.Fatalf("case %d step %d: run %v: the store seeded it, the harness refused: %v", i, s, st.Run, err)
				}
				if got := roundTrip(t, g.State("t")); !reflect.DeepEqual(got, w["values"]) {
					t.Fatalf("case %d step %d: run %v:\n harness %v\n store   %v", i, s, st.Run, got, w["values"])
				}
				continue
			}
			nodes := st.Nodes
			var outs []engine.NodeOutput
			for j, w := range nodes {
				m := map[string]any{}
				for _, kv := range w {
					m[kv[0].(string)] = kv[1]
				}
				outs = append(outs, engine.NodeOutput{Node: fmt.Sprint("n", j), Output: m})
			}
			err := g.Step("t", outs)
			steps++
			if e, ok := w["error"].(string); ok {
				refused++
				if engine.CodeOf(err) != engine.ExclusiveMergeConflict || !strings.HasPrefix(e, "ParallelMergeConflict") {
					t.Fatalf("case %d step %d %v: the store refused (%s), the harness: %v", i, s, nodes, e, err)
				}
				continue
			}
			if err != nil {
				t.Fatalf("case %d step %d %v: the store committed %v, the harness refused: %v", i, s, nodes, w["values"], err)
			}
			got := roundTrip(t, g.State("t"))
			if !reflect.DeepEqual(got, w["values"]) {
				t.Fatalf("case %d step %d %v:\n harness %v\n store   %v", i, s, nodes, got, w["values"])
			}
		}
		g.Close()
	}
	t.Logf("%d cases: %d steps (%d refused by both) and %d new runs, agree", len(cases), steps, refused, runs)
}

func roundTrip(t *testing.T, v any) any {
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var out any
	json.Unmarshal(data, &out)
	return out
}

// TestCrateUpdateWithoutDeserialize: a key whose Update has no
// Deserialize builds; a write to it fails, naming the key, its Update
// type and what to derive.
func TestCrateUpdateWithoutDeserialize(t *testing.T) {
	rt := runtimeFor(t)
	g, err := engine.New(nil, engine.Options{Profile: Profile, Graph: "runtimes/awaken/testdata/noserde/Cargo.toml:StatePlugin", Runtimes: []engine.Runtime{rt}})
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	if err := g.Invoke("t", map[string]any{}); err != nil {
		t.Fatal(err)
	}
	err = g.Step("t", []engine.NodeOutput{{Node: "a", Output: map[string]any{"tally": 1}}})
	t.Log(err)
	for _, want := range []string{`"tally"`, "noserde::Tally", "noserde::TallyUpdate", "#[derive(serde::Deserialize)]"} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("error %v, want it to say %s", err, want)
		}
	}
}

// TestReadCrate: a crate's key types are found by their impls, with their
// paths from the crate's root; a reference that is not a crate's says
// what one looks like.
func TestReadCrate(t *testing.T) {
	c, err := ReadCrate(toolchain.RepoRoot(), userkeys)
	if err != nil {
		t.Fatal(err)
	}
	var paths []string
	for _, k := range c.Keys {
		paths = append(paths, k.Path)
	}
	if got := strings.Join(paths, " "); c.Package != "userkeys" || c.Plugin != "StatePlugin" || got != "CappedCount Seen Status" {
		t.Errorf("crate %s, plugin %s, keys %s", c.Package, c.Plugin, got)
	}
	for ref, want := range map[string]string{
		"runtimes/awaken/testdata/userkeys/Cargo.toml:my::Plugin": `write it with "." for "::"`,
		"runtimes/awaken/testdata/none/Cargo.toml:StatePlugin":    "cannot read the crate's manifest",
	} {
		if _, err := ReadCrate(toolchain.RepoRoot(), ref); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", ref, err, want)
		}
	}
}

// TestCrateExplain: a build that cargo failed on a key type's path leads
// with that key, its file and the fix; any other failure keeps cargo's
// words first.
func TestCrateExplain(t *testing.T) {
	c := &Crate{Package: "my-agent", Plugin: "StatePlugin", Keys: []CrateKey{{Path: "state::Capped", File: "src/state.rs"}, {Path: "Seen", File: "src/lib.rs"}}}
	err := c.explain(fmt.Errorf("awaken: cargo could not build\nerror[E0603]: module `state` is private\n  crate::user_key!(::%s::state::Capped),", depName))
	if msg := err.Error(); !strings.HasPrefix(msg, "awaken: the crate my-agent's key types state::Capped (src/state.rs) may not be reachable") || strings.Contains(msg, "Seen (") || !strings.Contains(msg, "pub use") {
		t.Errorf("explain: %s", msg)
	}
	other := fmt.Errorf("awaken: cargo could not build\nerror: no matching package named `serde_jsn`")
	if got := c.explain(other); got != other {
		t.Errorf("a failure that names no key is cargo's as it is: %v", got)
	}
}

// TestCrateHash: the crate's program is cached by the crate's .rs files,
// Cargo.toml and Cargo.lock (with the runtime's own source): a change to
// one builds anew, a change elsewhere in the crate (a feature, target/)
// does not.
func TestCrateHash(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) {
		p := filepath.Join(dir, filepath.FromSlash(name))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("Cargo.toml", "[package]\nname = \"a\"\n")
	write("src/lib.rs", "pub struct K;\nimpl StateKey for K {\n}\n")
	hash := func() string {
		c, err := ReadCrate(dir, "Cargo.toml:StatePlugin")
		if err != nil {
			t.Fatal(err)
		}
		p, err := c.program()
		if err != nil {
			t.Fatal(err)
		}
		return p.hash
	}
	h := hash()
	write("features/a.feature", "Feature: a\n")
	write("target/debug/x.rs", "changed")
	if hash() != h {
		t.Errorf("a feature or target/ changed the crate's program")
	}
	for _, f := range []string{"src/lib.rs", "Cargo.lock", "Cargo.toml"} {
		write(f, "[package]\nname = \"a\"\n// "+f+"\npub struct K;\nimpl StateKey for K {\n}\n")
		if n := hash(); n == h {
			t.Errorf("a change to %s kept the crate's program", f)
		} else {
			h = n
		}
	}
}

// TestPackageNameReadsTOMLAsCargoDoes: the package name is read from the
// ways TOML lets a Cargo.toml write it (a comment after it, a literal
// string, a comment after the table's header), and only from [package].
func TestPackageNameReadsTOMLAsCargoDoes(t *testing.T) {
	for manifest, want := range map[string]string{
		"[package]\nname = \"agent\"\n":                       "agent",
		"[package]\nname = \"agent\" # the team's agent\n":    "agent",
		"[package]\nname = 'agent'\n":                         "agent",
		"[package] # the crate\nname=\"agent\"\n":             "agent",
		"[ package ]\nname = \"agent\"\n":                     "agent",
		"[package.metadata.x]\nname = \"other\"\n":            "",
		"[dependencies]\nname = \"other\"\n[package]\n":       "",
		"[package]\nversion = \"0.1.0\"\n[lib]\nname = \"x\"": "",
	} {
		if got := packageName([]byte(manifest)); got != want {
			t.Errorf("%q: package %q, want %q", manifest, got, want)
		}
	}
}

// TestCrateKeysNameTheirModules: a key's path is its file's module from
// the crate's root, a module whose name ends in "lib" (src/keylib.rs)
// included.
func TestCrateKeysNameTheirModules(t *testing.T) {
	dir := t.TempDir()
	for name, text := range map[string]string{
		"src/lib.rs":         "pub mod keylib;\npub mod state;\nimpl StateKey for Top {}\n",
		"src/keylib.rs":      "impl StateKey for Seen {}\n",
		"src/state/mod.rs":   "pub mod inner;\nimpl StateKey for Status {}\n",
		"src/state/inner.rs": "impl StateKey for Count {}\n",
		"src/state/calib.rs": "impl StateKey for Level {}\n",
	} {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	keys, err := crateKeys(dir)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, k := range keys {
		got = append(got, k.Path)
	}
	if want := "Top keylib::Seen state::Status state::calib::Level state::inner::Count"; strings.Join(got, " ") != want {
		t.Errorf("keys %q, want %q", strings.Join(got, " "), want)
	}
}
