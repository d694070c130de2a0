package steps

import (
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"strconv"

	"github.com/stateharness/scenario/engine"
	"github.com/stateharness/scenario/internal/canonjson"
	"github.com/stateharness/scenario/internal/goldenfile"
	"github.com/stateharness/scenario/internal/suite"
)

// goldenPath names the golden file of an assertion (SPEC §12): the
// scenario's slug, or the given name, then -2, -3 ... for a second
// assertion of the same kind, then the suffix.
func (w *world) goldenPath(name, suffix string) (string, error) {
	base := w.scenario.GoldenBase
	if name != "" {
		if name != suite.Slug(name) {
			return "", problemf("golden file name %q: use only a-z, 0-9 and -, like %q", name, suite.Slug(name))
		}
		base = path.Join(path.Dir(base), name)
	}
	key := base + suffix
	w.goldens[key]++
	if n := w.goldens[key]; n > 1 {
		base += "-" + strconv.Itoa(n)
	}
	return base + suffix + ".json", nil
}

func (w *world) matchGolden(name, suffix string, value func() (any, error)) error {
	rel, err := w.goldenPath(name, suffix)
	if err != nil {
		return err
	}
	if err := w.cfg.Goldens.claim(rel, w.scenario.Key()); err != nil {
		return &problem{msg: err.Error()}
	}
	v, err := value()
	if err != nil {
		return err
	}
	full := filepath.Join(w.cfg.Root, filepath.FromSlash(rel))
	// the usual case, an equal file, is settled while encoding, without
	// holding the encoding or the file whole
	if goldenfile.Matches(full, func(out io.Writer) error { return canonjson.EncodeTo(out, v) }) {
		w.cfg.Goldens.record(rel, GoldenSame)
		return nil
	}
	hint := 0
	if info, err := os.Stat(full); err == nil && info.Size() < goldenfile.MaxBytes {
		hint = int(info.Size()) + 1 // +1: equal content still fits without a copy
	}
	got, err := canonjson.EncodeSized(v, hint)
	if err != nil {
		return err
	}
	status, want, err := goldenfile.Check(full, got)
	if err != nil {
		return problemf("golden file %s: %v", rel, err)
	}
	if status == goldenfile.Same {
		w.cfg.Goldens.record(rel, GoldenSame)
		return nil
	}
	if w.cfg.Update {
		if _, err := goldenfile.Write(full, got); err != nil {
			return problemf("golden file %s: %v", rel, err)
		}
		w.cfg.Goldens.record(rel, GoldenWritten)
		return nil
	}
	if status == goldenfile.Missing {
		w.cfg.Goldens.record(rel, GoldenMissing)
	} else {
		w.cfg.Goldens.record(rel, GoldenStale)
	}
	accept := w.cfg.Accept(w.scenario)
	if status == goldenfile.Missing {
		return fmt.Errorf("golden file %s is missing; to create it, run:\n    %s", rel, accept)
	}
	wantValue, err := engine.DecodeJSON(want, engine.Source{Name: rel, Line: 1})
	if err != nil {
		return fmt.Errorf("golden file %s is not valid JSON (%v); to rewrite it, run:\n    %s", rel, err, accept)
	}
	diffs := goldenfile.Compare(wantValue, v)
	detail := goldenfile.Report(diffs)
	if len(diffs) == 0 {
		detail = "  the values are equal but the bytes are not canonical (formatting, key order or number form)\n"
	}
	return fmt.Errorf("golden file %s differs:\n%sto accept the new content, run:\n    %s", rel, detail, accept)
}
