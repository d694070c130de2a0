// Package suite finds and parses a suite's feature files and indexes every
// scenario by its file, line and example row, so that steps know where they
// stand and every scenario its golden file name. godog parses the files
// again to run them; its scenarios are matched to the index by content (file,
// name, tags, step texts and arguments), never by the ids godog hands out, so
// the order in which godog reads files does not matter.
package suite

import (
	"bytes"
	"fmt"
	"hash/maphash"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/cucumber/godog"
	// The parser and the document's own node types (Scenario, Step,
	// Incrementing ids) have no names in godog: these two imports follow
	// the majors godog itself requires (go.mod), and nothing else in the
	// module imports them. Pickles and documents go by godog's names.
	gherkin "github.com/cucumber/gherkin/go/v42"
	messages "github.com/cucumber/messages/go/v34"
	"github.com/stateharness/scenario/internal/goldenfile"
)

// Scenario is one pickle: a scenario, or one row of a scenario outline.
type Scenario struct {
	Feature string // suite-relative path, "features/chat.feature"
	Name    string
	Line    int // line of the Scenario keyword
	Row     int // 1-based example row of an outline; 0 for a plain scenario
	RowLine int // the line of that example row; 0 for a plain scenario
	// GoldenBase is golden/<feature path under features/ without .feature>/<slug>
	// without suffix and extension.
	GoldenBase string
	// Steps are the scenario's steps, background first, in order.
	Steps []Step
}

// Pos is "features/chat.feature:12".
func (s *Scenario) Pos() string { return s.Feature + ":" + strconv.Itoa(s.Line) }

// Key names the scenario, or the outline row, uniquely in a run.
func (s *Scenario) Key() string {
	if s.Row > 0 {
		return s.Pos() + " (example row " + strconv.Itoa(s.Row) + ")"
	}
	return s.Pos()
}

// Golden is the scenario as the golden-file policy knows it.
func (s *Scenario) Golden() goldenfile.Scenario {
	return goldenfile.Scenario{Key: s.Key(), Feature: s.Feature, Name: s.Name, Line: s.Line}
}

// Step is where one pickle step and its docstring stand. It is 32 bytes:
// a suite holds one per step of every scenario while godog holds its own,
// so where its text, docstring and table start relative to its line is
// kept once per index for every step laid out alike (Index.at).
type Step struct {
	Text string // the step text after outline substitution, without keyword
	Line int
	at   *stepAt
}

// stepAt is where a step's parts start, relative to its line.
type stepAt struct {
	textCol, docDelta, docIndent, tableDelta int32
	tableCols                                [][]int
}

// stepAtKey is a stepAt as a map key: its table columns by identity
// (indexDocument shares them between tables of the same shape).
type stepAtKey struct {
	textCol, docDelta, docIndent, tableDelta int32
	cols                                     *[]int
}

// TextCol is the file column where the text after the keyword starts.
func (s Step) TextCol() int {
	if s.at == nil {
		return 0
	}
	return int(s.at.textCol)
}

// DocLine is the file line of the docstring's first content line; zero
// without a docstring.
func (s Step) DocLine() int {
	if s.at == nil || s.at.docDelta == 0 {
		return 0
	}
	return s.Line + int(s.at.docDelta)
}

// DocIndent is how far the docstring's text was shifted left; zero
// without a docstring.
func (s Step) DocIndent() int {
	if s.at == nil {
		return 0
	}
	return int(s.at.docIndent)
}

// TableLine is the line of the first table row; zero without a table.
func (s Step) TableLine() int {
	if s.at == nil || s.at.tableDelta == 0 {
		return 0
	}
	return s.Line + int(s.at.tableDelta)
}

// TableCols are the file columns where each cell's text starts, by row.
func (s Step) TableCols() [][]int {
	if s.at == nil {
		return nil
	}
	return s.at.tableCols
}

// Index is the loaded suite.
type Index struct {
	Root string
	// Paths are what to hand godog: feature files, file.feature:LINE.
	Paths []string
	// Order lists the scenarios in run order (feature path, then line).
	Order []*Scenario

	layout    Layout
	goldens   *goldenfile.Bases
	byContent map[contentKey][]*Scenario // by pickleKey, in file order
	mu        sync.Mutex
	byPickle  map[string]*Scenario // godog's pickle id → the scenario it was matched to
	taken     map[*Scenario]bool
	cols      [][]int // the last table's columns (indexDocument)
	at        map[stepAtKey]*stepAt
	keyBuf    []byte // pickleKey's room in Scenario, under mu
}

// Scenario finds the scenario godog is about to run. The same pickle always
// finds the same scenario; pickles that are identical in everything but
// their example row (an outline column no step uses) take the rows in the
// order godog asks for them, which under --concurrency or --random may not
// be the rows' order: their outcomes are the same, but a message may name
// the other row.
func (x *Index) Scenario(p *godog.Scenario) (*Scenario, bool) {
	x.mu.Lock()
	defer x.mu.Unlock()
	if s, ok := x.byPickle[p.Id]; ok {
		return s, true
	}
	for _, s := range x.byContent[pickleKey(p, &x.keyBuf)] {
		if !x.taken[s] {
			x.taken[s] = true
			x.byPickle[p.Id] = s
			return s, true
		}
	}
	return nil, false
}

// StepIndex is the position of godog's step st in its pickle p, -1 when
// the step is not the pickle's.
func StepIndex(p *godog.Scenario, st *godog.Step) int {
	for i, s := range p.Steps {
		if s.Id == st.Id {
			return i
		}
	}
	return -1
}

// pickleKey is what makes a pickle the scenario it is: its file (without a
// :LINE godog may append), name, tags, and each step's keyword type, text
// and argument, hashed to 128 bits (the index holds one per scenario). buf
// is room for the content, kept for the next call.
func pickleKey(p *godog.Scenario, buf *[]byte) contentKey {
	file, _ := SplitLine(p.Uri)
	b := append(append(append((*buf)[:0], file...), 0), p.Name...)
	for _, t := range p.Tags {
		b = append(append(b, 1), t.Name...)
	}
	for _, st := range p.Steps {
		b = append(append(append(append(b, 2), st.Type...), 3), st.Text...)
		arg := st.Argument
		switch {
		case arg == nil:
		case arg.DocString != nil:
			b = append(append(append(append(b, 4), arg.DocString.MediaType...), 5), arg.DocString.Content...)
		case arg.DataTable != nil:
			for _, r := range arg.DataTable.Rows {
				b = append(b, 6)
				for _, c := range r.Cells {
					b = append(append(b, 7), c.Value...)
				}
			}
		}
	}
	*buf = b
	return contentKey{maphash.Bytes(keySeeds[0], b), maphash.Bytes(keySeeds[1], b)}
}

// contentKey is a pickle's content hashed (pickleKey).
type contentKey struct{ a, b uint64 }

// keySeeds seed pickleKey's two hashes, the same for every index of the
// process.
var keySeeds = [2]maphash.Seed{maphash.MakeSeed(), maphash.MakeSeed()}

// Layout names the suite's directories relative to the root; where golden
// files lie in them is goldenfile's.
type Layout = goldenfile.Layout

// NewIndex is an empty index of the suite at root, to fill with
// AddDocument.
func NewIndex(root string, layout Layout) *Index {
	return &Index{Root: root, layout: layout, goldens: goldenfile.NewBases(layout),
		byContent: map[contentKey][]*Scenario{}, byPickle: map[string]*Scenario{}, taken: map[*Scenario]bool{},
		at: map[stepAtKey]*stepAt{}}
}

// Load resolves paths (feature files, directories, file.feature:LINE;
// default the features directory) under root, parses every feature file and
// indexes its scenarios.
func Load(root string, layout Layout, paths []string) (*Index, error) {
	entries, err := Expand(root, layout, paths)
	if err != nil {
		return nil, err
	}
	idx := NewIndex(root, layout)
	files := parseAll(os.DirFS(root), entries)
	for i, e := range entries {
		f := files[i]
		if f.err != nil {
			return nil, f.err
		}
		idx.Paths = append(idx.Paths, e)
		if f.doc.Feature == nil {
			continue
		}
		file, line := SplitLine(e)
		want := 0
		if line != "" {
			want, _ = strconv.Atoi(line[1:])
		}
		if err := idx.add(file, want, f.doc, f.pickles); err != nil {
			return nil, err
		}
	}
	return idx, nil
}

// AddDocument indexes a feature file as godog parsed it: its document and
// the pickles godog runs of it (already chosen by line and tags).
func (x *Index) AddDocument(doc *godog.GherkinDocument, pickles []*godog.Scenario) error {
	if doc.Feature == nil {
		return nil
	}
	file, _ := SplitLine(doc.Uri) // godog appends the :LINE of a path that has one
	return x.add(file, 0, doc, pickles)
}

// Expand turns the user's paths (default the features directory) into
// feature files and file.feature:LINE entries under root, each directory's
// files sorted, each entry once, without parsing them.
func Expand(root string, layout Layout, paths []string) ([]string, error) {
	all, err := expand(root, os.DirFS(root), layout, paths)
	if err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	var entries []string
	for _, e := range all {
		if !seen[e] {
			seen[e] = true
			entries = append(entries, e)
		}
	}
	files := make([]string, len(entries))
	for i, e := range entries {
		files[i], _ = SplitLine(e)
	}
	if err := goldenfile.OwnDirs(layout, files); err != nil {
		return nil, err
	}
	return entries, nil
}

// expand turns the user's paths into feature files and file.feature:LINE
// entries, each directory's files sorted.
func expand(root string, fsys fs.FS, layout Layout, paths []string) ([]string, error) {
	if len(paths) == 0 {
		paths = []string{layout.Features}
	}
	var entries []string
	for _, p := range paths {
		file, line := SplitLine(p)
		rel, err := Inside(root, file)
		if err != nil {
			return nil, err
		}
		info, err := fs.Stat(fsys, rel)
		if err != nil {
			return nil, fmt.Errorf("feature path %q: %v", p, unwrapPathError(err))
		}
		if !info.IsDir() {
			if !strings.HasSuffix(rel, ".feature") {
				return nil, fmt.Errorf("feature path %q: not a .feature file", p)
			}
			if err := goldenfile.CheckFeatureName(rel); err != nil {
				return nil, err
			}
			entries = append(entries, rel+line)
			continue
		}
		w := &walker{root: root, fsys: fsys, dirs: map[string]string{}, files: map[string]string{}}
		if err := w.walk(rel); err != nil {
			return nil, fmt.Errorf("feature path %q: %v", p, unwrapPathError(err))
		}
		found := w.found
		sort.Strings(found)
		entries = append(entries, found...)
	}
	return entries, nil
}

// parsed is one feature file parsed, or why it could not be.
type parsed struct {
	doc     *godog.GherkinDocument
	pickles []*godog.Scenario
	err     error
}

// parseAll parses the entries' files on every processor; the results come
// back in the entries' order, so the index does not depend on which file
// finished first.
func parseAll(fsys fs.FS, entries []string) []parsed {
	out := make([]parsed, len(entries))
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(entries)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				file, _ := SplitLine(entries[i])
				out[i].doc, out[i].pickles, out[i].err = parse(fsys, file)
			}
		}()
	}
	for i := range entries {
		next <- i
	}
	close(next)
	wg.Wait()
	return out
}

// parse reads and parses one feature file into its document and pickles.
func parse(fsys fs.FS, file string) (*godog.GherkinDocument, []*godog.Scenario, error) {
	content, err := ReadFeature(fsys, file)
	if err != nil {
		return nil, nil, err
	}
	newID := (&messages.Incrementing{}).NewId
	doc, err := gherkin.ParseGherkinDocumentForLanguage(bytes.NewReader(content), gherkin.DefaultDialect, newID)
	if err != nil {
		return nil, nil, &ParseError{File: file, Err: err}
	}
	return doc, gherkin.Pickles(*doc, file, newID), nil
}

// A ParseError is a feature file the Gherkin parser refused.
type ParseError struct {
	File string
	Err  error
}

func (e *ParseError) Error() string { return e.File + ": " + e.Err.Error() }
func (e *ParseError) Unwrap() error { return e.Err }

// add indexes the pickles of one file; line, when not 0, keeps only the
// scenario at that line.
func (x *Index) add(file string, line int, doc *godog.GherkinDocument, pickles []*godog.Scenario) error {
	nodes := indexDocument(doc, &x.cols, x.at)
	var buf []byte
	for _, p := range pickles {
		sc, ok := nodes.scenarios[p.AstNodeIds[0]]
		if !ok {
			return fmt.Errorf("%s: scenario %q not found in the document", file, p.Name)
		}
		if line != 0 && int(sc.Location.Line) != line {
			continue
		}
		s := &Scenario{Feature: file, Name: p.Name, Line: int(sc.Location.Line)}
		if len(p.AstNodeIds) > 1 {
			s.Row, s.RowLine = nodes.rows[p.AstNodeIds[1]], nodes.rowLines[p.AstNodeIds[1]]
		}
		base, err := x.goldens.Add(file, s.Name, s.Line, s.Row)
		if err != nil {
			return err
		}
		s.GoldenBase = base
		s.Steps = make([]Step, len(p.Steps))
		for i, ps := range p.Steps {
			s.Steps[i] = nodes.steps[ps.AstNodeIds[0]]
			s.Steps[i].Text = ps.Text
		}
		key := pickleKey(p, &buf)
		x.byContent[key] = append(x.byContent[key], s)
		x.Order = append(x.Order, s)
	}
	return nil
}

// SplitLine splits a run's path "file.feature:LINE" into the file and
// ":LINE"; a path without a line suffix is the file and "".
func SplitLine(p string) (file, line string) {
	i := strings.LastIndexByte(p, ':')
	if i < 0 {
		return p, ""
	}
	digits := p[i+1:]
	if digits == "" || strings.Trim(digits, "0123456789") != "" {
		return p, ""
	}
	return p[:i], p[i:]
}

// Inside turns a user's path into a slash path relative to root, refusing
// any path that leaves the root: through "..", as an absolute path
// elsewhere, or through a symbolic link (also one on the way to a file that
// does not exist yet). Both root and path are compared after resolving
// links, so a root given through a link still holds its own files.
func Inside(root, p string) (string, error) {
	absRoot, err := filepath.Abs(root)
	if err != nil {
		return "", err
	}
	realRoot := resolveExisting(absRoot)
	target := p
	if !filepath.IsAbs(target) {
		target = filepath.Join(absRoot, target)
	}
	target = filepath.Clean(target)
	rel, ok := within(absRoot, target)
	if !ok {
		if rel, ok = within(realRoot, target); !ok {
			return "", fmt.Errorf("path %q leaves the suite root %s; paths must stay inside it", p, root)
		}
	}
	if _, ok := within(realRoot, resolveExisting(filepath.Join(absRoot, rel))); !ok {
		return "", fmt.Errorf("path %q leads out of the suite root %s through a symbolic link", p, root)
	}
	return filepath.ToSlash(rel), nil
}

// within returns target relative to base when it lies inside base.
func within(base, target string) (string, bool) {
	rel, err := filepath.Rel(base, target)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", false
	}
	return rel, true
}

// resolveExisting resolves the links of the longest existing prefix of p
// and appends the rest as it is.
func resolveExisting(p string) string {
	rest := ""
	for cur := p; ; {
		if real, err := filepath.EvalSymlinks(cur); err == nil {
			return filepath.Join(real, rest)
		}
		parent := filepath.Dir(cur)
		if parent == cur {
			return p
		}
		rest = filepath.Join(filepath.Base(cur), rest)
		cur = parent
	}
}

func unwrapPathError(err error) error {
	if pe, ok := err.(*fs.PathError); ok {
		return pe.Err
	}
	return err
}

type documentNodes struct {
	scenarios map[string]*messages.Scenario
	rows      map[string]int // example row id → 1-based row number across the outline's tables
	rowLines  map[string]int // example row id → its line
	steps     map[string]Step
}

// indexDocument finds the document's scenarios, example rows and steps by
// id. A table's columns are shared with the last table of the same shape
// (cols): a suite's scenarios tend to repeat their schema tables.
func indexDocument(doc *godog.GherkinDocument, cols *[][]int, shared map[stepAtKey]*stepAt) documentNodes {
	nsc, nst := 0, 0
	count := func(sc *messages.Scenario) {
		nsc++
		nst += len(sc.Steps)
	}
	for _, c := range doc.Feature.Children {
		switch {
		case c.Background != nil:
			nst += len(c.Background.Steps)
		case c.Scenario != nil:
			count(c.Scenario)
		case c.Rule != nil:
			for _, rc := range c.Rule.Children {
				if rc.Background != nil {
					nst += len(rc.Background.Steps)
				}
				if rc.Scenario != nil {
					count(rc.Scenario)
				}
			}
		}
	}
	n := documentNodes{scenarios: make(map[string]*messages.Scenario, nsc), rows: map[string]int{}, rowLines: map[string]int{}, steps: make(map[string]Step, nst)}
	addSteps := func(steps []*messages.Step) {
		for _, st := range steps {
			s := Step{Line: int(st.Location.Line)}
			k := stepAtKey{textCol: int32(int(st.Location.Column) + utf8.RuneCountInString(st.Keyword))}
			if ds := st.DocString; ds != nil {
				k.docDelta = int32(int(ds.Location.Line) + 1 - s.Line)
				k.docIndent = int32(ds.Location.Column) - 1
			}
			if dt := st.DataTable; dt != nil && len(dt.Rows) > 0 {
				k.tableDelta = int32(int(dt.Rows[0].Location.Line) - s.Line)
				if !sameColumns(*cols, dt) {
					*cols = make([][]int, len(dt.Rows))
					for j, r := range dt.Rows {
						row := make([]int, len(r.Cells))
						for i, c := range r.Cells {
							row[i] = int(c.Location.Column)
						}
						(*cols)[j] = row
					}
				}
				k.cols = &(*cols)[0] // the rows' identity: len(dt.Rows) > 0
			}
			at, ok := shared[k]
			if !ok {
				at = &stepAt{textCol: k.textCol, docDelta: k.docDelta, docIndent: k.docIndent, tableDelta: k.tableDelta}
				if k.cols != nil {
					at.tableCols = *cols
				}
				shared[k] = at
			}
			s.at = at
			n.steps[st.Id] = s
		}
	}
	addScenario := func(sc *messages.Scenario) {
		n.scenarios[sc.Id] = sc
		addSteps(sc.Steps)
		row := 0
		for _, ex := range sc.Examples {
			for _, r := range ex.TableBody {
				row++
				n.rows[r.Id] = row
				n.rowLines[r.Id] = int(r.Location.Line)
			}
		}
	}
	for _, c := range doc.Feature.Children {
		switch {
		case c.Background != nil:
			addSteps(c.Background.Steps)
		case c.Scenario != nil:
			addScenario(c.Scenario)
		case c.Rule != nil:
			for _, rc := range c.Rule.Children {
				if rc.Background != nil {
					addSteps(rc.Background.Steps)
				}
				if rc.Scenario != nil {
					addScenario(rc.Scenario)
				}
			}
		}
	}
	return n
}

// sameColumns reports whether the table's cells start at cols, row by row.
func sameColumns(cols [][]int, dt *messages.DataTable) bool {
	if len(cols) != len(dt.Rows) {
		return false
	}
	for j, r := range dt.Rows {
		if len(cols[j]) != len(r.Cells) {
			return false
		}
		for i, c := range r.Cells {
			if cols[j][i] != int(c.Location.Column) {
				return false
			}
		}
	}
	return true
}
