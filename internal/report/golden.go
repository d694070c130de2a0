package report

import (
	"errors"

	"github.com/stateharness/scenario/internal/goldenfile"
)

// GoldenProblem is a golden file check found wrong: missing, stale or
// orphan (or a leftover of an interrupted update), with where to look and
// the command that fixes it.
type GoldenProblem struct {
	// Path is the golden file; Kind "missing", "stale", "orphan" or
	// "leftover".
	Path, Kind string
	// Pos is the assertion that read the file, or the file itself at
	// line 1.
	Pos     Pos
	Message string
	// Case is the case whose assertion read the file; nil when none did.
	Case *Case
}

// goldenProblems lists check's golden-file problems: a missing or stale
// file at the assertion that read it (the step that failed with its
// *goldenfile.Mismatch), an orphan at its own first line.
func goldenProblems(run *Run, g *GoldenCheck) []GoldenProblem {
	var out []GoldenProblem
	where := func(path string) (*Case, *outcome) {
		for _, k := range run.Cases {
			st := failure(k.outcomes())
			var m *goldenfile.Mismatch
			if st != nil && errors.As(st.err, &m) && m.File == path {
				return k, st
			}
		}
		return nil, nil
	}
	for _, kind := range []struct {
		status goldenfile.Status
		kind   string
		fix    string
	}{
		{goldenfile.Missing, "missing", "to create it, run: "},
		{goldenfile.Stale, "stale", "it differs from what the scenario produced (the scenario's failure lists the differences); to accept it, run: "},
	} {
		for _, path := range g.Log.With(kind.status) {
			p := GoldenProblem{Path: path, Kind: kind.kind, Pos: Pos{File: path, Line: 1}}
			msg := kind.kind + " golden file " + path
			if k, st := where(path); k != nil {
				p.Case, p.Pos = k, st.step.Pos
				msg += ", read by " + k.Scenario.Key()
				if g.Accept != nil {
					msg += "; " + kind.fix + g.Accept(k.Scenario.Golden())
				}
			}
			p.Message = msg
			out = append(out, p)
		}
	}
	for _, path := range g.Orphans {
		msg := "orphan golden file " + path + ", referenced by no scenario"
		if g.Prune != nil {
			msg += "; to delete it, run: " + g.Prune(path)
		}
		out = append(out, GoldenProblem{Path: path, Kind: "orphan", Pos: Pos{File: path, Line: 1}, Message: msg})
	}
	for _, path := range g.Leftovers {
		msg := "temporary file " + path + " left by an interrupted update"
		if g.Prune != nil {
			msg += "; to remove it, run: " + g.Prune(path)
		}
		out = append(out, GoldenProblem{Path: path, Kind: "leftover", Pos: Pos{File: path, Line: 1}, Message: msg})
	}
	return out
}
