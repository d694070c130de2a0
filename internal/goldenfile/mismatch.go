package goldenfile

import (
	"fmt"

	"github.com/stateharness/scenario/internal/jsonv"
)

// Mismatch is a golden file that does not hold the value it is compared
// with: missing, or differing at some JSON paths. Its message says what
// differs and the command that accepts the new content; a report reads its
// fields.
type Mismatch struct {
	// File is the golden file, relative to the suite root.
	File    string
	Missing bool
	// Diffs are every path at which the file and the value differ; none
	// when only the bytes differ (formatting, key order, number form).
	Diffs []jsonv.Diff
	// Drift is where a whole-graph run left its recorded trace, when the
	// file is such a trace.
	Drift *Drift
	// Accept is the command that writes the new content.
	Accept string
}

func (m *Mismatch) Error() string {
	if m.Missing {
		return fmt.Sprintf("golden file %s is missing; to create it, run:\n    %s", m.File, m.Accept)
	}
	detail := jsonv.Report(m.Diffs)
	if m.Drift != nil {
		detail = m.Drift.String()
	}
	if len(m.Diffs) == 0 {
		detail = "  the values are equal but the bytes are not canonical (formatting, key order or number form)\n"
	}
	return fmt.Sprintf("golden file %s differs:\n%sto accept the new content, run:\n    %s", m.File, detail, m.Accept)
}
