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
// step, or the docstring line of a bad value), and under check one per
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
// golden files' problems.
func (c *CI) annotations(golden []goldenProblem, root, base string) []annotation {
	var out []annotation
	for _, r := range c.runs() {
		st := r.failure()
		if st == nil {
			continue
		}
		a := annotation{file: reportPath(root, base, r.scenario.Feature), line: st.line, title: "Scenario: " + r.name}
		if r.scenario.Row > 0 {
			a.title += " (example row " + strconv.Itoa(r.scenario.Row) + ")"
		}
		switch st.status {
		case "undefined":
			a.message = "undefined step: " + st.text
		case "pending":
			a.message = "pending step: " + st.text
		default:
			a.message = fmt.Sprint(st.err)
			a.line, a.col, a.message = located(r.scenario.Feature, st.line, a.message)
		}
		out = append(out, a)
	}
	for _, p := range golden {
		if p.file != p.path {
			continue // the failure of the scenario that read it says it
		}
		out = append(out, annotation{file: reportPath(root, base, p.file), line: p.line, title: p.kind + " golden file", message: p.message})
	}
	return out
}

// located takes the "<feature>:<line>[:<col>]: " a failure starts with
// (SPEC §11) off its message; without one the failure stays at the step.
func located(feature string, stepLine int, msg string) (line, col int, rest string) {
	s, ok := strings.CutPrefix(msg, feature+":")
	if !ok {
		return stepLine, 0, msg
	}
	nums := make([]int, 0, 2)
	for len(nums) < 2 {
		i := 0
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		if i == 0 || i == len(s) || s[i] != ':' {
			break
		}
		n, _ := strconv.Atoi(s[:i])
		nums = append(nums, n)
		s = s[i+1:]
	}
	if len(nums) == 0 {
		return stepLine, 0, msg
	}
	line = nums[0]
	if len(nums) == 2 {
		col = nums[1]
	}
	return line, col, strings.TrimPrefix(s, " ")
}

// writeGitHub writes the annotations to file, or to out when file is "".
func writeGitHub(file string, out io.Writer, c *CI, golden []goldenProblem, root, base string) error {
	var b strings.Builder
	for _, a := range c.annotations(golden, root, base) {
		b.WriteString(a.String() + "\n")
	}
	if file == "" {
		_, err := io.WriteString(out, b.String())
		return err
	}
	return os.WriteFile(file, []byte(b.String()), 0o644)
}
