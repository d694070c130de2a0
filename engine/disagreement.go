package engine

import (
	"fmt"
	"strings"

	"github.com/stateharness/scenario/internal/jsonv"
)

// disagreement describes how the built-in engine's outcome and another
// runtime's differ, or is empty when they agree: both refuse with one code,
// or both give the same state and the same generated ids.
func disagreement(name string, b *applied, berr error, out *CommitResult, oerr error) string {
	describe := func(err error) string {
		if err == nil {
			return "applies it"
		}
		if c := CodeOf(err); c != "" {
			return "fails with " + string(c) + ": " + err.Error()
		}
		return "fails: " + err.Error()
	}
	switch {
	case berr != nil || oerr != nil:
		if berr != nil && oerr != nil && CodeOf(berr) == CodeOf(oerr) {
			return ""
		}
		return fmt.Sprintf("the runtimes disagree on this commit: builtin %s; %s %s", describe(berr), name, describe(oerr))
	case b.nextID != out.NextID:
		return fmt.Sprintf("the runtimes disagree on this commit: builtin generated %d message ids, %s %d", b.nextID, name, out.NextID)
	}
	// the real library is right: its state is the one compared against,
	// as a golden file is, and the difference reads as a golden mismatch's
	diffs := jsonv.Compare(mapAny(out.Values), mapAny(b.values))
	if len(diffs) == 0 {
		return ""
	}
	return fmt.Sprintf("the runtimes disagree on the state after this commit (%s, then builtin):\n%s",
		name, strings.TrimSuffix(jsonv.ReportSides(diffs, name+":", "builtin:"), "\n"))
}
