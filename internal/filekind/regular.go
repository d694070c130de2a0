// Package filekind refuses, before it is opened, a path that is not a regular
// file (a FIFO, a socket, a device, a directory).
package filekind

import (
	"fmt"
	"io/fs"
	"os"
)

// A FIFO, a socket or a device given where the harness reads or writes a
// file would block it forever, or feed it without end: every file a user
// names (feature files, scenario.yaml, files steps read, golden files) is
// checked to be a regular file before it is opened.

// Regular checks that info describes a regular file; shown names it in the
// error and what says what the file was expected to be ("a feature file").
func Regular(info fs.FileInfo, shown, what string) error {
	if info.Mode().IsRegular() {
		return nil
	}
	return fmt.Errorf("%s is %s, not a regular file; expected %s", shown, kind(info.Mode()), what)
}

// RegularPath is Regular for the file at path (links followed); a missing
// file is no error here, for the caller to report as it does.
func RegularPath(path, shown, what string) error {
	info, err := os.Stat(path)
	if err != nil {
		return nil
	}
	return Regular(info, shown, what)
}

// kind names a file mode that is not a regular file's.
func kind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe (FIFO)"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	}
	return "a special file (" + m.String() + ")"
}
