//go:build !unix

package goldenfile

import (
	"io"
	"os"
)

// openRegular opens the golden file at path for reading when it is a
// regular file and no symbolic link; link reports a symbolic link (nothing
// opened); f is nil, and err too, for a file that is not there or not
// regular, which the caller settles as before.
func openRegular(path string) (f *regularFile, link bool, err error) {
	info, err := os.Lstat(path)
	if err != nil {
		return nil, false, err
	}
	if info.Mode()&os.ModeSymlink != 0 {
		return nil, true, nil
	}
	if !info.Mode().IsRegular() {
		return nil, false, nil
	}
	file, err := os.Open(path)
	if err != nil {
		return nil, false, err
	}
	st, err := file.Stat()
	if err != nil || !st.Mode().IsRegular() {
		file.Close()
		return nil, false, err
	}
	return &regularFile{File: file, size: st.Size()}, false, nil
}

// regularFile is a golden file openRegular opened.
type regularFile struct {
	*os.File
	size int64
}

var _ io.ReadCloser = (*regularFile)(nil)
