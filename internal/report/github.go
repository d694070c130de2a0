package report

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
)

// --format github writes GitHub Actions annotations, which a workflow reads
// from the job's output and shows on the pull request's lines:
//
//	::error file=features/chat.feature,line=14,title=Scenario%3A the agent answers::READONLY_WRITE: ...
//
// one per failing scenario, at the line its failure names (the failing
// step, or the docstring line of a bad value), a failure about a
// whole-graph run naming its superstep, and under check one per
// orphan golden file at its first line. A missing or stale golden file is
// the failure of the scenario that read it: it is annotated once, there.

// annotation is one ::error workflow command.
type annotation struct {
	file      string
	line, col int
	title     string
	message   string
}

func (a annotation) String() string {
	var b strings.Builder
	b.WriteString("::error file=" + escapeProperty(a.file) + ",line=" + strconv.Itoa(a.line))
	if a.col > 0 {
		b.WriteString(",col=" + strconv.Itoa(a.col))
	}
	if a.title != "" {
		b.WriteString(",title=" + escapeProperty(a.title))
	}
	b.WriteString("::" + escapeData(a.message))
	return b.String()
}

// escapeData escapes a workflow command's message as the runner unescapes
// it (actions/toolkit's command.ts): %, CR and LF.
func escapeData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

// escapeProperty escapes a property value: also : and , which end it.
func escapeProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}

// annotations lists the run's annotations in the suite's order, then the
// golden files' problems. A failure is annotated where it points
// (Located): the failing step, or the docstring line of a bad value.
func annotations(run *Run, golden []GoldenProblem, base string) []annotation {
	var out []annotation
	for _, k := range run.Cases {
		st := failure(k.outcomes())
		if st == nil {
			continue
		}
		a := annotation{file: reportPath(run.Root, base, k.Scenario.Feature), line: st.step.Pos.Line, title: "Scenario: " + k.Name}
		if k.Scenario.Row > 0 {
			a.title += " (example row " + strconv.Itoa(k.Scenario.Row) + ")"
		}
		switch st.status {
		case Undefined:
			a.message = "undefined step: " + st.step.Text
		case Pending:
			a.message = "pending step: " + st.step.Text
		default:
			a.message = fmt.Sprint(st.err)
			// the error itself, not one it wraps: a hook's failure
			// merged with it reads otherwise
			if l, ok := st.err.(Located); ok {
				if p, msg := l.Location(); p.File == k.Scenario.Feature {
					a.line, a.col, a.message = p.Line, p.Col, msg
				}
			}
			if p, ok := placeOf(k, st.step, st.err); ok {
				a.title += " · superstep " + strconv.Itoa(p.Index)
				if p.Line != "" {
					a.message += "\nwhole-graph run: " + p.String()
				}
			}
		}
		out = append(out, a)
	}
	for _, p := range golden {
		if p.Case != nil {
			continue // the failure of the scenario that read it says it
		}
		out = append(out, annotation{file: reportPath(run.Root, base, p.Pos.File), line: p.Pos.Line, title: p.Kind + " golden file", message: p.Message})
	}
	return out
}

// writeGitHub writes the annotations to file, or to out when file is "".
func writeGitHub(file string, out io.Writer, run *Run, golden []GoldenProblem, base string) error {
	var b strings.Builder
	for _, a := range annotations(run, golden, base) {
		b.WriteString(a.String() + "\n")
	}
	if file == "" {
		_, err := io.WriteString(out, b.String())
		return err
	}
	return os.WriteFile(file, []byte(b.String()), 0o644)
}
