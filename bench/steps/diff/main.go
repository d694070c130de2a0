// Command diff is a differential test of whole supersteps: the engine
// against the real LangGraph JS.
//
// Each random, seeded case is a schema under the langgraph or dawn profile,
// the first input of a new thread and, mostly, one superstep of 1–3 nodes
// returning scripted outputs (updates, commands, overwrites, falsy and
// invalid returns, messages). The engine runs it through its public API
// (Invoke, then Step); langgraph.mjs builds a real StateGraph in one node
// process and runs the same superstep. Disagreements are shrunk, grouped by
// class and printed with a command that reproduces them.
//
//	go run ./bench/steps/diff -n 20000 -seed 1
//	go run ./bench/steps/diff -case '{"profile":"langgraph","fields":{"x":{}},"input":{"x":1}}'
//	go run ./bench/steps/diff -cases bench/steps/diff/classes.jsonl
//
// Run it from the repository root: langgraph.mjs resolves
// @langchain/langgraph from the repository's node_modules.
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
)

func main() {
	n := flag.Int("n", 2000, "how many random cases")
	seed := flag.Int64("seed", 1, "random seed")
	from := flag.Int("from", 0, "index of the first random case (case i of a seed is the same whatever -n)")
	lib := flag.String("lib", "js", "the library that judges: js (LangGraph JS, profiles langgraph and dawn) or python (LangGraph Python, profile langgraph-py)")
	script := flag.String("script", "", "the LangGraph side (default bench/steps/diff/langgraph.mjs, or langgraph_python.py with -lib python)")
	nodeBin := flag.String("node", "node", "the node binary")
	messages := flag.Bool("messages", false, "with -lib python, cases of the messages reducer on its own")
	pythonBin := flag.String("python", "", "with -lib python, the Python that has langgraph (default .venv/bin/python, else python3)")
	nodePath := flag.String("node-path", "", "NODE_PATH for the script (default: resolve from the script's place, i.e. the repository's node_modules)")
	given := flag.String("cases", "", "instead of random cases, run the cases of this file (one JSON case per line, # comments; - is stdin) and show both outcomes")
	one := flag.String("case", "", "instead of random cases, run this one JSON case and show both outcomes")
	budget := flag.Int("budget", 3000, "cases the shrinking of one class may run")
	out := flag.String("out", "", "write the minimal case of each class to this file, one per line")
	flag.Parse()

	bin := *nodeBin
	switch *lib {
	case "js":
		if *script == "" {
			*script = "bench/steps/diff/langgraph.mjs"
		}
	case "python":
		if *script == "" {
			*script = "bench/steps/diff/langgraph_python.py"
		}
		bin = *pythonBin
		if bin == "" {
			bin = defaultPython()
		}
	default:
		fmt.Fprintf(os.Stderr, "-lib %q: expected js or python\n", *lib)
		os.Exit(2)
	}
	lg, err := StartLangGraph(bin, *script, *nodePath)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	defer lg.Close()

	if *given != "" || *one != "" {
		code, err := runGiven(lg, *given, *one)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			code = 2
		}
		lg.Close()
		os.Exit(code)
	}

	rep, err := Run(lg, Options{Lib: *lib, Messages: *messages, Seed: *seed, From: *from, N: *n, Budget: *budget})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		lg.Close()
		os.Exit(2)
	}
	rep.Print(os.Stdout)
	if *out != "" {
		if err := rep.WriteCases(*out); err != nil {
			fmt.Fprintln(os.Stderr, err)
			lg.Close()
			os.Exit(2)
		}
	}
	lg.Close()
	if rep.Disagreements > 0 {
		os.Exit(1)
	}
}

// Options select the random cases of a run.
type Options struct {
	// Lib is the library that judges: "js" (the default) or "python".
	Lib string
	// Messages: the messages reducer's cases (-lib python only).
	Messages bool
	Seed     int64
	From, N  int
	Budget   int // cases the shrinking of one class may run; 0 skips shrinking
	Progress io.Writer
}

// Report is what a run found.
type Report struct {
	Options
	Outcomes      map[string]int // "engine kind / langgraph kind"
	Features      map[string]int
	Disagreements int
	// Skipped counts the cases the engine failed by a rule of its own
	// (types, readonly), which LangGraph does not have.
	Skipped int
	Classes []*Class // most frequent first
}

// Class is one way of disagreeing: how many cases, and its smallest case.
type Class struct {
	Key     string
	Count   int
	Index   int // the first case of the class
	Case    diffcase.Case
	Eng, LG Outcome
}

// CaseAt is the i-th random case of a seed: each case has its own
// generator, so it does not depend on the cases before it.
func CaseAt(seed int64, i int) diffcase.Case {
	return diffcase.NewGenerator(seed*1_000_003 + int64(i)).Next()
}

// PythonCaseAt is the i-th random langgraph-py case of a seed.
func PythonCaseAt(seed int64, i int) diffcase.Case {
	return diffcase.NewGenerator(seed*1_000_003 + int64(i)).NextPython()
}

// caseAt is the i-th random case of a seed for the run's library.
func (o Options) caseAt(i int) diffcase.Case {
	if o.Lib == "python" && o.Messages {
		return diffcase.NewGenerator(o.Seed*1_000_003 + int64(i)).NextPythonMessages()
	}
	if o.Lib == "python" {
		return PythonCaseAt(o.Seed, i)
	}
	return CaseAt(o.Seed, i)
}

// defaultPython is the repository's .venv Python when there is one (.ci/run
// makes it from runtimes/langgraphpy/requirements.txt), else python3.
func defaultPython() string {
	if _, err := os.Stat(".venv/bin/python"); err == nil {
		return ".venv/bin/python"
	}
	return "python3"
}

// Run generates and runs cases, compares, and shrinks the first case of
// each disagreement class.
func Run(lg *LangGraph, opts Options) (*Report, error) {
	rep := &Report{Options: opts, Outcomes: map[string]int{}, Features: map[string]int{}}
	classes := map[string]*Class{}
	// the class each ClassKey of an unshrunk case shrank to
	shrunk := map[string]*Class{}
	const chunk = 500
	for start := opts.From; start < opts.From+opts.N; start += chunk {
		end := min(start+chunk, opts.From+opts.N)
		cases := make([]diffcase.Case, 0, end-start)
		for i := start; i < end; i++ {
			cases = append(cases, opts.caseAt(i))
		}
		lgs, err := lg.RunAll(cases)
		if err != nil {
			return nil, err
		}
		for j, c := range cases {
			eng := RunEngine(c)
			rep.Outcomes[eng.kind()+" / "+lgs[j].kind()]++
			for _, f := range Features(c) {
				rep.Features[f]++
			}
			if Skipped(eng) {
				rep.Skipped++
				continue
			}
			key := ClassKey(c, eng, lgs[j])
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
				if small, err = Shrink(c, BroadKey(eng, lgs[j]), lg, opts.Budget); err != nil {
					return nil, err
				}
			}
			se := RunEngine(small)
			sl, err := lg.Run(small)
			if err != nil {
				return nil, err
			}
			final := ClassKey(small, se, sl)
			cl := classes[final]
			if cl == nil {
				cl = &Class{Key: final, Index: start + j, Case: small, Eng: se, LG: sl}
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
	fmt.Fprintf(w, "\noutcomes (engine / langgraph):\n")
	for _, k := range slices.Sorted(maps.Keys(r.Outcomes)) {
		fmt.Fprintf(w, "  %6d  %s\n", r.Outcomes[k], k)
	}
	fmt.Fprintf(w, "\ncases that exercise:\n")
	for _, k := range slices.Sorted(maps.Keys(r.Features)) {
		fmt.Fprintf(w, "  %6d  %s\n", r.Features[k], k)
	}
	fmt.Fprintf(w, "\nskipped (the engine failed by a rule of its own, SPEC §15): %d\n", r.Skipped)
	fmt.Fprintf(w, "disagreements: %d in %d classes\n", r.Disagreements, len(r.Classes))
	for i, cl := range r.Classes {
		fmt.Fprintf(w, "\n== class %d: %d× %s\n", i+1, cl.Count, cl.Key)
		fmt.Fprintf(w, "  first seen: case %d of seed %d (go run ./bench/steps/diff -seed %d -from %d -n 1)\n", cl.Index, r.Seed, r.Seed, cl.Index)
		fmt.Fprintf(w, "  minimal:    %s\n", cl.Case.JSON())
		fmt.Fprintf(w, "  engine:     %s\n", cl.Eng)
		fmt.Fprintf(w, "  langgraph:  %s\n", cl.LG)
		fmt.Fprintf(w, "  reproduce:  go run ./bench/steps/diff -case %s\n", shellQuote(cl.Case.JSON()))
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

func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// runGiven runs the cases of a file (or one case) and shows both outcomes.
func runGiven(lg *LangGraph, path, one string) (int, error) {
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
		eng := RunEngine(c)
		l, err := lg.Run(c)
		if err != nil {
			return 2, err
		}
		verdict := "agree"
		if Skipped(eng) {
			verdict = "skipped: the engine failed by a rule of its own"
		} else if key := ClassKey(c, eng, l); key != "" {
			verdict, code = "DISAGREE: "+key, 1
		}
		fmt.Printf("%s\n  case:       %s\n  engine:     %s\n  langgraph:  %s\n", verdict, c.JSON(), eng, l)
	}
	return code, nil
}
