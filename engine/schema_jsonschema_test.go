package engine

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stateharness/scenario/internal/toolchain"
)

func TestSchemaFromJSONSchema(t *testing.T) {
	type want struct {
		typ      string
		def      string // JSON; "" for no default
		reducer  string
		readonly bool
		paths    string // readonly sub-paths, comma-separated
	}
	cases := []struct {
		name   string
		schema string
		fields map[string]want
	}{
		{"type and default", `{"properties": {"a": {"type": "string", "default": "x", "title": "A"}}}`,
			map[string]want{"a": {typ: "string", def: `"x"`}}},
		{"no type leaves it to the profile", `{"$schema": "x", "properties": {"a": {"description": "d"}}}`,
			map[string]want{"a": {}}},
		{"type list with null", `{"properties": {"a": {"type": ["integer", "null"]}}}`,
			map[string]want{"a": {typ: "integer?"}}},
		{"type list of two types", `{"properties": {"a": {"type": ["string", "number"]}}}`,
			map[string]want{"a": {typ: "any"}}},
		{"integer or number", `{"properties": {"a": {"type": ["integer", "number"]}}}`,
			map[string]want{"a": {typ: "number"}}},
		{"anyOf null (Pydantic Optional)", `{"properties": {"a": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": null}}}`,
			map[string]want{"a": {typ: "string?", def: `null`}}},
		{"oneOf null", `{"properties": {"a": {"oneOf": [{"type": "null"}, {"type": "object"}]}}}`,
			map[string]want{"a": {typ: "object?"}}},
		{"enum of strings", `{"properties": {"a": {"type": "string", "enum": ["x", "y"]}}}`,
			map[string]want{"a": {typ: `string (one of "x", "y")`}}},
		{"enum without type", `{"properties": {"a": {"enum": ["x", "y", null]}}}`,
			map[string]want{"a": {typ: `string? (one of "x", "y")`}}},
		{"const", `{"properties": {"a": {"type": "string", "const": "agent"}}}`,
			map[string]want{"a": {typ: `string (one of "agent")`}}},
		{"nullable enum", `{"properties": {"a": {"anyOf": [{"type": "string", "enum": ["x"]}, {"type": "null"}]}}}`,
			map[string]want{"a": {typ: `string? (one of "x")`}}},
		{"anyOf with an unenumerated branch", `{"properties": {"a": {"anyOf": [{"enum": ["x"]}, {"type": "string"}]}}}`,
			map[string]want{"a": {typ: "string"}}},
		{"x-reducer and readOnly", `{"properties": {"a": {"type": "object", "x-reducer": "merge", "readOnly": true}}}`,
			map[string]want{"a": {typ: "object", reducer: "merge", readonly: true}}},
		{"x-reducer with an argument", `{"properties": {"a": {"type": "string", "x-reducer": "join(\"\\n\")"}}}`,
			map[string]want{"a": {typ: "string", reducer: `join("\n")`}}},
		{"readOnly false", `{"properties": {"a": {"readOnly": false}}}`,
			map[string]want{"a": {}}},
		{"$ref into $defs, with a default beside it", `{"$defs": {"S": {"type": "string", "enum": ["a", "b"], "default": "b"}}, "properties": {"a": {"$ref": "#/$defs/S", "default": "a"}}}`,
			map[string]want{"a": {typ: `string (one of "a", "b")`, def: `"a"`}}},
		{"$ref into definitions (draft-07)", `{"definitions": {"T": {"type": "object", "x-reducer": "merge"}}, "properties": {"a": {"$ref": "#/definitions/T"}}}`,
			map[string]want{"a": {typ: "object", reducer: "merge"}}},
		{"anyOf of a $ref and null", `{"$defs": {"T": {"type": "object"}}, "properties": {"a": {"anyOf": [{"$ref": "#/$defs/T"}, {"type": "null"}]}}}`,
			map[string]want{"a": {typ: "object?"}}},
		{"allOf wrapping a $ref (older Pydantic)", `{"$defs": {"T": {"type": "integer"}}, "properties": {"a": {"allOf": [{"$ref": "#/$defs/T"}], "default": 1}}}`,
			map[string]want{"a": {typ: "integer", def: "1"}}},
		{"root $ref (zod with .meta({id}))", `{"$schema": "x", "$ref": "#/$defs/State", "$defs": {"State": {"type": "object", "properties": {"a": {"type": "boolean"}}}}}`,
			map[string]want{"a": {typ: "boolean"}}},
		{"nested readOnly is a readonly sub-path", `{"$defs": {"D": {"type": "string"}}, "properties": {"c": {"type": "object", "properties": {"did": {"readOnly": true, "$ref": "#/$defs/D"}, "x": {"type": "object", "properties": {"id": {"readOnly": true}}}}}}}`,
			map[string]want{"c": {typ: "object", paths: "did,x.id"}}},
		{"a recursive type is read once", `{"$defs": {"N": {"type": "object", "properties": {"id": {"readOnly": true}, "child": {"$ref": "#/$defs/N"}}}}, "properties": {"tree": {"$ref": "#/$defs/N"}}}`,
			map[string]want{"tree": {typ: "object", paths: "id"}}},
		{"the schema true", `{"properties": {"a": true}}`, map[string]want{"a": {}}},
		{"unused keywords are ignored", `{"$schema": "x", "title": "S", "required": ["a"], "additionalProperties": false, "properties": {"a": {"type": "string", "minLength": 1, "format": "uuid", "x-other": 1}}}`,
			map[string]want{"a": {typ: "string"}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s, err := SchemaFromValue(ordered(t, c.schema).Value)
			if err != nil {
				t.Fatalf("SchemaFromValue: %v", err)
			}
			if len(s.Fields) != len(c.fields) {
				t.Fatalf("got %d fields, want %d", len(s.Fields), len(c.fields))
			}
			for name, w := range c.fields {
				f := s.Field(name)
				if f == nil {
					t.Fatalf("no field %q", name)
				}
				got := want{typ: f.Type.String(), reducer: f.Reducer.String(), readonly: f.Readonly}
				if f.HasDefault {
					got.def = compactJSON(f.Default)
				}
				var paths []string
				for _, p := range f.ReadonlyPaths {
					paths = append(paths, strings.TrimPrefix(FormatPath(p), "$."))
				}
				got.paths = strings.Join(paths, ",")
				if got != w {
					t.Errorf("field %q = %+v, want %+v", name, got, w)
				}
			}
		})
	}
}

func TestSchemaFromJSONSchemaErrors(t *testing.T) {
	cases := []struct {
		name, schema, path, mention string
	}{
		{"unknown type", `{"properties": {"a": {"type": "int"}}}`, "$.properties.a.type", `field "a", keyword "type": unknown JSON Schema type "int"`},
		{"type not a string", `{"properties": {"a": {"type": 3}}}`, "$.properties.a.type", `unknown JSON Schema type 3`},
		{"empty type list", `{"properties": {"a": {"type": []}}}`, "$.properties.a.type", "empty list of types"},
		{"enum not a list", `{"properties": {"a": {"enum": "x"}}}`, "$.properties.a.enum", `keyword "enum": expected a list of values`},
		{"empty enum", `{"properties": {"a": {"enum": []}}}`, "$.properties.a.enum", `expected a list of values, received []`},
		{"readOnly a string", `{"properties": {"a": {"readOnly": "yes"}}}`, "$.properties.a.readOnly", `keyword "readOnly": expected true or false, received string`},
		{"nested readOnly a number", `{"properties": {"a": {"type": "object", "properties": {"b": {"readOnly": 1}}}}}`, "$.properties.a.properties.b.readOnly", `field "a", keyword "readOnly"`},
		{"x-reducer not a string", `{"properties": {"a": {"x-reducer": 1}}}`, `$.properties.a["x-reducer"]`, `field "a", keyword "x-reducer": expected a string, received number`},
		{"x-reducer bad syntax", `{"properties": {"a": {"x-reducer": "join(x)"}}}`, `$.properties.a["x-reducer"]`, `arguments must be double-quoted`},
		{"dangling $ref", `{"properties": {"a": {"$ref": "#/$defs/Nope"}}}`, `$.properties.a["$ref"]`, `keyword "$ref": "#/$defs/Nope": nothing at $["$defs"]`},
		{"remote $ref", `{"properties": {"a": {"$ref": "https://example.com/s.json"}}}`, `$.properties.a["$ref"]`, "only references inside the document"},
		{"anchor $ref", `{"properties": {"a": {"$ref": "#Name"}}}`, `$.properties.a["$ref"]`, "anchors are not followed"},
		{"$ref not a string", `{"properties": {"a": {"$ref": 1}}}`, `$.properties.a["$ref"]`, "expected a string, received number"},
		{"$ref to a number", `{"x": 1, "properties": {"a": {"$ref": "#/x"}}}`, `$.properties.a["$ref"]`, `points at 1, not a schema`},
		{"$ref cycle", `{"$defs": {"A": {"$ref": "#/$defs/B"}, "B": {"$ref": "#/$defs/A"}}, "properties": {"a": {"$ref": "#/$defs/A"}}}`, `$["$defs"].B["$ref"]`, `a cycle of references ($.properties.a → $["$defs"].A → $["$defs"].B → $["$defs"].A) never reaches a schema`},
		{"anyOf cycle", `{"$defs": {"A": {"anyOf": [{"$ref": "#/$defs/A"}, {"type": "null"}]}}, "properties": {"a": {"$ref": "#/$defs/A"}}}`, `$["$defs"].A.anyOf`, `field "a", keyword "anyOf": a cycle of references leads back here`},
		{"anyOf not a list", `{"properties": {"a": {"anyOf": {"type": "null"}}}}`, "$.properties.a.anyOf", "expected a list of schemas"},
		{"anyOf branch not a schema", `{"properties": {"a": {"anyOf": [1]}}}`, "$.properties.a.anyOf[0]", `keyword "anyOf": expected a schema (an object), received number`},
		{"property not a schema", `{"properties": {"a": "string"}}`, "$.properties.a", `field "a": a property's schema must be an object, received string`},
		{"property false", `{"properties": {"a": false}}`, "$.properties.a", "the schema false accepts no value"},
		{"properties not an object", `{"$schema": "x", "properties": []}`, "$.properties", `needs a "properties" object, one property per field, received array`},
		{"no properties", `{"$schema": "x", "type": "object"}`, "$.properties", "received nothing"},
		{"not an object schema", `{"$schema": "x", "type": "array", "properties": {}}`, "$.type", `the document's type is "array"`},
		{"fields beside properties", `{"properties": {}, "fields": {}}`, "$.fields", `takes no "fields" key`},
		{"profile beside $schema", `{"$schema": "x", "properties": {}, "profile": "dawn"}`, "$.profile", `takes no "profile" key`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := SchemaFromValue(ordered(t, c.schema).Value)
			var e *Error
			if !errors.As(err, &e) || e.Code != SchemaInvalid {
				t.Fatalf("got %v, want SCHEMA_INVALID", err)
			}
			if e.Path != c.path || !strings.Contains(e.Message, c.mention) {
				t.Errorf("got %v\nwant path %s, message containing %s", err, c.path, c.mention)
			}
		})
	}
}

// Errors found when the schema is resolved against a profile (a default of
// another type, an unknown reducer) point at the JSON Schema keyword.
func TestJSONSchemaResolveErrors(t *testing.T) {
	cases := []struct {
		name, schema, path, message string
	}{
		{"default of another type", `{"properties": {"a": {"type": "integer", "default": "1"}}}`, "$.properties.a.default",
			`field "a", keyword "default": default "1" does not match type integer`},
		{"default outside the enum", `{"properties": {"a": {"enum": ["x", "y"], "default": "z"}}}`, "$.properties.a.default",
			`field "a", keyword "default": default "z" does not match type string (one of "x", "y")`},
		{"default in $defs", `{"$defs": {"S": {"type": "string", "default": 1}}, "properties": {"a": {"$ref": "#/$defs/S"}}}`, `$["$defs"].S.default`,
			`field "a", keyword "default": default 1 does not match type string`},
		{"unknown reducer", `{"properties": {"a": {"x-reducer": "concat"}}}`, `$.properties.a["x-reducer"]`,
			`field "a", keyword "x-reducer": unknown reducer "concat"`},
		{"join without its separator", `{"properties": {"a": {"x-reducer": "join"}}}`, `$.properties.a["x-reducer"]`,
			`field "a", keyword "x-reducer": reducer join: join takes one separator argument`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s, err := SchemaFromValue(ordered(t, c.schema).Value)
			if err != nil {
				t.Fatalf("SchemaFromValue: %v", err)
			}
			_, err = New(s, Options{})
			var e *Error
			if !errors.As(err, &e) || e.Code != SchemaInvalid {
				t.Fatalf("got %v, want SCHEMA_INVALID", err)
			}
			if e.Path != c.path || !strings.HasPrefix(e.Message, c.message) {
				t.Errorf("got %v\nwant path %s, message starting %s", err, c.path, c.message)
			}
		})
	}
}

func TestTypeEnumMatches(t *testing.T) {
	status := Type{Base: "string", Enum: []any{"idle", "done"}}
	for _, c := range []struct {
		typ  Type
		v    any
		want bool
	}{
		{status, "idle", true},
		{status, "finished", false},
		{status, nil, false},
		{Type{Base: "string", Nullable: true, Enum: []any{"idle"}}, nil, true},
		{Type{Base: "number", Enum: []any{1.0, 2.0}}, 2.0, true},
		{Type{Base: "number", Enum: []any{1.0, 2.0}}, 3.0, false},
		{Type{Base: "any", Enum: []any{"a", 1.0}}, 1.0, true},
		{Type{Base: "any", Enum: []any{"a", 1.0}}, true, false},
	} {
		if got := c.typ.Matches(c.v); got != c.want {
			t.Errorf("%s matches %v = %v, want %v", c.typ, c.v, got, c.want)
		}
	}
}

// The committed schemas read as the fields their generators declared.
func TestCommittedJSONSchemas(t *testing.T) {
	cases := []struct {
		file   string
		fields map[string]string // field: type, reducer, readonly
	}{
		{"ixo.schema.json", map[string]string{
			"messages":   "array messages",
			"did":        "string  readonly",
			"client":     `string (one of "portal", "matrix", "slack") replace`,
			"context":    "object merge [ownerDid]",
			"status":     `string (one of "idle", "thinking", "calling_tool", "done") replace`,
			"lastError":  "string? replace",
			"activeTask": "object? replace",
			"tasks":      "array append",
			"toolCalls":  "integer sum",
			"mode":       `string (one of "agent") `,
		}},
		{"pydantic/agent.schema.json", map[string]string{
			"messages":    "array messages",
			"did":         "string  readonly",
			"status":      `string (one of "idle", "thinking", "done") `,
			"last_error":  "string? ",
			"active_task": "object? ",
			"context":     "object merge",
			"turns":       "integer sum",
		}},
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join("..", "scenarios", "schemas", c.file))
			if err != nil {
				t.Fatal(err)
			}
			doc, err := DecodeJSON(data, Source{Name: c.file})
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
			got := map[string]string{}
			for _, f := range s.Fields {
				desc := f.Type.String() + " " + f.Reducer.String()
				if f.Readonly {
					desc += " readonly"
				}
				for i, p := range f.ReadonlyPaths {
					if i == 0 {
						desc += " ["
					} else {
						desc += ", "
					}
					desc += strings.TrimPrefix(FormatPath(p), "$.")
					if i == len(f.ReadonlyPaths)-1 {
						desc += "]"
					}
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

// TestZodSchemaIsCurrent reruns testdata/zod/generate.mjs with the
// repository's zod 4 and checks the committed ixo.schema.json is what it
// emits, so the JSON Schema tests run on zod's real output.
func TestZodSchemaIsCurrent(t *testing.T) {
	env := toolchain.Node(t)
	if _, err := os.Stat(filepath.Join(env.NodePath(), "zod", "package.json")); err != nil {
		t.Fatalf("no zod in %s (a dependency of @langchain/core): run npm ci in %s", env.NodePath(), env.Root)
	}
	out := filepath.Join(t.TempDir(), "ixo.schema.json")
	cmd := exec.Command(env.Node, filepath.Join(env.Root, "testdata", "zod", "generate.mjs"), out)
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("generate.mjs: %v\n%s", err, msg)
	}
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	committed := filepath.Join(env.Root, "scenarios", "schemas", "ixo.schema.json")
	want, err := os.ReadFile(committed)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s is not what zod emits now; run: node testdata/zod/generate.mjs\nzod emits:\n%s", committed, got)
	}
}

// FuzzSchemaFromJSONSchema: any JSON document either reads as a schema
// whose fields resolve, or fails with SCHEMA_INVALID; never a panic or a
// hang (the $ref budget).
func FuzzSchemaFromJSONSchema(f *testing.F) {
	for _, seed := range []string{
		`{"properties": {"a": {"type": ["string", "null"], "default": null}}}`,
		`{"$defs": {"A": {"$ref": "#/$defs/B"}, "B": {"$ref": "#/$defs/A"}}, "properties": {"a": {"$ref": "#/$defs/A"}}}`,
		`{"$defs": {"A": {"anyOf": [{"$ref": "#/$defs/A"}, {"type": "null"}]}}, "properties": {"a": {"$ref": "#/$defs/A"}}}`,
		`{"$defs": {"N": {"type": "object", "properties": {"id": {"readOnly": true}, "c": {"$ref": "#/$defs/N"}}}}, "properties": {"t": {"$ref": "#/$defs/N"}}}`,
		`{"$defs": {"A": {"anyOf": [{"$ref": "#/$defs/B"}, {"$ref": "#/$defs/B"}]}, "B": {"anyOf": [{"$ref": "#/$defs/C"}, {"$ref": "#/$defs/C"}]}, "C": {"enum": ["x", 1]}}, "properties": {"a": {"$ref": "#/$defs/A"}}}`,
		`{"$schema": "x", "$ref": "#", "properties": {"a": {"$ref": "#/properties/a"}}}`,
		`{"properties": {"a": {"allOf": [{"type": "integer", "enum": [1, 2]}, {"enum": [2, 3]}], "x-reducer": "sum", "readOnly": true}}}`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if !json.Valid(data) {
			return
		}
		doc, err := DecodeJSON(data, Source{Name: "fuzz.json"})
		if err != nil {
			return
		}
		obj, ok := doc.(map[string]any)
		if !ok {
			return
		}
		s, err := SchemaFromJSONSchema(obj)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || e.Code != SchemaInvalid {
				t.Fatalf("error is not SCHEMA_INVALID: %v", err)
			}
			if _, perr := ParsePath(e.Path); perr != nil {
				t.Fatalf("error path %q does not parse: %v", e.Path, perr)
			}
			return
		}
		if _, err := New(s, Options{}); err != nil {
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("resolving: %v", err)
			}
		}
	})
}
