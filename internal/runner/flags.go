package runner

import (
	"fmt"
	"regexp"
	"strings"
)

// tagPattern is one term of a godog tag expression: @tag or ~@tag.
var tagPattern = regexp.MustCompile(`^~?@[^\s,&~@]+$`)

// checkTags refuses a tag expression godog cannot read (it would panic on
// one): terms @tag or ~@tag, joined by && (and) and , (or).
func checkTags(expr string) error {
	if expr == "" {
		return nil
	}
	for _, or := range strings.Split(expr, ",") {
		for _, term := range strings.Split(or, "&&") {
			if t := strings.TrimSpace(term); !tagPattern.MatchString(t) {
				return fmt.Errorf("--tags %q: %q is not a tag; write @tag or ~@tag, joined by && (and) and , (or), like '@smoke && ~@slow'", expr, t)
			}
		}
	}
	return nil
}

// godogFormats are the formatters godog itself writes.
var godogFormats = map[string]bool{"pretty": true, "progress": true, "cucumber": true, "events": true}

// checkFormats refuses a formatter name before godog does, listing every
// format a run takes.
func checkFormats(list string) error {
	for _, f := range strings.Split(list, ",") {
		name, _, _ := strings.Cut(strings.TrimSpace(f), ":")
		if name != "" && !godogFormats[name] {
			return fmt.Errorf("--format: unknown format %q; the formats are pretty, progress, cucumber:FILE, junit:FILE, github[:FILE], html:FILE and events", name)
		}
	}
	return nil
}
