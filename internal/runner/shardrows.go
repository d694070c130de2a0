package runner

import (
	"bytes"
	"io"
	"io/fs"
	"path"
)

// godog runs a scenario by its file:LINE, every row of an outline with
// it: a shard that runs only some rows of an outline reads the feature
// file with the other rows turned into comments, each on its own line, so
// that every line keeps its number (and godog's pickles their lines).

// hideRows is fsys with the outline rows at the lines hide lists (by
// slash path from the root) commented out.
func hideRows(fsys fs.FS, hide map[string]map[int]bool) fs.FS {
	if len(hide) == 0 {
		return fsys
	}
	return rowsFS{fsys, hide}
}

type rowsFS struct {
	fs.FS
	hide map[string]map[int]bool
}

func (r rowsFS) Open(name string) (fs.File, error) {
	lines, ok := r.hide[path.Clean(name)]
	f, err := r.FS.Open(name)
	if err != nil || !ok {
		return f, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, err
	}
	content, err := io.ReadAll(f)
	if err != nil {
		return nil, err
	}
	return &memFile{Reader: bytes.NewReader(commentLines(content, lines)), info: info}, nil
}

// commentLines puts "#" before each of the lines (1-based) of content.
func commentLines(content []byte, lines map[int]bool) []byte {
	var out bytes.Buffer
	out.Grow(len(content) + len(lines))
	for n := 1; len(content) > 0; n++ {
		line := content
		if i := bytes.IndexByte(content, '\n'); i >= 0 {
			line = content[:i+1]
		}
		content = content[len(line):]
		if lines[n] {
			out.WriteByte('#')
		}
		out.Write(line)
	}
	return out.Bytes()
}

// memFile is a file's content read whole, with the file's own info.
type memFile struct {
	*bytes.Reader
	info fs.FileInfo
}

func (f *memFile) Stat() (fs.FileInfo, error) { return f.info, nil }
func (f *memFile) Close() error               { return nil }
