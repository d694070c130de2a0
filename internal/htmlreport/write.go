package htmlreport

import (
	"bufio"
	_ "embed"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// page is the report's HTML with its styles and script inline; {{TITLE}}
// and {{DATA}} mark where the title and the report's JSON go.
//
//go:embed page/report.html
var page string

// Write renders the report as one self-contained HTML page.
func Write(w io.Writer, r *Report) error {
	r.DurationMS = r.Duration.Milliseconds()
	title := html.EscapeString(r.Title)
	head, tail, ok := strings.Cut(page, "{{DATA}}")
	if !ok {
		return fmt.Errorf("htmlreport: the page template has no {{DATA}}")
	}
	bw := bufio.NewWriterSize(w, 64<<10)
	if _, err := bw.WriteString(strings.ReplaceAll(head, "{{TITLE}}", title)); err != nil {
		return err
	}
	// json escapes <, > and & as \u003c…, so no "</script>" can end the
	// data early
	enc := json.NewEncoder(bw)
	enc.SetEscapeHTML(true)
	if err := enc.Encode(r); err != nil {
		return err
	}
	if _, err := bw.WriteString(strings.ReplaceAll(tail, "{{TITLE}}", title)); err != nil {
		return err
	}
	return bw.Flush()
}

// WriteFile writes the report to path atomically: into a temporary file in
// the same directory, renamed over path once complete, so that a reader
// never sees half a report.
func WriteFile(path string, r *Report) (err error) {
	dir := filepath.Dir(path)
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if err = Write(tmp, r); err != nil {
		return err
	}
	if err = tmp.Sync(); err != nil {
		return err
	}
	if err = tmp.Close(); err != nil {
		return err
	}
	if err = os.Chmod(tmp.Name(), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
