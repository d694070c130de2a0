// Command diff is a differential test of whole supersteps: the engine's
// built-in runtime against a real one (LangGraph JS by default).
//
// Each random, seeded case (internal/diffcase) is a schema under the
// langgraph or dawn profile, the first input of a new thread and, mostly,
// one superstep of 1–3 nodes returning scripted outputs (updates, commands,
// overwrites, falsy and invalid returns, messages). The engine runs it
// through its public API (Invoke, then Step); the runtime -runtime names
// runs the same commits on a session of its own, as the engine hands them
// to it under --runtime. Disagreements are shrunk, grouped by class and
// printed with a command that reproduces them.
//
//	go run ./bench/steps/diff -n 20000 -seed 1
//	go run ./bench/steps/diff -case '{"profile":"langgraph","fields":{"x":{}},"commits":[{"input":{"x":1}}]}'
//	go run ./bench/steps/diff -cases bench/steps/diff/classes.jsonl
//
// Run it from the repository root, or name it with -root: the runtime
// resolves @langchain/langgraph from the repository's node_modules.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"sort"
	"strings"

	"github.com/stateharness/scenario/internal/diffcase"
	"github.com/stateharness/scenario/runtimes"
	"github.com/stateharness/scenario/runtimes/langgraphjs"
	"github.com/stateharness/scenario/runtimes/langgraphpy"
)

func main() {
	n := flag.Int("n", 2000, "how many random cases")
	seed := flag.Int64("seed", 1, "random seed")
	from := flag.Int("from", 0, "index of the first random case (case i of a seed is the same whatever -n)")
	runtime := flag.String("runtime", langgraphjs.Name, "the runtime beside the built-in engine: "+strings.Join(runtimes.Names()[1:], ", ")+" (each on its own profile's cases)")
	root := flag.String("root", ".", "the repository root, whose node_modules holds the runtime's packages")
	nodeBin := flag.String("node", "", "the node binary (default: node on PATH)")
	given := flag.String("cases", "", "instead of random cases, run the cases of this file (one JSON case per line, # comments; - is stdin) and show both outcomes")
	one := flag.String("case", "", "instead of random cases, run this one JSON case and show both outcomes")
	budget := flag.Int("budget", 3000, "cases the shrinking of one class may run")
	out := flag.String("out", "", "write the minimal case of each class to this file, one per line")
	lib := flag.String("lib", "", "python: judge langgraph-py cases by the real LangGraph Python (langgraph_python.py) instead of a runtime")
	messages := flag.Bool("messages", false, "with -lib python or -runtime langgraph-py, cases of the messages reducer on its own")
	python := flag.String("python", "", "with -lib python, -runtime langgraph-py or -runtime llmfy, the Python that has langgraph or llmfy (default .venv/bin/python, else python3)")
	flag.Parse()

	opts := Options{Runtime: *runtime, Seed: *seed, From: *from, N: *n, Budget: *budget}
	var other Side
	var stop func()
	switch {
	case *lib == "":
		rt, stopRT, err := OpenRuntime(*runtime, *root, *nodeBin, *python)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		other, stop = OnRuntime(rt), stopRT
		opts.Cases = runtimeCases[*runtime]
		if *messages && *runtime == langgraphpy.Name {
			opts.Cases = &pythonMessagesCases
		}
	case *lib == "python":
		var err error
		other, stop, err = StartPython(*python, "bench/steps/diff/langgraph_python.py")
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		opts.Runtime, opts.Cases = "langgraph-python", &pythonCases
		if *messages {
			opts.Cases = &pythonMessagesCases
		}
	default:
		fmt.Fprintf(os.Stderr, "-lib %q: the only library judged by a script is python\n", *lib)
		os.Exit(2)
	}
	os.Exit(run(other, stop, *given, *one, *out, opts))
}

// run runs the given cases or the random ones and stops the other side;
// its result is the exit status.
func run(other Side, stop func(), given, one, out string, opts Options) int {
	defer stop()
	if given != "" || one != "" {
		code, err := runGiven(other, opts.Runtime, given, one)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 2
		}
		return code
	}
	rep, err := Run(other, opts)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	rep.Print(os.Stdout)
	if out != "" {
		if err := rep.WriteCases(out); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 2
		}
	}
	if rep.Disagreements > 0 {
		return 1
	}
	return 0
}

// Options select the random cases of a run.
type Options struct {
	// Runtime names the other side in the report.
	Runtime  string
	Seed     int64
	From, N  int
	Budget   int // cases the shrinking of one class may run; 0 skips shrinking
	Progress io.Writer
	// Cases are the random cases' options; nil is the bench's own (cases).
	Cases *diffcase.Options
}

// caseAt is the i-th random case of the run's seed.
func (o Options) caseAt(i int) diffcase.Case {
	if o.Cases != nil {
		return diffcase.Generate(o.Seed, i, *o.Cases)
	}
	return CaseAt(o.Seed, i)
}

// Report is what a run found.
type Report struct {
	Options
	Outcomes      map[string]int // "engine kind / runtime kind"
	Features      map[string]int
	Disagreements int
	// Skipped counts the cases the engine failed by a rule of its own
	// (types, readonly), which the runtime leaves to the harness.
	Skipped int
	Classes []*Class // most frequent first
}

// Class is one way of disagreeing: how many cases, and its smallest case.
type Class struct {
	Key        string
	Count      int
	Index      int // the first case of the class
	Case       diffcase.Case
	Eng, Other Outcome
}

// cases are the bench's: an input and mostly one step, 3 in 4 under the
// langgraph profile, the others under dawn.
var cases = diffcase.Options{Profiles: map[string]int{"langgraph": 3, "dawn": 1}}

// CaseAt is the i-th random case of a seed, whatever cases come before it.
func CaseAt(seed int64, i int) diffcase.Case {
	return diffcase.Generate(seed, i, cases)
}

// Run generates and runs cases on the engine and the other side, compares,
// and shrinks the first case of each disagreement class.
func Run(other Side, opts Options) (*Report, error) {
	rep := &Report{Options: opts, Outcomes: map[string]int{}, Features: map[string]int{}}
	classes := map[string]*Class{}
	// the class each ClassKey of an unshrunk case shrank to
	shrunk := map[string]*Class{}
	const chunk = 500
	for start := opts.From; start < opts.From+opts.N; start += chunk {
		end := min(start+chunk, opts.From+opts.N)
		for i := start; i < end; i++ {
			c := opts.caseAt(i)
			eng, oth := RunEngine(c), other(c)
			rep.Outcomes[eng.kind()+" / "+oth.kind()]++
			for _, f := range Features(c) {
				rep.Features[f]++
			}
			if Skipped(eng) {
				rep.Skipped++
				continue
			}
			key := ClassKey(c, eng, oth)
			if key == "" {
				continue
			}
			rep.Disagreements++
			if cl := shrunk[key]; cl != nil {
				cl.Count++
				continue
			}
			small := c
			if opts.Budget > 0 {
				small = Shrink(c, BroadKey(eng, oth), other, opts.Budget)
			}
			se, so := RunEngine(small), other(small)
			final := ClassKey(small, se, so)
			cl := classes[final]
			if cl == nil {
				cl = &Class{Key: final, Index: i, Case: small, Eng: se, Other: so}
				classes[final] = cl
			}
			cl.Count++
			shrunk[key] = cl
		}
		if opts.Progress != nil {
			fmt.Fprintf(opts.Progress, "%d cases, %d disagreements in %d classes\n", end-opts.From, rep.Disagreements, len(classes))
		}
	}
	for _, cl := range classes {
		rep.Classes = append(rep.Classes, cl)
	}
	sort.Slice(rep.Classes, func(i, j int) bool {
		a, b := rep.Classes[i], rep.Classes[j]
		if a.Count != b.Count {
			return a.Count > b.Count
		}
		return a.Key < b.Key
	})
	return rep, nil
}

// Print writes the counts and the classes.
func (r *Report) Print(w io.Writer) {
	fmt.Fprintf(w, "cases: %d (seed %d, from %d)\n", r.N, r.Seed, r.From)
	fmt.Fprintf(w, "\noutcomes (engine / %s):\n", r.Runtime)
	for _, k := range slices.Sorted(maps.Keys(r.Outcomes)) {
		fmt.Fprintf(w, "  %6d  %s\n", r.Outcomes[k], k)
	}
	fmt.Fprintf(w, "\ncases that exercise:\n")
	for _, k := range slices.Sorted(maps.Keys(r.Features)) {
		fmt.Fprintf(w, "  %6d  %s\n", r.Features[k], k)
	}
	fmt.Fprintf(w, "\nskipped (the engine failed by a rule of its own, docs/reference.md, Runtimes): %d\n", r.Skipped)
	fmt.Fprintf(w, "disagreements: %d in %d classes\n", r.Disagreements, len(r.Classes))
	for i, cl := range r.Classes {
		fmt.Fprintf(w, "\n== class %d: %d× %s\n", i+1, cl.Count, cl.Key)
		lw := labelWidth(r.Runtime)
		fmt.Fprintf(w, "  %-*s case %d of seed %d (go run ./bench/steps/diff -seed %d -from %d -n 1)\n", lw, "first seen:", cl.Index, r.Seed, r.Seed, cl.Index)
		fmt.Fprintf(w, "  %-*s %s\n", lw, "minimal:", cl.Case.JSON())
		fmt.Fprintf(w, "  %-*s %s\n", lw, "engine:", cl.Eng)
		fmt.Fprintf(w, "  %-*s %s\n", lw, r.Runtime+":", cl.Other)
		fmt.Fprintf(w, "  %-*s go run ./bench/steps/diff -case %s\n", lw, "reproduce:", shellQuote(cl.Case.JSON()))
	}
}

// WriteCases writes the minimal case of each class, one per line, each
// after a comment naming its class.
func (r *Report) WriteCases(path string) error {
	var b strings.Builder
	for _, cl := range r.Classes {
		fmt.Fprintf(&b, "# %s\n%s\n", strings.ReplaceAll(cl.Key, "\n", " "), cl.Case.JSON())
	}
	return os.WriteFile(path, []byte(b.String()), 0o644)
}

// labelWidth is the width of the labels of a class's lines, the runtime's
// name among them.
func labelWidth(runtime string) int { return max(len("first seen:"), len(runtime)+1) }

func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// runGiven runs the cases of a file (or one case) and shows both outcomes.
func runGiven(other Side, name, path, one string) (int, error) {
	var texts []string
	if one != "" {
		texts = append(texts, one)
	} else {
		f := os.Stdin
		if path != "-" {
			var err error
			if f, err = os.Open(path); err != nil {
				return 2, err
			}
			defer f.Close()
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 1<<20), 1<<26)
		for sc.Scan() {
			line := strings.TrimSpace(sc.Text())
			if line != "" && !strings.HasPrefix(line, "#") {
				texts = append(texts, line)
			}
		}
		if err := sc.Err(); err != nil {
			return 2, err
		}
	}
	code := 0
	for _, text := range texts {
		c, err := diffcase.ParseCase(text)
		if err != nil {
			return 2, fmt.Errorf("%s: %v", text, err)
		}
		eng, l := RunEngine(c), other(c)
		verdict := "agree"
		if Skipped(eng) {
			verdict = "skipped: the engine failed by a rule of its own"
		} else if key := ClassKey(c, eng, l); key != "" {
			verdict, code = "DISAGREE: "+key, 1
		}
		w := labelWidth(name)
		fmt.Printf("%s\n  %-*s %s\n  %-*s %s\n  %-*s %s\n", verdict, w, "case:", c.JSON(), w, "engine:", eng, w, name+":", l)
	}
	return code, nil
}
