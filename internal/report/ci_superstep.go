package report

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// What the CI reports say of a whole-graph run (docs/reference.md,
// Whole-graph runs): a JUnit testcase's system-out lists each run, one
// line per superstep ("2: tools -> agent"); a failure of a scenario that
// runs its graph whole names the superstep it is about.

// runLine is one superstep as the CI reports write it: its number, the
// nodes that ran (in name order, as `Then the steps should be:` lists
// them) and where the graph went: the next nodes, "END", or the
// interrupts that stopped it.
func runLine(s Superstep) string {
	nodes := make([]string, len(s.Tasks))
	for i, t := range s.Tasks {
		nodes[i] = t.Node
	}
	slices.Sort(nodes)
	return fmt.Sprintf("%d: %s -> %s", s.Index, strings.Join(nodes, ", "), routeOf(s))
}

// routeOf is where the graph went after s.
func routeOf(s Superstep) string {
	next := strings.Join(s.Next, ", ")
	if len(s.Interrupts) == 0 {
		if next == "" {
			return "END"
		}
		return next
	}
	var at []string
	for _, in := range s.Interrupts {
		at = append(at, strings.TrimSpace(in.ID+" at "+in.Node))
	}
	if next == "" {
		return "interrupted (" + strings.Join(at, ", ") + ")"
	}
	return next + " (interrupted: " + strings.Join(at, ", ") + ")"
}

// writeRun writes ss one line per superstep, at most maxRunLines of them, a subgraph's inner supersteps indented
// under it and named by their node ("  review 1: draft -> check").
func writeRun(b *strings.Builder, ss []Superstep, indent, prefix string) {
	for i, s := range ss {
		if i == maxRunLines {
			fmt.Fprintf(b, "%s... and %d more supersteps\n", indent, len(ss)-i)
			return
		}
		b.WriteString(indent + prefix + runLine(s) + "\n")
		for _, t := range s.Tasks {
			if len(t.Steps) > 0 {
				writeRun(b, t.Steps, indent+"  ", t.Node+" ")
			}
		}
	}
}

// maxRunLines is how many supersteps of one run the CI reports list.
const maxRunLines = 200

// runsSummary is the case's whole-graph runs for a JUnit system-out: per
// run, the step that ran it, then its supersteps; "" when the case ran
// none.
func runsSummary(k *Case, file string) string {
	var b strings.Builder
	for _, st := range k.Steps {
		if len(st.Supersteps) == 0 {
			continue
		}
		fmt.Fprintf(&b, "whole-graph run at %s:%d (%s):\n", file, st.Pos.Line, st.Text)
		writeRun(&b, st.Supersteps, "", "")
	}
	return b.String()
}

// superstepNamed finds "superstep N" in a failure's message: the step
// library's whole-graph errors name the superstep so (SPEC, Whole-graph
// runs: "each an error naming the superstep").
var superstepNamed = regexp.MustCompile(`\bsuperstep (\d+)\b`)

// runPlace is the superstep a failure of a whole-graph scenario is about:
// Index, and Line the superstep's line (runLine) when the run that has it
// was recorded.
type runPlace struct {
	Index int
	Line  string
}

// String is the place as a failure names it: "superstep 3: agent ->
// END", or "superstep 3" when the run was not recorded.
func (p runPlace) String() string {
	if p.Line == "" {
		return "superstep " + strconv.Itoa(p.Index)
	}
	return "superstep " + p.Line
}

// placeOf is the superstep a failing step of k is about: the one its error
// names, else the last superstep of the run it follows; false for a step
// that names no superstep in a case that ran no graph whole. The run is
// the step's own, else, for a step that asserts on it (not a run of its
// own that failed unrecorded), the case's last run before the step.
func placeOf(k *Case, st *Step, err error) (runPlace, bool) {
	run := st.Supersteps
	if len(run) == 0 && !runsGraph(st.Text) {
		for i := range k.Steps {
			if &k.Steps[i] == st {
				break
			}
			if len(k.Steps[i].Supersteps) > 0 {
				run = k.Steps[i].Supersteps
			}
		}
	}
	if err != nil {
		if m := superstepNamed.FindStringSubmatch(err.Error()); m != nil {
			n, _ := strconv.Atoi(m[1])
			p := runPlace{Index: n}
			for _, s := range run {
				if s.Index == n {
					p.Line = runLine(s)
				}
			}
			return p, true
		}
	}
	if len(run) == 0 {
		return runPlace{}, false
	}
	last := run[len(run)-1]
	return runPlace{Index: last.Index, Line: runLine(last)}, true
}

// runsGraph says whether a step's text is one of the steps that run the
// graph whole (When the graph runs ..., When the graph resumes ...).
func runsGraph(text string) bool {
	return strings.HasPrefix(text, "the graph runs") || strings.HasPrefix(text, "the graph resumes")
}
