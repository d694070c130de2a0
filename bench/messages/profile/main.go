// Command profile runs the code path of the messages benchmark's scenario in
// one process, phase by phase, and says where the time goes: reading and
// decoding the two scenario files, the input run (current through the
// messages reducer), the node step (the merge), canonical encoding of the
// state, and the golden comparison. It is what `scenario run` does for
// merge.feature, minus godog and the step plumbing.
//
//	go run ./bench/messages/profile -root /tmp/suite -n 10 -cpuprofile /tmp/cpu.pprof
//	go tool pprof -tags /tmp/cpu.pprof      # samples per phase
//	go tool pprof -top /tmp/cpu.pprof       # per function
//
// The golden file must exist (bench/messages/run.sh creates it with
// `scenario update`).
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"sort"
	"time"

	"github.com/stateharness/scenario/engine"
	"github.com/stateharness/scenario/internal/goldenfile"
	"github.com/stateharness/scenario/internal/jsonv"
)

// The phases, in order.
var phases = []string{
	"1 read+decode current.json",
	"2 read+decode incoming.json",
	"3 schema, graph, input run (reducer over current)",
	"4 node step (reducer: merge incoming)",
	"5 canonical encode compared with the golden file",
}

type sample struct {
	wall                time.Duration
	allocBytes, mallocs uint64
}

func main() {
	root := flag.String("root", "", "suite root holding scenarios/ and golden/ (required)")
	n := flag.Int("n", 10, "iterations")
	cpuprofile := flag.String("cpuprofile", "", "write a CPU profile, labelled by phase, to this file")
	flag.Parse()
	if *root == "" || *n < 1 {
		flag.Usage()
		os.Exit(2)
	}
	golden := filepath.Join(*root, "golden", "merge", "merge-10k-messages-into-100k.json")
	if *cpuprofile != "" {
		f, err := os.Create(*cpuprofile)
		if err != nil {
			fail(err)
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			fail(err)
		}
		defer func() {
			pprof.StopCPUProfile()
			f.Close()
		}()
	}

	results := make([][]sample, len(phases))
	totals := make([]time.Duration, 0, *n)
	for it := 0; it < *n; it++ {
		runtime.GC()
		var (
			cur, in any
			g       *engine.Graph
		)
		steps := []func() error{
			func() (err error) { cur, err = decode(filepath.Join(*root, "scenarios", "current.json")); return },
			func() (err error) { in, err = decode(filepath.Join(*root, "scenarios", "incoming.json")); return },
			func() error {
				schema, err := engine.SchemaFromValue(map[string]any{"fields": map[string]any{
					"messages": map[string]any{"type": "array", "default": []any{}, "reducer": "messages"},
				}})
				if err != nil {
					return err
				}
				if g, err = engine.New(schema, engine.Options{}); err != nil {
					return err
				}
				return g.Invoke("main", engine.Checked{Value: cur}) // as the steps hand decoded values over
			},
			func() error { return g.Node("main", "agent", engine.Checked{Value: in}) },
			func() error {
				// as the steps do: the encoding is compared piece by piece
				state := mapAny(g.State("main"))
				if !goldenfile.Matches(golden, func(w io.Writer) error { return jsonv.EncodeTo(w, state) }) {
					return fmt.Errorf("%s: the state does not match the golden file", golden)
				}
				return nil
			},
		}
		var total time.Duration
		for i, step := range steps {
			s, err := measure(phases[i], step)
			if err != nil {
				fail(fmt.Errorf("%s: %w", phases[i], err))
			}
			results[i] = append(results[i], s)
			total += s.wall
		}
		totals = append(totals, total)
	}

	// The first iteration runs on a fresh heap, as `scenario run` does in a
	// new process (page faults, GC while the heap grows); the later ones
	// reuse the memory the first one got from the OS.
	fmt.Printf("%-52s %10s %10s %10s %10s\n", "phase", "cold ms", "warm ms", "MB alloc", "allocs")
	var cold, warm time.Duration
	for i, name := range phases {
		first := results[i][0]
		w := time.Duration(0)
		if len(results[i]) > 1 {
			walls := make([]time.Duration, 0, len(results[i])-1)
			for _, s := range results[i][1:] {
				walls = append(walls, s.wall)
			}
			w = median(walls)
		}
		cold += first.wall
		warm += w
		fmt.Printf("%-52s %10.1f %10.1f %10.1f %10d\n", name, ms(first.wall), ms(w), float64(first.allocBytes)/(1<<20), first.mallocs)
	}
	fmt.Printf("%-52s %10.1f %10.1f\n", "total (warm: sum of medians)", ms(cold), ms(warm))
	if len(totals) > 1 {
		fmt.Printf("warm totals over %d iterations: median %.1f ms, min %.1f ms\n", len(totals)-1, ms(median(totals[1:])), ms(minDur(totals[1:])))
	}
}

// measure runs one phase under a pprof label and reports its wall time and
// allocations.
func measure(name string, f func() error) (sample, error) {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	start := time.Now()
	var err error
	pprof.Do(context.Background(), pprof.Labels("phase", name), func(context.Context) { err = f() })
	wall := time.Since(start)
	runtime.ReadMemStats(&after)
	return sample{wall: wall, allocBytes: after.TotalAlloc - before.TotalAlloc, mallocs: after.Mallocs - before.Mallocs}, err
}

// decode is what `returns from` and `the input state from` do with a .json file.
func decode(path string) (any, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return engine.DecodeJSONString(string(data), engine.Source{Name: filepath.Base(path), Line: 1})
}

func mapAny(m map[string]any) any { return m }

func median(ds []time.Duration) time.Duration {
	s := append([]time.Duration(nil), ds...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	return s[len(s)/2]
}

func minDur(ds []time.Duration) time.Duration {
	m := ds[0]
	for _, d := range ds {
		m = min(m, d)
	}
	return m
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

func fail(err error) {
	fmt.Fprintln(os.Stderr, "profile:", err)
	os.Exit(1)
}
