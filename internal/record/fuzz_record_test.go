package record

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stateharness/scenario/internal/runner"
	"github.com/stateharness/scenario/internal/suite"
)

// FuzzRecordWritesWhatLoads: whatever record writes, the suite loads and
// scenario check passes, on the built-in engine (a run record refuses is
// fine; one it writes that the suite cannot run is not).
func FuzzRecordWritesWhatLoads(f *testing.F) {
	f.Add("a run", "agent", "log", "hello", []byte{3, 1, 2, 0, 5, 4, 4, 2})
	f.Add("Ünïcode run ☃", "nöde \\ x", "clé", "a \"\"\" b ```", []byte{1, 7, 200, 9, 5, 5, 1})
	f.Add("long", "n", "k", strings.Repeat("x", 100), []byte{4, 6, 255, 255, 6, 255})
	f.Add("nested", "a", "b", "\u2028\t\x00", []byte{2, 129, 4, 5, 4, 5, 0, 1, 2, 3})
	f.Add("en suite", "agent", "log", "x", []byte{3, 1, 2, 0, 5, 4, 4, 1})
	f.Add("à la française", "agent", "log", "x", []byte{3, 1, 2, 0, 5, 4, 4, 2})
	f.Fuzz(func(t *testing.T, name, node, key, val string, shape []byte) {
		run := fuzzRun(node, key, val, shape)
		dir := t.TempDir()
		feature := "features/recorded/run.feature"
		if len(shape) > 2 {
			// a feature file to append to: a Background, a Rule, another language
			if existing := fuzzFeatures[int(shape[len(shape)-1])%len(fuzzFeatures)]; existing != "" {
				if err := os.MkdirAll(filepath.Join(dir, "features/recorded"), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(dir, feature), []byte(existing), 0o644); err != nil {
					t.Fatal(err)
				}
			}
		}
		_, err := Record(Options{Root: dir, Layout: layout, RunName: "run.jsonl", Run: strings.NewReader(run),
			Feature: feature, Name: name, EveryStep: len(shape) > 0 && shape[0]&128 != 0})
		if err != nil {
			return
		}
		content := read(t, dir, feature)
		if _, err := suite.Load(dir, layout, []string{feature}); err != nil {
			t.Fatalf("record wrote what the suite does not load: %v\nrun:\n%s\nfeature:\n%s", err, run, content)
		}
		var out bytes.Buffer
		res, err := runner.Run(runner.Config{Root: dir, Check: true, Runtime: "builtin", Format: "progress", NoColor: true, Output: &out})
		if err != nil || res.Status != 0 || len(res.Orphans) > 0 {
			t.Fatalf("check of what record wrote: %v, %+v\n%s\nrun:\n%s\nfeature:\n%s", err, res, out.String(), run, content)
		}
	})
}

var fuzzFeatures = []string{
	"",
	"Feature: mine\n\n  Background:\n    Given the \"langgraph\" profile\n\n  Scenario: kept\n    Given an empty input state\n",
	"# language: fr\nFonctionnalité: la mienne\n\n  Contexte:\n    Soit the \"langgraph\" profile\n\n  Règle: r\n\n    Scénario: gardé\n      Soit an empty input state\n",
	"",
}

// fuzzRun builds a streamed run, [mode, chunk] lines, from the fuzzer's
// strings and shape: supersteps of one or two nodes that write values
// (nested, long, unicode) which replace the state's.
func fuzzRun(node, key, val string, shape []byte) string {
	i := 0
	next := func() int {
		if i >= len(shape) {
			return 0
		}
		i++
		return int(shape[i-1])
	}
	keys := []string{key, key + "2", node, "n", val}
	nodes := []string{node, node + "b", "a", key}
	var value func(depth int) any
	value = func(depth int) any {
		switch next() % 8 {
		case 0:
			return val
		case 1:
			return next() - 100
		case 2:
			return next()%2 == 0
		case 3:
			return nil
		case 4:
			if depth > 3 {
				return val
			}
			a := []any{}
			for range next() % 4 {
				a = append(a, value(depth+1))
			}
			return a
		case 5:
			if depth > 3 {
				return val
			}
			m := map[string]any{}
			for range next() % 4 {
				m[keys[next()%len(keys)]] = value(depth + 1)
			}
			return m
		case 6:
			// long enough to pass a line's 64 KiB, no longer
			return strings.Repeat(val, min(next()*4, 70000/max(len(val), 1)+1))
		default:
			return float64(next()) / 8
		}
	}
	line := func(b *strings.Builder, mode string, chunk any) {
		data, err := json.Marshal([]any{mode, chunk})
		if err != nil {
			panic(err)
		}
		b.Write(data)
		b.WriteByte('\n')
	}
	var b strings.Builder
	state := map[string]any{}
	for range next() % 3 {
		state[keys[next()%len(keys)]] = value(0)
	}
	line(&b, "values", state)
	for range next()%5 + 1 {
		merged := map[string]any{}
		for k, v := range state {
			merged[k] = v
		}
		written := map[string]bool{} // two nodes of a step write different keys
		for n := range next()%2 + 1 {
			writes := map[string]any{}
			for range next()%2 + 1 {
				k := keys[next()%len(keys)]
				if written[k] {
					continue
				}
				written[k] = true
				writes[k] = value(0)
				merged[k] = writes[k]
			}
			line(&b, "updates", map[string]any{nodes[(n+next())%len(nodes)]: writes})
		}
		state = merged
		line(&b, "values", state)
	}
	return b.String()
}
