package main

import (
	"bufio"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/stateharness/scenario/engine"
	"github.com/stateharness/scenario/steps"
)

// The user reference (docs/reference.md) is written by hand but for the
// parts whose source is the code: the step vocabulary, each step with an
// example from the bundled features, and the error codes. Those parts stand
// between <!-- begin NAME --> and <!-- end NAME --> and are rendered from
// the code (TestReferenceIsCurrent; SCENARIO_UPDATE=1 rewrites them).

// referenceParts renders the generated parts of the reference for the
// suite at root, whose features give the examples.
func referenceParts(root string) (map[string]string, error) {
	examples, err := stepExamples(root)
	if err != nil {
		return nil, err
	}
	var st strings.Builder
	st.WriteString("| step | argument | example |\n|---|---|---|\n")
	for _, d := range steps.Vocabulary() {
		arg := "—"
		if d.Arg != steps.NoArg {
			arg = string(d.Arg)
		}
		ex := "—"
		if e, ok := examples[d.Pattern]; ok {
			ex = fmt.Sprintf("`%s` (%s)", mdCell(e.text), e.where)
		}
		fmt.Fprintf(&st, "| `%s` | %s | %s |\n", mdCell(stepText(d)), arg, ex)
	}
	var codes strings.Builder
	codes.WriteString("| code | what it means | what to do |\n|---|---|---|\n")
	for _, c := range engine.Codes() {
		fmt.Fprintf(&codes, "| `%s` | %s | %s |\n", c.Code, mdCell(c.Means), mdCell(c.Do))
	}
	return map[string]string{"steps": st.String(), "codes": codes.String()}, nil
}

type stepExample struct{ text, where string }

// stepExamples finds each step pattern's first use in the bundled features
// (by file path, then line), outline placeholders left out.
func stepExamples(root string) (map[string]stepExample, error) {
	defs := steps.Vocabulary()
	res := make([]*regexp.Regexp, len(defs))
	for i, d := range defs {
		res[i] = regexp.MustCompile(d.Pattern)
	}
	keyword := regexp.MustCompile(`^\s*(Given|When|Then|And|But|\*)\s+(.*)$`)
	// the features first, then the Go suites' (Go nodes and tools)
	var files []string
	for _, dir := range []string{"features", "testdata"} {
		var found []string
		err := filepath.WalkDir(filepath.Join(root, dir), func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(p, ".feature") {
				found = append(found, p)
			}
			return err
		})
		if err != nil {
			return nil, err
		}
		sort.Strings(found)
		files = append(files, found...)
	}
	out := map[string]stepExample{}
	for _, f := range files {
		if err := scanExamples(root, f, defs, res, keyword, out); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func scanExamples(root, file string, defs []steps.Def, res []*regexp.Regexp, keyword *regexp.Regexp, out map[string]stepExample) error {
	fh, err := os.Open(file)
	if err != nil {
		return err
	}
	defer fh.Close()
	rel, _ := filepath.Rel(root, file)
	sc := bufio.NewScanner(fh)
	for line := 1; sc.Scan(); line++ {
		m := keyword.FindStringSubmatch(sc.Text())
		if m == nil || strings.Contains(m[2], "<") {
			continue
		}
		for i, re := range res {
			if _, seen := out[defs[i].Pattern]; !seen && re.MatchString(m[2]) {
				out[defs[i].Pattern] = stepExample{m[2], fmt.Sprintf("%s:%d", filepath.ToSlash(rel), line)}
			}
		}
	}
	return sc.Err()
}

// mdCell keeps a text inside one Markdown table cell.
func mdCell(s string) string { return strings.ReplaceAll(s, "|", `\|`) }

// fillReference replaces the generated parts of a reference text.
func fillReference(text string, parts map[string]string) (string, error) {
	for _, name := range slices.Sorted(maps.Keys(parts)) {
		begin, end := "<!-- begin "+name+" -->\n", "<!-- end "+name+" -->"
		i := strings.Index(text, begin)
		j := strings.Index(text, end)
		if i < 0 || j < i {
			return "", fmt.Errorf("the reference has no %q part between %q and %q", name, strings.TrimSpace(begin), end)
		}
		text = text[:i+len(begin)] + parts[name] + text[j:]
	}
	return text, nil
}
