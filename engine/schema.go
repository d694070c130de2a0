package engine

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// Merge says how two writes to one field in one step combine (docs/reference.md, Commits).
type Merge string

// The merge modes. An empty Merge means the profile's default.
const (
	Exclusive   Merge = "exclusive"
	Commutative Merge = "commutative"
)

// Scope says whether a field keeps its value across runs of a thread (docs/reference.md, Threads and runs).
type Scope string

// The scopes. An empty Scope means the profile's default.
const (
	ScopeThread Scope = "thread"
	ScopeRun    Scope = "run"
)

// ReducerSpec names a reducer and its arguments: `join("\n")` is
// {Name: "join", Args: ["\n"]}.
type ReducerSpec struct {
	Name string
	Args []string
}

// String renders the spec as it is written in a schema.
func (r ReducerSpec) String() string {
	if len(r.Args) == 0 {
		return r.Name
	}
	quoted := make([]string, len(r.Args))
	for i, a := range r.Args {
		quoted[i] = strconv.Quote(a)
	}
	return r.Name + "(" + strings.Join(quoted, ", ") + ")"
}

// reducerCellEscapes writes back as escapes the newlines and tabs that a
// table cell arrives with: Gherkin has already turned its \n into a newline.
var reducerCellEscapes = strings.NewReplacer("\n", `\n`, "\t", `\t`, "\r", `\r`)

// ParseReducerSpec parses `replace`, `join("\n")`, `join(", ")`. Arguments
// are JSON strings.
func ParseReducerSpec(s string) (ReducerSpec, error) {
	s = reducerCellEscapes.Replace(strings.TrimSpace(s))
	open := strings.IndexByte(s, '(')
	if open < 0 {
		if s == "" {
			return ReducerSpec{}, fmt.Errorf("empty reducer name")
		}
		return ReducerSpec{Name: s}, nil
	}
	if !strings.HasSuffix(s, ")") {
		return ReducerSpec{}, fmt.Errorf("reducer %q: missing closing parenthesis", s)
	}
	spec := ReducerSpec{Name: strings.TrimSpace(s[:open])}
	inner := strings.TrimSpace(s[open+1 : len(s)-1])
	for inner != "" {
		q, err := strconv.QuotedPrefix(inner)
		if err != nil || q[0] != '"' {
			return ReducerSpec{}, fmt.Errorf("reducer %q: arguments must be double-quoted strings, like join(\"\\n\")", s)
		}
		arg, _ := strconv.Unquote(q)
		spec.Args = append(spec.Args, arg)
		inner = strings.TrimSpace(inner[len(q):])
		if inner != "" {
			if inner[0] != ',' {
				return ReducerSpec{}, fmt.Errorf("reducer %q: expected \",\" between arguments", s)
			}
			inner = strings.TrimSpace(inner[1:])
		}
	}
	return spec, nil
}

// Field is one declared state field (docs/reference.md, Schema). Zero values mean "not set":
// the profile decides.
type Field struct {
	Name       string
	Type       Type // zero: any (dawn: inferred from Default)
	Default    any  // meaningful when HasDefault
	HasDefault bool
	Reducer    ReducerSpec // zero: the profile's default reducer
	// ReducerFile is the file of the field's reducer when it is the user's
	// own code, relative to the suite root (a Dawn route's
	// reducers/<field>.ts): a runtime runs it, the built-in engine cannot.
	ReducerFile string
	Readonly    bool // the whole field
	// ReadonlyPaths are sub-paths of an object field that may not change
	// (`readonly: [did]` protects $.config.did).
	ReadonlyPaths [][]PathElem
	Merge         Merge
	Scope         Scope
	// NotPersistent keeps the field out of checkpoints (`persistent: false`).
	NotPersistent bool
	// origin is where a JSON Schema document wrote the field's keywords
	// (nil for the other forms), so that errors found later point there.
	origin *jsonSchemaOrigin
}

// Schema is a declared state schema: its fields and, when the document named
// one, a profile.
type Schema struct {
	Profile string
	Fields  []*Field // sorted by name
	// Warnings are what the document likely meant but did not say (a JSON
	// Schema messages array without x-reducer); the run shows them.
	Warnings []string
}

// Field returns the declared field with that name, or nil.
func (s *Schema) Field(name string) *Field {
	for _, f := range s.Fields {
		if f.Name == name {
			return f
		}
	}
	return nil
}

func schemaErr(field, attr, msg string) *Error {
	path := Root
	if field != "" {
		path = PathKey(PathKey(PathKey(Root, "fields"), field), attr)
		if attr == "" {
			path = PathKey(PathKey(Root, "fields"), field)
		}
	}
	where := ""
	if field != "" {
		where = fmt.Sprintf("field %q", field)
		if attr != "" {
			where += fmt.Sprintf(", attribute %q", attr)
		}
		where += ": "
	}
	return &Error{Code: SchemaInvalid, Path: path, Message: where + msg}
}

var fieldAttributes = []string{"type", "default", "reducer", "readonly", "merge", "scope", "persistent"}

// SchemaFromValue builds a schema from a decoded document of the form
// {profile?: name, fields: {name: {type, default, reducer, readonly, merge, scope, persistent}}},
// or from a JSON Schema document (one with "$schema", a top-level "$ref" or a top-level
// "properties"), as SchemaFromJSONSchema reads it.
func SchemaFromValue(doc any) (*Schema, error) {
	obj, ok := doc.(map[string]any)
	if !ok {
		return nil, schemaErr("", "", fmt.Sprintf("a schema document must be an object with a \"fields\" object, received %s", TypeName(doc)))
	}
	if isJSONSchema(obj) {
		return SchemaFromJSONSchema(obj)
	}
	s := &Schema{}
	for _, k := range slices.Sorted(maps.Keys(obj)) {
		switch k {
		case "profile":
			p, ok := obj[k].(string)
			if !ok {
				return nil, &Error{Code: SchemaInvalid, Path: PathKey(Root, k), Message: fmt.Sprintf("profile must be a string, received %s", TypeName(obj[k]))}
			}
			if _, known := profiles[p]; !known {
				return nil, &Error{Code: SchemaInvalid, Path: PathKey(Root, k), Message: unknownProfileMessage(p)}
			}
			s.Profile = p
		case "fields":
		default:
			return nil, &Error{Code: SchemaInvalid, Path: PathKey(Root, k), Message: fmt.Sprintf("unknown schema key %q; expected \"profile\" or \"fields\"", k)}
		}
	}
	fields, ok := obj["fields"].(map[string]any)
	if !ok {
		return nil, &Error{Code: SchemaInvalid, Path: PathKey(Root, "fields"), Message: fmt.Sprintf("a schema document needs a \"fields\" object, received %s", describeMissing(obj, "fields"))}
	}
	for _, name := range slices.Sorted(maps.Keys(fields)) {
		attrs, ok := fields[name].(map[string]any)
		if fields[name] == nil {
			attrs, ok = map[string]any{}, true
		}
		if !ok {
			return nil, schemaErr(name, "", fmt.Sprintf("a field must be an object of attributes (%s), received %s", strings.Join(fieldAttributes, ", "), TypeName(fields[name])))
		}
		f := &Field{Name: name}
		for _, attr := range slices.Sorted(maps.Keys(attrs)) {
			if err := setAttr(f, attr, attrs[attr]); err != nil {
				return nil, err
			}
		}
		s.Fields = append(s.Fields, f)
	}
	return s, nil
}

func describeMissing(obj map[string]any, key string) string {
	v, ok := obj[key]
	if !ok {
		return "nothing"
	}
	return TypeName(v)
}

// setAttr sets one attribute from a decoded value.
func setAttr(f *Field, attr string, v any) error {
	bad := func(msg string) error { return schemaErr(f.Name, attr, msg) }
	str := func() (string, error) {
		s, ok := v.(string)
		if !ok {
			return "", bad(fmt.Sprintf("expected a string, received %s", TypeName(v)))
		}
		return s, nil
	}
	switch attr {
	case "type":
		s, err := str()
		if err != nil {
			return err
		}
		t, perr := ParseType(s)
		if perr != nil {
			return bad(perr.Error())
		}
		f.Type = t
	case "default":
		f.Default, f.HasDefault = v, true
	case "reducer":
		s, err := str()
		if err != nil {
			return err
		}
		spec, perr := ParseReducerSpec(s)
		if perr != nil {
			return bad(perr.Error())
		}
		f.Reducer = spec
	case "readonly":
		switch r := v.(type) {
		case bool:
			f.Readonly = r
		case []any:
			for i, p := range r {
				ps, ok := p.(string)
				if !ok {
					return bad(fmt.Sprintf("sub-path %d must be a string, received %s", i, TypeName(p)))
				}
				elems, err := ParsePath(ps)
				if err != nil || len(elems) == 0 {
					return bad(fmt.Sprintf("bad sub-path %q: expected a path inside the field, like did or config.did", ps))
				}
				f.ReadonlyPaths = append(f.ReadonlyPaths, elems)
			}
		default:
			return bad(fmt.Sprintf("expected true, false or a list of sub-paths, received %s", TypeName(v)))
		}
	case "merge":
		s, err := str()
		if err != nil {
			return err
		}
		if s != string(Exclusive) && s != string(Commutative) {
			return bad(fmt.Sprintf("expected exclusive or commutative, received %q", s))
		}
		f.Merge = Merge(s)
	case "scope":
		s, err := str()
		if err != nil {
			return err
		}
		if s != string(ScopeRun) && s != string(ScopeThread) {
			return bad(fmt.Sprintf("expected run or thread, received %q", s))
		}
		f.Scope = Scope(s)
	case "persistent":
		b, ok := v.(bool)
		if !ok {
			return bad(fmt.Sprintf("expected true or false, received %s", TypeName(v)))
		}
		f.NotPersistent = !b
	default:
		return bad(fmt.Sprintf("unknown attribute; expected one of %s", strings.Join(fieldAttributes, ", ")))
	}
	return nil
}

// SchemaFromTable builds a schema from a Gherkin table: the header names any
// of field, type, default, reducer, readonly, merge, scope, persistent (field
// is required); default cells are JSON; empty cells are not set.
// decodeCell parses a JSON cell (the caller knows the file and line).
func SchemaFromTable(header []string, rows [][]string, decodeCell func(row, col int, text string) (any, error)) (*Schema, error) {
	col := map[string]int{}
	for i, h := range header {
		h = strings.TrimSpace(h)
		if h != "field" && !slices.Contains(fieldAttributes, h) {
			return nil, schemaErr("", "", fmt.Sprintf("unknown schema table column %q; expected field, %s", h, strings.Join(fieldAttributes, ", ")))
		}
		if _, dup := col[h]; dup {
			return nil, schemaErr("", "", fmt.Sprintf("schema table column %q appears twice", h))
		}
		col[h] = i
	}
	fi, ok := col["field"]
	if !ok {
		return nil, schemaErr("", "", "a schema table needs a \"field\" column")
	}
	s := &Schema{}
	seen := map[string]bool{}
	for r, row := range rows {
		name := strings.TrimSpace(row[fi])
		if name == "" {
			return nil, schemaErr("", "", fmt.Sprintf("row %d: empty field name", r+1))
		}
		if seen[name] {
			return nil, schemaErr(name, "", "declared twice")
		}
		seen[name] = true
		f := &Field{Name: name}
		for _, attr := range fieldAttributes {
			c, ok := col[attr]
			if !ok {
				continue
			}
			cell := strings.TrimSpace(row[c])
			if cell == "" {
				continue
			}
			var v any = cell
			switch attr {
			case "default":
				dv, err := decodeCell(r, c, cell)
				if e, ok := err.(*Error); ok {
					// the cell's value is the field's default
					e.Path = PathKey(PathKey(PathKey(Root, "fields"), name), "default") + strings.TrimPrefix(e.Path, Root)
				}
				if err != nil {
					return nil, err
				}
				v = dv
			case "readonly", "persistent":
				switch strings.ToLower(cell) {
				case "yes", "true":
					v = true
				case "no", "false":
					v = false
				default:
					if attr == "persistent" {
						return nil, schemaErr(name, attr, fmt.Sprintf("expected yes, no, true or false, received %q", cell))
					}
					paths, err := parseListCell(cell)
					if err != nil {
						return nil, schemaErr(name, attr, fmt.Sprintf("expected yes, no, true, false or a list of sub-paths like [did], received %q", cell))
					}
					v = paths
				}
			}
			if err := setAttr(f, attr, v); err != nil {
				return nil, err
			}
		}
		s.Fields = append(s.Fields, f)
	}
	slices.SortFunc(s.Fields, func(a, b *Field) int { return strings.Compare(a.Name, b.Name) })
	return s, nil
}

// parseListCell parses `[did]` or `[did, config.x]` (the flow list users
// write in a table cell).
func parseListCell(cell string) ([]any, error) {
	if !strings.HasPrefix(cell, "[") || !strings.HasSuffix(cell, "]") {
		return nil, fmt.Errorf("not a list")
	}
	var out []any
	for _, part := range strings.Split(cell[1:len(cell)-1], ",") {
		part = strings.Trim(strings.TrimSpace(part), `"'`)
		if part == "" {
			return nil, fmt.Errorf("empty item")
		}
		out = append(out, part)
	}
	return out, nil
}
