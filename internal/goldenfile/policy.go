package goldenfile

import (
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/stateharness/scenario/engine"
	"github.com/stateharness/scenario/internal/jsonv"
)

// Written is the status of a golden file an update created or rewrote; the
// other statuses are Check's.
const Written Status = Stale + 1

// Refused is the status of a golden path the run would not read or write
// (Policy.inside): it counts as referenced, so prune leaves the link alone.
const Refused Status = Written + 1

// Policy is what a run does with golden files (docs/reference.md, Golden files): one scenario per
// file, compare canonical bytes, write only when updating, and say how to
// accept a change. It is safe for concurrent scenarios.
type Policy struct {
	Root   string // the suite root; golden paths are relative to it
	Golden string // the golden directory, relative to Root ("golden" when empty)
	Update bool   // write missing and stale files instead of failing
	// Accept returns the command that accepts a golden change for a
	// scenario.
	Accept func(Scenario) string
	Log    Log

	// real caches directories with their links resolved (realDir): a
	// suite asserts thousands of golden files in a few directories
	real realDirs
}

// Scenario is the scenario that asserts a golden file, in plain values: the
// policy claims each file for one scenario and names the command that
// accepts a change of it.
type Scenario struct {
	// Key names the scenario, or the outline row, uniquely in a run
	// ("features/chat.feature:12 (example row 2)").
	Key     string
	Feature string // suite-relative path, "features/chat.feature"
	Name    string
	Line    int // line of the Scenario keyword
}

// Assert compares the value with the golden file rel for scenario sc: the
// file must hold its canonical JSON. When it does not, an update writes it
// and otherwise the error says what differs and the command that accepts
// it.
func (p *Policy) Assert(sc Scenario, rel string, value func() (any, error)) error {
	if err := p.Log.claim(rel, sc.Key); err != nil {
		return err
	}
	v, err := value()
	if err != nil {
		return err
	}
	f, err := p.open(rel)
	if err != nil {
		p.Log.record(rel, Refused)
		return fmt.Errorf("golden file %s: %v; nothing was read, and nothing was written", rel, err)
	}
	full := filepath.Join(p.Root, filepath.FromSlash(rel))
	// the usual case, an equal file, is settled while encoding, without
	// holding the encoding or the file whole
	encode := func(out io.Writer) error { return jsonv.EncodeTo(out, v) }
	var same bool
	if f != nil {
		same = f.matches(encode)
		f.Close()
	} else {
		same = Matches(full, encode) // a link inside golden/, or no file to open: Check says which
	}
	if same {
		p.Log.record(rel, Same)
		return nil
	}
	hint := 0
	if info, err := os.Stat(full); err == nil && info.Size() < MaxBytes {
		hint = int(info.Size()) + 1 // +1: equal content still fits without a copy
	}
	got, err := jsonv.EncodeSized(v, hint)
	if err != nil {
		return err
	}
	status, want, err := Check(full, got)
	if err != nil {
		return fmt.Errorf("golden file %s: %v", rel, err)
	}
	if status == Same {
		p.Log.record(rel, Same)
		return nil
	}
	if p.Update {
		if err := noLinks(p.Root, rel); err != nil {
			return fmt.Errorf("golden file %s: %v; nothing was written", rel, err)
		}
		if _, err := Write(full, got); err != nil {
			return fmt.Errorf("golden file %s: %v", rel, err)
		}
		p.Log.record(rel, Written)
		return nil
	}
	p.Log.record(rel, status)
	accept := p.Accept(sc)
	if status == Missing {
		return &Mismatch{File: rel, Missing: true, Accept: accept}
	}
	wantValue, err := engine.DecodeJSON(want, engine.Source{Name: rel, Line: 1})
	if err != nil {
		return fmt.Errorf("golden file %s is not valid JSON (%v); to rewrite it, run:\n    %s", rel, err, accept)
	}
	return &Mismatch{File: rel, Diffs: jsonv.Compare(wantValue, v), Drift: DriftOf(wantValue, v), Accept: accept}
}

// Log records the golden files a run referenced and what it found or did.
// It is safe for concurrent scenarios.
type Log struct {
	mu     sync.Mutex
	status map[string]Status
	owner  map[string]string // golden path → the scenario that claimed it
}

// claim gives path to one scenario of the run; a second scenario that maps
// to the same file is refused (docs/reference.md, Golden files), so that neither overwrites the
// other's golden.
func (l *Log) claim(path, scenario string) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.owner == nil {
		l.owner = map[string]string{}
	}
	if other, ok := l.owner[path]; ok && other != scenario {
		return fmt.Errorf("golden file %s is used by two scenarios, %s and %s; give one of them its own name with `the golden file \"<name>\"`", path, other, scenario)
	}
	l.owner[path] = scenario
	return nil
}

func (l *Log) record(path string, s Status) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.status == nil {
		l.status = map[string]Status{}
	}
	l.status[path] = s
}

// With lists, sorted, the golden files that ended the run with status s.
func (l *Log) With(s Status) []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []string
	for p, st := range l.status {
		if st == s {
			out = append(out, p)
		}
	}
	sort.Strings(out)
	return out
}

// Written lists the golden files the run wrote, sorted.
func (l *Log) Written() []string { return l.With(Written) }

// Referenced reports whether a scenario of the run used the golden file.
func (l *Log) Referenced(path string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	_, ok := l.status[path]
	return ok
}

// open refuses a golden path that is not in the golden directory, or
// whose file resolves (through a symbolic link, of the file or of a
// directory on the way) to one outside it: reading it would print another
// file's content (a credentials file) in the failure and every report, and
// an update would replace it. A regular file that is no link comes back
// open; nil for anything else, which Matches and Check settle.
func (p *Policy) open(rel string) (*regularFile, error) {
	golden := path.Clean(filepath.ToSlash(p.Golden))
	if p.Golden == "" {
		golden = "golden"
	}
	if clean := path.Clean(rel); clean != rel || !strings.HasPrefix(rel, golden+"/") {
		return nil, fmt.Errorf("not a path inside the golden directory %s/", golden)
	}
	full := filepath.Join(p.Root, filepath.FromSlash(rel))
	f, isLink, err := openRegular(full)
	var real string
	switch {
	case isLink:
		if real, err = filepath.EvalSymlinks(full); err != nil {
			return nil, nil // a broken link: nothing there to read, Check says so
		}
	case err != nil:
		return nil, nil // nothing there to read (a missing file): Check says which
	default:
		// the file is no link: its directories may be
		dir, err := p.real.dir(filepath.Dir(full))
		if err != nil {
			closeFile(f)
			return nil, nil
		}
		real = filepath.Join(dir, filepath.Base(full))
	}
	realGolden, err := p.real.dir(filepath.Join(p.Root, filepath.FromSlash(golden)))
	if err != nil {
		closeFile(f)
		return nil, err
	}
	if r, err := filepath.Rel(realGolden, real); err == nil && r != ".." && !strings.HasPrefix(r, ".."+string(filepath.Separator)) {
		return f, nil
	}
	closeFile(f)
	// name the link that leads out: the file, or a directory on its way
	link := rel
	for dir := golden; dir != rel; {
		next, _, _ := strings.Cut(strings.TrimPrefix(rel, dir+"/"), "/")
		dir = path.Join(dir, next)
		if info, err := os.Lstat(filepath.Join(p.Root, filepath.FromSlash(dir))); err == nil && info.Mode()&os.ModeSymlink != 0 {
			link = dir
			break
		}
	}
	return nil, fmt.Errorf("%s is a symbolic link to %s, outside the golden directory %s/, and golden files are read and written only inside it; replace the link with the golden file itself (or a directory of its own)",
		link, real, golden)
}

func closeFile(f *regularFile) {
	if f != nil {
		f.Close()
	}
}

// realDirs resolves the links of the golden directories, each once: a
// file that is no link resolves to its directory's real path joined with
// its name. Only resolved directories are kept; one that failed (not there
// yet) is asked again.
type realDirs struct {
	mu   sync.Mutex
	dirs map[string]string
}

// dir is the directory with its links resolved.
func (r *realDirs) dir(dir string) (string, error) {
	r.mu.Lock()
	real, ok := r.dirs[dir]
	r.mu.Unlock()
	if ok {
		return real, nil
	}
	real, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return "", err
	}
	r.mu.Lock()
	if r.dirs == nil {
		r.dirs = map[string]string{}
	}
	r.dirs[dir] = real
	r.mu.Unlock()
	return real, nil
}

// noLinks refuses a golden path whose directories (golden/, golden/x/ ...)
// include a symbolic link: through it an update would write somewhere
// else, out of the root or over a file of the user's such as an input
// under scenarios/.
func noLinks(root, rel string) error {
	dir := ""
	for _, elem := range strings.Split(path.Dir(rel), "/") {
		dir = path.Join(dir, elem)
		info, err := os.Lstat(filepath.Join(root, filepath.FromSlash(dir)))
		if err != nil {
			return nil // the rest is created as plain directories
		}
		if info.Mode()&os.ModeSymlink != 0 {
			return fmt.Errorf("%s is a symbolic link, and golden files are written only in directories of their own; replace the link with a directory", dir)
		}
	}
	return nil
}
