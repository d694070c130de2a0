package runner

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// checkReportFile checks, before the run writes anything (an update's
// golden files), that the report file of the --format item can be
// written: its directory exists and takes a new file, and the file, when
// there is one, is a file that opens for writing. The file is left as it
// is; the check creates and removes a file of its own in the directory.
func checkReportFile(item, file string) error {
	fail := func(format string, args ...any) error {
		return fmt.Errorf("--format %s: %s (FILE is relative to the current directory)", item, fmt.Sprintf(format, args...))
	}
	dir := filepath.Dir(file)
	info, err := os.Stat(dir)
	if err != nil {
		if parent := existingFileAbove(dir); parent != "" {
			return fail("%s is not a directory", parent)
		}
	}
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fail("directory %s does not exist", dir)
	case err != nil:
		return fail("%v", err)
	case !info.IsDir():
		return fail("%s is not a directory", dir)
	}
	if info, err := os.Stat(file); err == nil {
		if info.IsDir() {
			return fail("%s is a directory; name a file in it, like %s", file, filepath.Join(file, "report.out"))
		}
		f, err := os.OpenFile(file, os.O_WRONLY, 0)
		if err != nil {
			return fail("cannot write %s: %v", file, unwrapPath(err))
		}
		f.Close()
	}
	probe, err := os.CreateTemp(dir, ".scenario-report-check-*")
	if err != nil {
		return fail("cannot write in directory %s: %v", dir, unwrapPath(err))
	}
	probe.Close()
	os.Remove(probe.Name())
	return nil
}

// existingFileAbove is the nearest path above dir that exists and is not a
// directory ("" when there is none): the reason dir cannot exist.
func existingFileAbove(dir string) string {
	for d := dir; ; {
		if info, err := os.Stat(d); err == nil {
			if !info.IsDir() {
				return d
			}
			return ""
		}
		up := filepath.Dir(d)
		if up == d {
			return ""
		}
		d = up
	}
}

// unwrapPath is the reason of a *fs.PathError without its path, which the
// message names already.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
