package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The catalogue of errors lives in features/errors/: every bad input whose
// error a scenario can assert with `the step should fail with`. The cases
// here cannot be written that way. Text that does not parse, a path that
// leaves the suite root, a bad golden file name, a step used the wrong way:
// these are problems with the scenario itself, which fail at once (docs/reference.md, Error codes).
// Each case writes a small suite into t.TempDir(), runs the CLI on it and
// checks the exit code and what the user reads.
//
// A case with a bug set documents what SPEC.md asks for and the engine does
// not do yet; it is skipped with the reason unless SCENARIO_ERRORS_BUGS=1
// is set, which runs it to reproduce the bug:
//
//	SCENARIO_ERRORS_BUGS=1 go test -run TestErrors ./cmd/scenario/

// errsInputFeature is a feature whose only step gives text as the input
// state in a docstring of the given media type ("json", "yaml" or ""). The
// first line of text stands on line 6 of features/x.feature, column 7.
func errsInputFeature(media, text string) string {
	var b strings.Builder
	b.WriteString("Feature: X\n\n  Scenario: bad text\n    Given the input state:\n      \"\"\"" + media + "\n")
	for _, line := range strings.Split(text, "\n") {
		if line == "" {
			b.WriteString("\n")
			continue
		}
		b.WriteString("      " + line + "\n")
	}
	b.WriteString("      \"\"\"\n")
	return b.String()
}

// errsScenario is a feature with one scenario made of the given step lines
// (each indented by four spaces); the first stands on line 4.
func errsScenario(steps ...string) string {
	var b strings.Builder
	b.WriteString("Feature: X\n\n  Scenario: one\n")
	for _, s := range steps {
		for _, line := range strings.Split(s, "\n") {
			b.WriteString("    " + line + "\n")
		}
	}
	return b.String()
}

// errsCase is one bad input: the suite's files, the exit code and the texts
// the output must hold, and a bug when SPEC.md asks for more than the engine
// does today.
type errsCase struct {
	name  string
	files map[string]string
	code  int
	want  []string
	bug   string
}

// errsSkipBug skips a case that shows a known bug, unless
// SCENARIO_ERRORS_BUGS is set.
func errsSkipBug(t *testing.T, bug string) {
	t.Helper()
	if bug != "" && os.Getenv("SCENARIO_ERRORS_BUGS") == "" {
		t.Skip("bug: " + bug)
	}
}

func (c errsCase) run(t *testing.T, args func(dir string) []string) cliResult {
	t.Helper()
	errsSkipBug(t, c.bug)
	dir := newSuite(t, c.files)
	if args == nil {
		args = func(dir string) []string { return suiteArgs("", dir) }
	}
	r := runCLI(t, args(dir)...)
	wantCode(t, r, c.code)
	wantContains(t, r, c.want...)
	return r
}

func TestErrorsTextThatDoesNotParse(t *testing.T) {
	feature := func(media, text string) map[string]string {
		return map[string]string{"features/x.feature": errsInputFeature(media, text)}
	}
	failed := "1 scenarios (1 failed)"
	tests := []errsCase{
		// JSON habits that JSON does not allow
		{name: "trailing comma in an object", files: feature("json", `{"a": 1,}`),
			want: []string{`features/x.feature:6:15: expected a string key after ",", found "}" (JSON allows no trailing comma)`}},
		{name: "trailing comma in an array", files: feature("json", `{"a": [1, 2,]}`),
			want: []string{`features/x.feature:6:19: expected a value after ",", found "]" (JSON allows no trailing comma)`}},
		{name: "a # comment", files: feature("json", "# the state\n{\"a\": 1}"),
			want: []string{`features/x.feature:6:7: expected a JSON value, found "#" (JSON has no comments)`}},
		{name: "a /* */ comment", files: feature("json", `{"a": /* one */ 1}`),
			want: []string{`features/x.feature:6:13: expected a JSON value, found "/" (JSON has no comments)`}},
		{name: "a // comment after a value", files: feature("json", "{\"a\": 1 // one\n}"),
			want: []string{`features/x.feature:6:15: expected "," or "}" after object member, found "/" (JSON has no comments)`}},
		{name: "a # comment after an array element", files: feature("json", "[1 # one\n]"),
			want: []string{`features/x.feature:6:10: expected "," or "]" after array element, found "#" (JSON has no comments)`}},
		{name: "single-quoted key", files: feature("json", `{'a': 1}`),
			want: []string{`features/x.feature:6:8: expected a string key, found "'" (JSON strings take double quotes)`}},
		{name: "single-quoted value", files: feature("json", `{"a": 'x'}`),
			want: []string{`features/x.feature:6:13: expected a JSON value, found "'" (JSON strings take double quotes)`}},
		{name: "unterminated string", files: feature("json", `{"a": "open}`),
			want: []string{`features/x.feature:6:19: expected "\"" to end the string that starts at 6:13, found end of input`}},
		{name: "a line break inside a string", files: feature("json", "{\"a\": \"line one\nline two\"}"),
			want: []string{`features/x.feature:6:22: found control character U+000A in a string; escape it (\n, \t, \u00XX) or close the string with "\""`}},
		{name: "truncated object", files: feature("json", `{"a": {"b": 1}`),
			want: []string{`features/x.feature:6:21: expected "," or "}" after object member, found end of input`}},
		{name: "truncated after a key", files: feature("json", `{"a":`),
			want: []string{`features/x.feature:6:12: expected a JSON value, found end of input`}},
		{name: "unquoted key", files: feature("json", `{a: 1}`),
			want: []string{`features/x.feature:6:8: expected a string key, found "a"`}},
		{name: "bare word", files: feature("json", `{"a": yes}`),
			want: []string{`features/x.feature:6:13: expected a JSON value, found "yes"`}},
		{name: "bare NaN", files: feature("json", `{"a": NaN}`),
			want: []string{`features/x.feature:6:13: expected a JSON value, found "NaN" (JSON numbers are finite: there is no NaN or Infinity)`}},
		{name: "bare -Infinity", files: feature("json", `{"a": -Infinity}`),
			want: []string{`features/x.feature:6:14: expected a digit after "-", found "Infinity" (JSON numbers are finite: there is no NaN or Infinity)`}},
		{name: "Python's True", files: feature("json", `{"a": True}`),
			want: []string{`features/x.feature:6:13: expected a JSON value, found "True" (JSON literals are true, false and null)`}},
		{name: "Python's None", files: feature("json", `{"a": None}`),
			want: []string{`found "None" (JSON literals are true, false and null)`}},
		{name: "JavaScript's undefined", files: feature("json", `{"a": undefined}`),
			want: []string{`found "undefined" (JSON literals are true, false and null)`}},
		{name: "a plus sign", files: feature("json", `{"a": +1}`),
			want: []string{`features/x.feature:6:13: expected a JSON value, found "+1" (JSON numbers take no "+" sign)`}},
		{name: "leading zeros", files: feature("json", `{"a": 007}`),
			want: []string{`features/x.feature:6:13: numbers have no leading zeros: found "007" (write 7, or quote it to keep a string)`}},
		{name: "an escape JSON does not have", files: feature("json", `{"a": "\x41"}`),
			want: []string{`features/x.feature:6:14: invalid escape \x in a string; JSON escapes are \" \\ \/ \b \f \n \r \t \uXXXX`}},
		{name: "two values", files: feature("json", `{"a": 1} {"b": 2}`),
			want: []string{`features/x.feature:6:16: expected end of input after the JSON value, found "{"`}},
		{name: "empty json docstring", files: feature("json", ""),
			want: []string{`features/x.feature:6:7: expected a JSON value, found end of input`}},

		// YAML
		{name: "two YAML documents", files: feature("yaml", "a: 1\n---\nb: 2"),
			want: []string{`features/x.feature:7:7: expected one YAML document, found a second one after ---; remove it or split the text`}},
		{name: "empty yaml docstring", files: feature("yaml", ""),
			want: []string{`features/x.feature:6:7: expected a value, found an empty document`}},
		{name: "empty untagged docstring", files: feature("", ""),
			want: []string{`features/x.feature:6:7: expected a value, found an empty document`}},
		{name: "a YAML docstring with only a comment", files: feature("yaml", "# nothing yet"),
			want: []string{`features/x.feature:6:7: expected a value, found an empty document`}},
		{name: "an unclosed flow mapping", files: feature("yaml", "a: {b: 1"),
			want: []string{`features/x.feature:6:7: invalid YAML: did not find expected ',' or '}'`}},
		{name: "an undefined alias", files: feature("yaml", "a: *nope"),
			want: []string{`features/x.feature:6:7: invalid YAML: unknown anchor 'nope' referenced`}},
		{name: "a value after a value", files: feature("yaml", "a: b: c"),
			want: []string{`features/x.feature:6:7: invalid YAML: mapping values are not allowed in this context`}},
		{name: "a tab for indentation", files: feature("yaml", "a:\n\tb: 1"),
			want: []string{`features/x.feature:`, `invalid YAML: found character that cannot start any token`}},
		{name: "bad indentation", files: feature("yaml", "a:\n  b: 1\n c: 2"),
			want: []string{`features/x.feature:`, `invalid YAML: did not find expected key`}},
		{name: "bad indentation names the line of the bad key", files: feature("yaml", "a:\n  b: 1\n c: 2"),
			want: []string{`features/x.feature:8:`, `invalid YAML: did not find expected key`},
			bug:  `the YAML parser's line is used as is: the error names line 7 (the line of "b"), not line 8 where " c: 2" breaks the indentation; and every YAML syntax error is at column 1 of its line`},

		// docstring media type
		{name: "a docstring type that is neither json nor yaml", files: feature("xml", "<a/>"),
			want: []string{`features/x.feature:5:6: docstring type "xml": expected json or yaml`}},

		// JSON written inline in a step or a table cell
		{name: "a schema default cell", files: map[string]string{"features/x.feature": errsScenario(
			"Given the state schema:",
			"  | field  | default |",
			"  | config | {a: 1}  |")},
			want: []string{`features/x.feature:6:`, `expected a string key, found "a"`}},
		{name: "a schema default cell names its column in the file", files: map[string]string{"features/x.feature": errsScenario(
			"Given the state schema:",
			"  | field  | default |",
			"  | config | {a: 1}  |")},
			want: []string{`features/x.feature:6:19: expected a string key, found "a"`}},
		{name: "an output cell of a parallel step", files: map[string]string{"features/x.feature": errsScenario(
			"Given an empty input state",
			"When these nodes run in one step:",
			"  | node | output       |",
			"  | a    | {\"n\": 1,}   |")},
			want: []string{`features/x.feature:7:`, `expected a string key after ",", found "}" (JSON allows no trailing comma)`}},
		{name: "the JSON of field should equal", files: map[string]string{"features/x.feature": errsScenario(
			"Given an empty input state",
			"Then field \"a\" should equal [1, 2,]")},
			want: []string{`features/x.feature:5:`, `expected a value after ",", found "]" (JSON allows no trailing comma)`}},
		{name: "the JSON of field should equal names its column in the file", files: map[string]string{"features/x.feature": errsScenario(
			"Given an empty input state",
			"Then field \"a\" should equal [1, 2,]")},
			want: []string{`features/x.feature:5:39: expected a value after ","`}},

		// files
		{name: "a JSON file that does not parse", files: map[string]string{
			"features/x.feature":    errsScenario(`Given the state schema from "scenarios/schema.json"`),
			"scenarios/schema.json": "{\"fields\": {\"score\": {\"default\": NaN}}}\n"},
			want: []string{`scenarios/schema.json:1:34: expected a JSON value, found "NaN" (JSON numbers are finite: there is no NaN or Infinity)`}},
		{name: "a YAML file with two documents", files: map[string]string{
			"features/x.feature":   errsScenario(`Given the input state from "scenarios/input.yaml"`),
			"scenarios/input.yaml": "a: 1\n---\na: 2\n"},
			want: []string{`scenarios/input.yaml:2:1: expected one YAML document, found a second one after ---`}},
	}
	for _, tt := range tests {
		if tt.code == 0 {
			tt.code = exitFailed
		}
		tt.want = append(tt.want, failed)
		t.Run(tt.name, func(t *testing.T) { tt.run(t, nil) })
	}
}

// TestErrorsPathsLeavingTheRoot names files in steps that are not under the
// suite root, or are not files the step can read (README.md, Layout; docs/reference.md, Steps). The suite
// root is <tmp>/suite; <tmp>/outside.json and <tmp>/shared/ lie outside it.
func TestErrorsPathsLeavingTheRoot(t *testing.T) {
	type pathCase struct {
		name string
		step string // may hold {outside} and {root}: the absolute paths
		want []string
		bug  string
	}
	tests := []pathCase{
		{name: "a relative path that escapes", step: `Given the input state from "../outside.json"`,
			want: []string{`features/x.feature:4: path "../outside.json" leaves the suite root {root}; paths must stay inside it`}},
		{name: "an escape through scenarios/..", step: `Given the input state from "scenarios/../../outside.json"`,
			want: []string{`path "scenarios/../../outside.json" leaves the suite root`}},
		{name: "an absolute path outside the root", step: `Given the input state from "{outside}"`,
			want: []string{`features/x.feature:4: path "{outside}" is absolute; paths in steps are relative to the suite root {root}`}},
		{name: "an absolute path inside the root", step: `Given the input state from "{root}/scenarios/input.json"`,
			want: []string{`features/x.feature:4: path "{root}/scenarios/input.json" is absolute`}},
		{name: "a symbolic link to a file outside", step: `Given the input state from "scenarios/link.json"`,
			want: []string{`features/x.feature:4: path "scenarios/link.json" leads out of the suite root {root} through a symbolic link`}},
		{name: "a file in a linked directory outside", step: `Given the input state from "scenarios/shared/input.json"`,
			want: []string{`path "scenarios/shared/input.json" leads out of the suite root {root} through a symbolic link`}},
		{name: "a schema file through a link", step: `Given the state schema from "scenarios/shared/schema.yaml"`,
			want: []string{`path "scenarios/shared/schema.yaml" leads out of the suite root`}},
		{name: "a node output that escapes", step: "Given an empty input state\nWhen node \"a\" returns from \"../outside.json\"",
			want: []string{`features/x.feature:5: path "../outside.json" leaves the suite root`}},
		{name: "a plan.md that escapes", step: "Given the \"dawn\" profile\nAnd the route has a plan.md from \"../plan.md\"",
			want: []string{`features/x.feature:5: path "../plan.md" leaves the suite root`}},
		{name: "a missing file", step: `Given the input state from "scenarios/nope.json"`,
			want: []string{`features/x.feature:4: cannot read "scenarios/nope.json" (under the suite root {root}): no such file or directory`}},
		{name: "a missing plan.md", step: "Given the \"dawn\" profile\nAnd the route has a plan.md from \"scenarios/plan.md\"",
			want: []string{`features/x.feature:5: cannot read "scenarios/plan.md" (under the suite root {root}): no such file or directory`}},
		{name: "an unsupported extension", step: `Given the input state from "scenarios/input.txt"`,
			want: []string{`features/x.feature:4: scenarios/input.txt: unsupported file type ".txt": expected .json, .yaml or .yml`}},
		{name: "no extension", step: `Given the input state from "scenarios/input"`,
			want: []string{`scenarios/input: unsupported file type "": expected .json, .yaml or .yml`}},
		{name: "a backup file as a schema", step: `Given the state schema from "scenarios/plan.md.bak"`,
			want: []string{`unsupported file type ".bak": expected .json, .yaml or .yml`}},
		{name: "a directory given as a file", step: `Given the input state from "scenarios/dir"`,
			want: []string{`features/x.feature:4: "scenarios/dir" is a directory, not a regular file; expected a file`}},
		{name: "a directory named like a file", step: `Given the state schema from "scenarios/dir.json"`,
			want: []string{`"scenarios/dir.json" is a directory, not a regular file; expected a file`}},
		{name: "a directory as a plan.md", step: "Given the \"dawn\" profile\nAnd the route has a plan.md from \"scenarios\"",
			want: []string{`features/x.feature:5: "scenarios": a plan.md is read as text from a .md file`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			errsSkipBug(t, tt.bug)
			tmp := t.TempDir()
			root := filepath.Join(tmp, "suite")
			outside := filepath.Join(tmp, "outside.json")
			writeFiles(t, tmp, map[string]string{
				"outside.json":                    `{"secret": true}`,
				"plan.md":                         "- [ ] outside\n",
				"shared/input.json":               `{"secret": true}`,
				"shared/schema.yaml":              "fields: {secret: {}}\n",
				"suite/scenarios/input.json":      `{"a": 1}`,
				"suite/scenarios/input.txt":       `{"a": 1}`,
				"suite/scenarios/input":           `{"a": 1}`,
				"suite/scenarios/plan.md.bak":     "- [ ] a\n",
				"suite/scenarios/dir/x.json":      `{}`,
				"suite/scenarios/dir.json/x.json": `{}`,
			})
			if err := os.Symlink(outside, filepath.Join(root, "scenarios", "link.json")); err != nil {
				t.Skipf("cannot make a symbolic link here: %v", err)
			}
			if err := os.Symlink(filepath.Join(tmp, "shared"), filepath.Join(root, "scenarios", "shared")); err != nil {
				t.Skipf("cannot make a symbolic link here: %v", err)
			}
			expand := strings.NewReplacer("{outside}", outside, "{root}", root).Replace
			writeFiles(t, root, map[string]string{"features/x.feature": errsScenario(expand(tt.step))})
			r := runCLI(t, suiteArgs("", root)...)
			wantCode(t, r, exitFailed)
			for _, w := range tt.want {
				wantContains(t, r, expand(w))
			}
			wantContains(t, r, "1 scenarios (1 failed)")
			if strings.Contains(r.all(), "secret") {
				t.Errorf("the output shows the content of a file outside the root:\n%s", r.all())
			}
		})
	}
}

// TestErrorsGoldenNames refuses golden file names that are not slugs
// (docs/reference.md, Golden files: same character rules as the slug, no "/", no ".."), even in
// update mode, and writes nothing anywhere.
func TestErrorsGoldenNames(t *testing.T) {
	tests := []struct {
		name, slug string
	}{
		{name: "a/b", slug: "a-b"},
		{name: "../escape", slug: "escape"},
		{name: "../../../tmp/escape", slug: "tmp-escape"},
		{name: "..", slug: ""},
		{name: "Upper", slug: "upper"},
		{name: "with space", slug: "with-space"},
		{name: "state.json", slug: "state-json"},
		{name: "-dash-first", slug: "dash-first"},
		{name: "two--dashes", slug: "two-dashes"},
		{name: "café", slug: "caf"},
	}
	for _, tt := range tests {
		for _, cmd := range []string{"run", "update"} {
			t.Run(cmd+" "+tt.name, func(t *testing.T) {
				tmp := t.TempDir()
				root := filepath.Join(tmp, "suite")
				feature := errsScenario("Given an empty input state", `Then the state should match the golden file "`+tt.name+`"`)
				writeFiles(t, root, map[string]string{"features/x.feature": feature})
				r := runCLI(t, suiteArgs(cmd, root)...)
				wantCode(t, r, exitFailed)
				wantContains(t, r,
					`features/x.feature:5: golden file name "`+tt.name+`": use only a-z, 0-9 and -, like "`+tt.slug+`"`,
					"1 scenarios (1 failed)")
				if got := filesUnder(t, tmp); len(got) != 1 || got[0] != "suite/features/x.feature" {
					t.Errorf("the run left files behind: %v", got)
				}
			})
		}
	}
	// the same suite with a good name does write its golden file, so the
	// refusals above are not an update mode that writes nothing at all
	t.Run("a good name is written", func(t *testing.T) {
		tmp := t.TempDir()
		root := filepath.Join(tmp, "suite")
		feature := errsScenario("Given an empty input state", `Then the state should match the golden file "empty-state"`)
		writeFiles(t, root, map[string]string{"features/x.feature": feature})
		wantCode(t, runCLI(t, suiteArgs("update", root)...), exitPassed)
		if got := filesUnder(t, tmp); strings.Join(got, " ") != "suite/features/x.feature suite/golden/x/empty-state.json" {
			t.Errorf("files after update: %v", got)
		}
	})
}

// TestErrorsStepsUsedWrongly covers steps given the wrong argument, an
// undefined step, and the rules of asserting a failed step (docs/reference.md, Steps and Error codes).
func TestErrorsStepsUsedWrongly(t *testing.T) {
	schema := "Given the state schema:\n  | field | type    |\n  | n     | integer |"
	input := "And the input state:\n  \"\"\"json\n  {\"n\": 1}\n  \"\"\""
	// with schema and input, the next step stands on line 11
	bad := "When node \"a\" returns:\n  \"\"\"json\n  {\"n\": \"two\"}\n  \"\"\""
	// and after bad, line 15
	plan := "Given the \"dawn\" profile\nAnd the route has a plan.md:\n  \"\"\"\n  - [ ] A\n  \"\"\"\nAnd an empty input state"
	// after plan, line 10
	one := func(steps ...string) map[string]string {
		return map[string]string{"features/x.feature": errsScenario(steps...)}
	}
	tests := []errsCase{
		{name: "an undefined step", files: one("Given the input stat:", "  \"\"\"json\n  {}\n  \"\"\""), code: exitLoad,
			want: []string{`features/x.feature:4: undefined step "the input stat:"`, "(`scenario steps` lists the vocabulary)"}},
		{name: "a step that needs a docstring given none", files: one(schema, input, `When node "a" returns:`, `Then field "n" should equal 1`),
			want: []string{`features/x.feature:11: this step needs a docstring (""" ... """) after it`}},
		{name: "a docstring step given a table", files: one(schema, "And the input state:\n  | n |\n  | 1 |"),
			want: []string{`features/x.feature:7: this step needs a docstring (""" ... """) after it`}},
		{name: "a table step given a docstring", files: one(plan, "Then the plan should be:\n  \"\"\"\n  - [ ] A\n  \"\"\""),
			want: []string{`features/x.feature:10: this step needs a table after it`}},
		{name: "a step without argument given a docstring", files: one(schema, "And an empty input state\n  \"\"\"json\n  {}\n  \"\"\""),
			want: []string{`features/x.feature:7: this step takes no docstring or table`}},
		{name: "a schema step given nothing", files: one("Given the state schema:", "And an empty input state"),
			want: []string{`features/x.feature:4: this step needs a docstring or a table after it`}},
		{name: "the step should fail when nothing failed", files: one(schema, input, `Then the step should fail with "TYPE_MISMATCH"`),
			want: []string{`features/x.feature:11: the previous step should have failed with TYPE_MISMATCH, but it passed`}},
		{name: "a pending error never asserted", files: one(schema, input, bad),
			want: []string{`features/x.feature:11: TYPE_MISMATCH: field "n" expects integer, received "two" (string) from node "a" (at $.n, features/x.feature:13:13)`}},
		{name: "a pending error followed by another step", files: one(schema, input, bad, `Then the revision should be 1`),
			want: []string{`features/x.feature:11: TYPE_MISMATCH: field "n" expects integer`}},
		{name: "a pending error followed by another action", files: one(schema, input, bad, "When node \"b\" returns:\n  \"\"\"json\n  {\"n\": 2}\n  \"\"\""),
			want: []string{`features/x.feature:11: TYPE_MISMATCH: `}},
		{name: "the wrong code asserted", files: one(schema, input, bad, `Then the step should fail with "READONLY_WRITE"`),
			want: []string{`features/x.feature:15: the step at line 11 should have failed with READONLY_WRITE, but it failed with TYPE_MISMATCH: field "n" expects integer`}},
		{name: "a mention the error does not hold", files: one(schema, input, bad, `Then the step should fail with "TYPE_MISMATCH" mentioning "expects a number"`),
			want: []string{`features/x.feature:15: the step at line 11 failed with TYPE_MISMATCH as expected, but the error does not mention "expects a number":`}},
		{name: "a problem cannot be asserted", files: one(schema, input, `When node "a" returns from "scenarios/nope.json"`, `Then the step should fail with "NOT_FOUND"`),
			want: []string{`features/x.feature:11: cannot read "scenarios/nope.json"`}},
		{name: "a schema declared twice", files: one(schema, "And the state schema:\n  | field |\n  | m     |"),
			want: []string{`features/x.feature:7: the scenario declares a schema twice`}},
		{name: "a plan.md given twice", files: one(plan, "And the route has a plan.md:\n  \"\"\"\n  - [ ] B\n  \"\"\""),
			want: []string{`features/x.feature:10: the route has a plan.md already`}},
		{name: "setup after the first run", files: one(schema, input, `And the "awaken" profile`),
			want: []string{`features/x.feature:11: setup steps (profile, schema, plan.md, tools) come before the first run`}},
		{name: "a node output before any input", files: one(schema, "When node \"a\" returns:\n  \"\"\"json\n  {\"n\": 2}\n  \"\"\""),
			want: []string{`features/x.feature:7: thread "main" has no state yet: start a run first (Given the input state: ...)`}},
		{name: "an assertion before any input", files: one(schema, `Then field "n" should be absent`),
			want: []string{`features/x.feature:7: thread "main" has no state yet`}},
		{name: "an assertion on a thread that has none", files: one(schema, input, "When the graph is invoked on thread \"t2\" with no input", "Then the step should fail with \"EMPTY_INPUT\"", `And the revision should be 1`),
			want: []string{`features/x.feature:13: thread "t2" has no state yet`}},
		{name: "a parallel step table with another header", files: one(schema, input, "When these nodes run in one step:\n  | name | out        |\n  | a    | {\"n\": 2} |"),
			want: []string{`features/x.feature:11: the table needs the header | node | output |, found | name | out |`}},
		{name: "a parallel step that is not a mapping", files: one(schema, input, "When these nodes run in one step:\n  \"\"\"yaml\n  [a, b]\n  \"\"\""),
			want: []string{`features/x.feature:13:7: expected a mapping of node name to output, found array`}},
		{name: "a plan table with another header", files: one(plan, "Then the plan should be:\n  | todo | done |\n  | A    | no   |"),
			want: []string{`features/x.feature:10: the table needs the header | content | status |, found | todo | done |`}},
		{name: "writeTodos without a plan.md", files: one("Given the \"dawn\" profile", "And an empty input state", "When the model calls \"writeTodos\" with:\n  \"\"\"json\n  {\"todos\": []}\n  \"\"\""),
			want: []string{`features/x.feature:6: writeTodos is contributed by Dawn's planning capability: give the route a plan.md first (Given the route has a plan.md: ...)`}},
		{name: "a field path with an empty key", files: one(schema, input, `Then field "n..x" should be absent`),
			want: []string{`features/x.feature:11: bad field path "n..x": empty key`}},
		{name: "an expected value that breaks a value rule", files: one(schema, input, "Then the state should equal:\n  \"\"\"json\n  {\"n\": 1, \"n\": 1}\n  \"\"\""),
			want: []string{`features/x.feature:11: the expected value is not valid: DUPLICATE_KEY: duplicate key "n"`}},
	}
	for _, tt := range tests {
		if tt.code == 0 {
			tt.code = exitFailed
		}
		t.Run(tt.name, func(t *testing.T) {
			r := tt.run(t, nil)
			if tt.code == exitLoad && strings.Contains(r.out, "scenarios (") {
				t.Errorf("a suite with an undefined step ran scenarios:\n%s", r.out)
			}
		})
	}
}
