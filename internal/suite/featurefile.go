package suite

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"
	"sync"

	"github.com/stateharness/scenario/internal/filekind"
)

// What the Gherkin parser cannot take is settled before it reads a feature
// file, in one place for both parsers (this package's and godog's, through
// FeatureFS): the file must be a regular file; a UTF-8 byte-order mark at
// its start, which editors on Windows write and the parser would read as
// part of the first keyword, is dropped; and a line longer than the
// parser's line buffer (bufio.Scanner's 64 KiB: the parser then panics) is
// an error naming the line, as is a docstring the parser would take
// minutes to read (see MaxDocStringWork).

// MaxLineBytes is the longest line of a feature file, without its line
// end: the Gherkin parser reads lines with a 64 KiB buffer, the line end
// included.
const MaxLineBytes = 64<<10 - 1

// MaxFeatureBytes is the largest feature file the harness reads.
const MaxFeatureBytes = 64 << 20

// MaxDocStringWork bounds a docstring's lines × bytes: the Gherkin parser
// joins a docstring's lines one at a time, copying what it has joined so far
// at each, so its time grows with that product (about 2e9 bytes copied a
// second: a 1 MB docstring of 30,000 lines takes 14 s, and the suite
// parses each file twice). At the bound a docstring reads in about a second.
const MaxDocStringWork = 2_000_000_000

var bom = []byte("\uFEFF")

// ReadFeature reads the feature file at name in fsys as the parser may
// take it (see above), or says why it cannot.
func ReadFeature(fsys fs.FS, name string) ([]byte, error) {
	return readFeature(fsys, name, nil)
}

// readFeature is ReadFeature reading into buf's room when it is enough.
func readFeature(fsys fs.FS, name string, buf []byte) ([]byte, error) {
	info, err := fs.Stat(fsys, name)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", name, unwrapPathError(err))
	}
	if err := filekind.Regular(info, name, "a .feature file"); err != nil {
		return nil, err
	}
	if info.Size() > MaxFeatureBytes {
		return nil, fmt.Errorf("%s is %d bytes, over the %d MiB limit for feature files; move large values to files and read them with a `... from \"<file>\"` step", name, info.Size(), MaxFeatureBytes>>20)
	}
	f, err := fsys.Open(name)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", name, unwrapPathError(err))
	}
	defer f.Close()
	content, err := readUpTo(f, buf, int(info.Size())+1, MaxFeatureBytes+1) // +1: the read that finds the end
	if err != nil {
		return nil, fmt.Errorf("%s: %v", name, unwrapPathError(err))
	}
	if len(content) > MaxFeatureBytes {
		return nil, fmt.Errorf("%s is over the %d MiB limit for feature files", name, MaxFeatureBytes>>20)
	}
	return CleanFeature(name, content)
}

// readUpTo reads r to its end or to limit bytes into buf, given room for
// size bytes first (the file's size, which may change as it is read).
func readUpTo(r io.Reader, buf []byte, size, limit int) ([]byte, error) {
	if cap(buf) < min(size, limit) {
		buf = make([]byte, 0, min(size, limit))
	}
	buf = buf[:0]
	for len(buf) < limit {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		n, err := r.Read(buf[len(buf):min(cap(buf), limit)])
		buf = buf[:len(buf)+n]
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			return nil, err
		}
	}
	return buf, nil
}

// CleanFeature drops a leading byte-order mark and refuses a line the
// parser cannot read.
func CleanFeature(name string, content []byte) ([]byte, error) {
	content = bytes.TrimPrefix(content, bom)
	line, rest := 1, content
	var doc docString
	for len(rest) > 0 {
		n := bytes.IndexByte(rest, '\n')
		if n < 0 {
			n = len(rest)
		}
		if n > MaxLineBytes {
			return nil, fmt.Errorf("%s:%d: the line is %d bytes, longer than the %d a feature file's line may have (the Gherkin parser's limit); move the value to a file under scenarios/ and read it with a `... from \"<file>\"` step, such as `Given the input state from \"scenarios/input.json\"`", name, line, n, MaxLineBytes)
		}
		if doc.next(rest[:n], line) && doc.tooMuch() {
			return nil, doc.refuse(name)
		}
		rest = rest[min(n+1, len(rest)):]
		line++
	}
	if doc.sep != "" && doc.tooMuch() { // the parser reads it to the end
		return nil, doc.refuse(name)
	}
	return content, nil
}

// docString follows a feature file's docstrings line by line, as the
// Gherkin parser delimits them: a line that starts (after indentation)
// with three double quotes or three backticks opens one, and the next line
// that starts with the same three closes it.
type docString struct {
	sep          string // the open docstring's delimiter, "" outside one
	open         int    // its opening line
	lines, bytes int    // the lines and bytes it holds so far
}

func (d *docString) tooMuch() bool { return d.lines*d.bytes > MaxDocStringWork }

func (d *docString) refuse(name string) error {
	return fmt.Errorf("%s:%d: the docstring has %d lines and %d bytes, more than the Gherkin parser reads in reasonable time (it joins the lines one at a time, in time that grows with lines × bytes: here %d, where %d is the most it takes); write the value on fewer lines (compact JSON: a line may hold up to %d bytes), or move it to a file: read an input or an output with a `... from \"<file>\"` step, and compare a large state with `the state should match the golden file`", name, d.open, d.lines, d.bytes, d.lines*d.bytes, MaxDocStringWork, MaxLineBytes)
}

// next takes line number at, and says whether it ended a docstring: d then
// holds what it held.
func (d *docString) next(line []byte, at int) bool {
	i := 0 // bytes.TrimLeft(line, " \t"), without making its set of two bytes for every line
	for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
		i++
	}
	t := line[i:]
	if d.sep == "" {
		for _, sep := range []string{`"""`, "```"} {
			if bytes.HasPrefix(t, []byte(sep)) {
				*d = docString{sep: sep, open: at}
			}
		}
		return false
	}
	if bytes.HasPrefix(t, []byte(d.sep)) {
		d.sep = ""
		return true
	}
	d.lines++
	d.bytes += len(line) + 1
	return false
}

// CheckFeatures reads the feature files of entries (Expand's) under root
// as ReadFeature does, and returns the first file's error.
func CheckFeatures(root string, entries []string) error {
	fsys := os.DirFS(root)
	var buf []byte // one file at a time: the content is not kept
	for _, e := range entries {
		file, _ := SplitLine(e)
		content, err := readFeature(fsys, file, buf)
		if err != nil {
			return err
		}
		buf = content[:0:cap(content)]
	}
	return nil
}

// FeatureFS is the suite root as godog reads it: a .feature file is read
// through ReadFeature when godog opens it, anything else as it is. (Opening
// reads the file whole: the parser turns any error of a Read into a nil
// line, and panics on it.)
func FeatureFS(root fs.FS) fs.FS { return &featureFS{FS: root} }

// featureFS keeps the last feature file it read for the next Open of the
// same name: godog opens each file it is given twice in a row, to Stat it
// and then to parse it.
type featureFS struct {
	fs.FS
	mu   sync.Mutex
	last *featureFile
}

func (f *featureFS) Open(name string) (fs.File, error) {
	if !strings.HasSuffix(name, ".feature") {
		return f.FS.Open(name)
	}
	f.mu.Lock()
	last := f.last
	f.last = nil
	f.mu.Unlock()
	if last != nil && last.name == name {
		return &featureFile{Reader: bytes.NewReader(last.content), name: name, content: last.content, info: last.info}, nil
	}
	info, err := fs.Stat(f.FS, name)
	if err != nil || info.IsDir() {
		return f.FS.Open(name)
	}
	content, err := ReadFeature(f.FS, name)
	if err != nil {
		return nil, err
	}
	file := &featureFile{Reader: bytes.NewReader(content), name: name, content: content, info: info}
	f.mu.Lock()
	f.last = file
	f.mu.Unlock()
	return file, nil
}

// featureFile is a feature file read and cleaned.
type featureFile struct {
	*bytes.Reader
	name    string
	content []byte
	info    fs.FileInfo
}

func (f *featureFile) Stat() (fs.FileInfo, error) { return f.info, nil }
func (f *featureFile) Close() error               { return nil }
