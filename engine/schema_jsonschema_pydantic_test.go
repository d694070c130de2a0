package engine

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stateharness/scenario/internal/toolchain"
)

// pydanticDir holds what the real Pydantic writes for the models of
// testdata/pydantic/export.py.
var pydanticDir = filepath.Join("..", "scenarios", "schemas", "pydantic")

// The fields of each Pydantic export read as its model declares them:
// "type reducer = default" (no "= ..." without a default).
func TestPydanticSchemas(t *testing.T) {
	for _, c := range []struct {
		file   string
		fields map[string]string
	}{
		{"agent.schema.json", map[string]string{
			"messages":    "array messages = []",
			"did":         "string ",
			"status":      `string (one of "idle", "thinking", "done")  = "idle"`,
			"last_error":  "string?  = null",
			"active_task": "object?  = null",
			"context":     "object merge = {}",
			"turns":       "integer sum = 0",
		}},
		{"support.schema.json", map[string]string{
			"messages":   "array messages = []",
			"status":     `string (one of "open", "waiting_on_customer", "escalated", "closed")  = "open"`,
			"customer":   "object?  = null",
			"notes":      "array append = []",
			"tool_calls": "array append = []",
			"turns":      "integer sum = 0",
			"retries":    "integer?  = null",
			"scores":     "object  = {}",
			"escalated":  "boolean  = false",
			"channel":    `string (one of "email")  = "email"`,
			"summary":    `string  = ""`,
		}},
		{"plain.schema.json", map[string]string{
			// model_json_schema() drops add_messages and operator.add
			"messages": "array  = []",
			"history":  "array  = []",
			"status":   `string (one of "open", "closed")  = "open"`,
		}},
		{"recursive.schema.json", map[string]string{
			"goal":     "string ",
			"subplans": "array append = []",
			"parent":   "object?  = null",
		}},
		{"typeddict.schema.json", map[string]string{
			"messages": "array messages",
			"notes":    "array append",
			"status":   `string (one of "open", "closed") `,
			"summary":  "string? ",
		}},
	} {
		t.Run(c.file, func(t *testing.T) {
			s := readPydanticSchema(t, c.file)
			got := map[string]string{}
			for _, f := range s.Fields {
				desc := f.Type.String() + " " + f.Reducer.String()
				if f.HasDefault {
					desc += " = " + compactJSON(f.Default)
				}
				got[f.Name] = desc
			}
			for name, want := range c.fields {
				if got[name] != want {
					t.Errorf("field %q = %q, want %q", name, got[name], want)
				}
			}
			if len(got) != len(c.fields) {
				t.Errorf("fields %v, want %v", got, c.fields)
			}
		})
	}
}

func readPydanticSchema(t *testing.T, file string) *Schema {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(pydanticDir, file))
	if err != nil {
		t.Fatal(err)
	}
	doc, err := DecodeJSON(data, Source{Name: file})
	if err != nil {
		t.Fatal(err)
	}
	s, err := SchemaFromValue(doc)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := New(s, Options{}); err != nil {
		t.Fatal(err)
	}
	return s
}

// TestPydanticSchemasAreCurrent reruns testdata/pydantic/export.py with
// the repository's Python (its .venv: runtimes/langgraphpy/requirements.txt
// pins pydantic and langchain-core) and checks the committed schemas are
// what Pydantic writes now.
func TestPydanticSchemasAreCurrent(t *testing.T) {
	root := toolchain.RepoRoot()
	python := toolchain.LangGraphPython(t)
	out := t.TempDir()
	cmd := exec.Command(python, filepath.Join(root, "testdata", "pydantic", "export.py"), out)
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("export.py: %v\n%s", err, msg)
	}
	written, err := filepath.Glob(filepath.Join(out, "*.json"))
	if err != nil || len(written) == 0 {
		t.Fatalf("export.py wrote no schema in %s (%v)", out, err)
	}
	committed, _ := filepath.Glob(filepath.Join(root, "scenarios", "schemas", "pydantic", "*.json"))
	if len(committed) != len(written) {
		t.Errorf("export.py writes %d schemas, %d are committed; run: .venv/bin/python testdata/pydantic/export.py", len(written), len(committed))
	}
	for _, w := range written {
		got, _ := os.ReadFile(w)
		name := filepath.Join(root, "scenarios", "schemas", "pydantic", filepath.Base(w))
		want, err := os.ReadFile(name)
		if err != nil {
			t.Errorf("%v; run: .venv/bin/python testdata/pydantic/export.py", err)
			continue
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s is not what Pydantic writes now; run: .venv/bin/python testdata/pydantic/export.py\nPydantic writes:\n%s", name, firstLines(string(got), 40))
		}
	}
}

func firstLines(s string, n int) string {
	lines := strings.SplitN(s, "\n", n+1)
	if len(lines) > n {
		lines[n] = "..."
	}
	return strings.Join(lines, "\n")
}

// TestMessagesWithoutReducerWarns: an array field that looks like messages
// and has no x-reducer (a plain model_json_schema() export of add_messages)
// gives a warning naming the field and the fix; one with x-reducer, or
// another array, gives none.
func TestMessagesWithoutReducerWarns(t *testing.T) {
	for _, c := range []struct {
		name, schema string
		warned       []string // fields
	}{
		{"named messages", `{"properties": {"messages": {"type": "array", "default": []}}}`, []string{"messages"}},
		{"with x-reducer", `{"properties": {"messages": {"type": "array", "x-reducer": "messages"}}}`, nil},
		{"another reducer", `{"properties": {"messages": {"type": "array", "x-reducer": "append"}}}`, nil},
		{"not an array", `{"properties": {"messages": {"type": "string"}}}`, nil},
		{"items with content and role", `{"properties": {"chat": {"type": "array", "items": {"type": "object", "properties": {"role": {}, "content": {}}}}}}`, []string{"chat"}},
		{"items behind a $ref titled Message", `{"$defs": {"M": {"title": "HumanMessage", "type": "object"}}, "properties": {"inbox": {"type": "array", "items": {"oneOf": [{"$ref": "#/$defs/M"}]}}}}`, []string{"inbox"}},
		{"items of another kind", `{"properties": {"log": {"type": "array", "items": {"type": "object", "properties": {"content": {}}}}}}`, nil},
		{"a cycle is no message", `{"$defs": {"A": {"anyOf": [{"$ref": "#/$defs/A"}]}}, "properties": {"log": {"type": "array", "items": {"$ref": "#/$defs/A"}}}}`, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			doc, err := DecodeJSON([]byte(c.schema), Source{Name: "s.json"})
			if err != nil {
				t.Fatal(err)
			}
			s, err := SchemaFromValue(doc)
			if err != nil {
				t.Fatal(err)
			}
			checkWarned(t, s, c.warned)
		})
	}
	t.Run("Pydantic exports", func(t *testing.T) {
		for file, warned := range map[string][]string{
			"plain.schema.json":     {"messages"}, // history is operator.add of dicts: no messages
			"support.schema.json":   nil,
			"agent.schema.json":     nil,
			"typeddict.schema.json": nil,
			"recursive.schema.json": nil,
		} {
			checkWarned(t, readPydanticSchema(t, file), warned)
		}
	})
}

func checkWarned(t *testing.T, s *Schema, fields []string) {
	t.Helper()
	if len(s.Warnings) != len(fields) {
		t.Fatalf("warnings %q, want one for each of %v", s.Warnings, fields)
	}
	for i, f := range fields {
		w := s.Warnings[i]
		if !strings.Contains(w, `field "`+f+`"`) || !strings.Contains(w, `json_schema_extra={"x-reducer": "messages"}`) || !strings.Contains(w, `$.properties.`+f) {
			t.Errorf("warning %q does not name field %q, its path and the json_schema_extra fix", w, f)
		}
	}
}
