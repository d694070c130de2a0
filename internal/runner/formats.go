package runner

import (
	"fmt"
	"strings"
)

// The harness's own --format items (html:FILE, junit:FILE, github[:FILE])
// are taken out of the list here; what is left goes to godog.

// splitHTMLFormat takes the harness's html:FILE formatters out of a
// --format list, which godog does not know; what is left goes to godog.
// Each file must be one the run can write (checkReportFile).
func splitHTMLFormat(list string) (godogFormat string, files []string, err error) {
	var rest []string
	for _, f := range strings.Split(list, ",") {
		f = strings.TrimSpace(f)
		name, file, _ := strings.Cut(f, ":")
		if name != "html" {
			if f != "" {
				rest = append(rest, f)
			}
			continue
		}
		if file == "" {
			return "", nil, fmt.Errorf("--format html needs a file to write: html:report.html")
		}
		if err := checkReportFile(f, file); err != nil {
			return "", nil, err
		}
		files = append(files, file)
	}
	return strings.Join(rest, ","), files, nil
}

// ciFormats are the junit and github formatters of a --format list.
type ciFormats struct {
	junit  []string // files; "" is the run's output
	github []string
	shard  []string // shard:FILE, for report merge
}

// splitCIFormats takes junit:FILE and github[:FILE] out of a --format list
// (godog's junit would lack file and line); what is left goes to godog.
// Every file the list names must be one the run can write
// (checkReportFile), so that a bad path is reported as one, before anything
// runs.
func splitCIFormats(list string) (godogFormat string, f ciFormats, err error) {
	var rest []string
	for _, item := range strings.Split(list, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		name, file, hasFile := strings.Cut(item, ":")
		if hasFile {
			if file == "" {
				return "", f, fmt.Errorf("--format %s: needs a file to write after the colon, like %s:report.xml", item, name)
			}
			if err := checkReportFile(item, file); err != nil {
				return "", f, err
			}
		}
		switch {
		case name == "junit":
			f.junit = append(f.junit, file)
		case name == "github":
			f.github = append(f.github, file)
		case name == "shard":
			if !hasFile {
				return "", f, fmt.Errorf("--format shard needs a file to write: shard:shard-1.json")
			}
			f.shard = append(f.shard, file)
		default:
			rest = append(rest, item)
		}
	}
	return strings.Join(rest, ","), f, nil
}
