package engine

import (
	"errors"
	"fmt"
	"maps"
	"net/url"
	"slices"
	"strconv"
	"strings"
)

// A JSON Schema document (docs/reference.md, Schema), as zod 4's z.toJSONSchema(), Pydantic's
// model_json_schema() and a LangGraph server's state_schema emit it, declares
// one field per top-level property. The harness reads five keywords of a
// property and ignores the rest (title, description, required, minLength,
// additionalProperties, ...):
//
//	type        string, number, ...; [T, "null"] or anyOf/oneOf with {"type": "null"} is T?
//	enum/const  the values the field takes, enforced with the type (TYPE_MISMATCH)
//	default     the default
//	readOnly    true: the field is readonly; on a nested property: a readonly sub-path
//	x-reducer   the reducer, as a schema's reducer attribute is written: merge, join("\n")
//
// "$ref" to a pointer inside the document (#/$defs/Name, #/definitions/Name,
// #) is followed; keywords beside a $ref win over the referenced schema's.

// isJSONSchema reports whether a decoded schema document is a JSON Schema:
// it has "$schema", a top-level "properties", or a top-level "$ref" (Pydantic
// writes a model that refers to itself as {"$defs": ..., "$ref": "#/$defs/Name"}).
func isJSONSchema(doc map[string]any) bool {
	for _, k := range []string{"$schema", "properties", "$ref"} {
		if _, ok := doc[k]; ok {
			return true
		}
	}
	return false
}

// SchemaFromJSONSchema builds a schema from a decoded JSON Schema document.
// Errors are SCHEMA_INVALID with the JSON path of the keyword at fault.
func SchemaFromJSONSchema(doc map[string]any) (*Schema, error) {
	d := &jsonSchemaDoc{root: doc}
	for _, k := range []string{"fields", "profile"} {
		if _, ok := doc[k]; ok {
			return nil, &Error{Code: SchemaInvalid, Path: PathKey(Root, k), Message: fmt.Sprintf(
				"a JSON Schema document (it has \"$schema\" or \"properties\") takes no %q key: declare fields as \"properties\" and choose the profile with a step or scenario.yaml", k)}
		}
	}
	chain, err := d.chain(jsNode{obj: doc, path: Root}, "")
	if err != nil {
		return nil, err
	}
	if t, at, ok := keyword(chain, "type"); ok && !allowsObject(t) {
		return nil, &Error{Code: SchemaInvalid, Path: at, Message: fmt.Sprintf(
			"a state schema describes an object, but the document's type is %s", compactJSON(t))}
	}
	pv, at, ok := keyword(chain, "properties")
	props, isObj := pv.(map[string]any)
	if !ok || !isObj {
		received := "nothing"
		if ok {
			received = TypeName(pv)
		}
		if !ok {
			at = PathKey(Root, "properties")
		}
		return nil, &Error{Code: SchemaInvalid, Path: at, Message: fmt.Sprintf(
			"a JSON Schema state schema needs a \"properties\" object, one property per field, received %s", received)}
	}
	s := &Schema{}
	for _, name := range slices.Sorted(maps.Keys(props)) {
		f, err := d.field(name, props[name], PathKey(at, name))
		if err != nil {
			return nil, err
		}
		s.Fields = append(s.Fields, f)
		if n, err := node(props[name], PathKey(at, name), name, ""); err == nil {
			if w := d.messagesWithoutReducer(f, n); w != "" {
				s.Warnings = append(s.Warnings, w)
			}
		}
	}
	return s, nil
}

// jsonSchemaOrigin maps a field's attributes to the keywords that set them.
type jsonSchemaOrigin struct {
	field string // the property's JSON path
	at    map[string]jsonSchemaKeyword
}

type jsonSchemaKeyword struct{ name, path string }

func (o *jsonSchemaOrigin) set(attr, keyword, path string) {
	if o.at == nil {
		o.at = map[string]jsonSchemaKeyword{}
	}
	o.at[attr] = jsonSchemaKeyword{keyword, path}
}

// relocate points an error about one of the field's attributes
// ($.fields.<name>.<attribute>) at the JSON Schema keyword that set it.
func (f *Field) relocate(err error) error {
	var e *Error
	if f.origin == nil || !errors.As(err, &e) || e.Code != SchemaInvalid {
		return err
	}
	fieldPath := PathKey(PathKey(Root, "fields"), f.Name)
	if e.Path == fieldPath {
		e.Path = f.origin.field
		return err
	}
	for attr, kw := range f.origin.at {
		if e.Path == PathKey(fieldPath, attr) {
			e.Path = kw.path
			e.Message = strings.Replace(e.Message, fmt.Sprintf("attribute %q", attr), fmt.Sprintf("keyword %q", kw.name), 1)
		}
	}
	return err
}

// jsonSchemaBudget caps the subschemas one document may make the reader
// visit: $ref lets a small document describe an exponential tree.
const jsonSchemaBudget = 10000

type jsonSchemaDoc struct {
	root  map[string]any
	spent int
}

// jsNode is a schema inside the document and its JSON path. The schema
// true is an empty object.
type jsNode struct {
	obj  map[string]any
	path string
}

func jsErr(field, keyword, path, format string, args ...any) *Error {
	where := ""
	if field != "" {
		where = fmt.Sprintf("field %q, ", field)
	}
	return &Error{Code: SchemaInvalid, Path: path, Message: fmt.Sprintf("%skeyword %q: ", where, keyword) + fmt.Sprintf(format, args...)}
}

func (d *jsonSchemaDoc) spend(field, path string) error {
	d.spent++
	if d.spent > jsonSchemaBudget {
		return &Error{Code: SchemaInvalid, Path: path, Message: fmt.Sprintf(
			"field %q: the schema reaches more than %d subschemas through $ref; the harness reads no further", field, jsonSchemaBudget)}
	}
	return nil
}

// node checks that v is a schema: an object, or true.
func node(v any, path, field, keyword string) (jsNode, error) {
	switch s := v.(type) {
	case map[string]any:
		return jsNode{obj: s, path: path}, nil
	case bool:
		if s {
			return jsNode{obj: map[string]any{}, path: path}, nil
		}
		return jsNode{}, &Error{Code: SchemaInvalid, Path: path, Message: fmt.Sprintf("field %q: the schema false accepts no value", field)}
	}
	msg := fmt.Sprintf("field %q: a property's schema must be an object, received %s", field, TypeName(v))
	if keyword != "" {
		msg = fmt.Sprintf("field %q, keyword %q: expected a schema (an object), received %s", field, keyword, TypeName(v))
	}
	return jsNode{}, &Error{Code: SchemaInvalid, Path: path, Message: msg}
}

// chain is n followed by the schemas its $ref leads to, in order: a keyword
// is read from the first of them that has it.
func (d *jsonSchemaDoc) chain(n jsNode, field string) ([]jsNode, error) {
	out := []jsNode{n}
	seen := []string{n.path}
	for {
		ref, ok := n.obj["$ref"]
		if !ok {
			return out, nil
		}
		at := PathKey(n.path, "$ref")
		if err := d.spend(field, at); err != nil {
			return nil, err
		}
		s, ok := ref.(string)
		if !ok {
			return nil, jsErr(field, "$ref", at, "expected a string, received %s", TypeName(ref))
		}
		v, path, why := d.resolve(s)
		if why != "" {
			return nil, jsErr(field, "$ref", at, "%q: %s", s, why)
		}
		if slices.Contains(seen, path) {
			return nil, jsErr(field, "$ref", at, "%q: a cycle of references (%s) never reaches a schema", s, strings.Join(append(seen, path), " → "))
		}
		seen = append(seen, path)
		if n, _ = node(v, path, field, ""); n.obj == nil {
			return nil, jsErr(field, "$ref", at, "%q points at %s, not a schema", s, compactJSON(v))
		}
		out = append(out, n)
	}
}

// pointerUnescape decodes a JSON pointer token (RFC 6901: ~1 is /, ~0 is ~).
var pointerUnescape = strings.NewReplacer("~1", "/", "~0", "~")

// resolve follows a JSON pointer fragment inside the document; why says
// what is wrong with it.
func (d *jsonSchemaDoc) resolve(ref string) (v any, path, why string) {
	if !strings.HasPrefix(ref, "#") {
		return nil, "", "only references inside the document, like #/$defs/Name, are followed"
	}
	frag, err := url.PathUnescape(ref[1:])
	if err != nil {
		return nil, "", "bad percent-encoding"
	}
	v, path = any(d.root), Root
	if frag == "" {
		return v, path, ""
	}
	if !strings.HasPrefix(frag, "/") {
		return nil, "", "anchors are not followed; refer with a JSON pointer, like #/$defs/Name"
	}
	for _, tok := range strings.Split(frag[1:], "/") {
		tok = pointerUnescape.Replace(tok)
		switch c := v.(type) {
		case map[string]any:
			next, ok := c[tok]
			if !ok {
				return nil, "", fmt.Sprintf("nothing at %s", PathKey(path, tok))
			}
			v, path = next, PathKey(path, tok)
		case []any:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(c) || strconv.Itoa(i) != tok {
				return nil, "", fmt.Sprintf("nothing at %s[%s]", path, tok)
			}
			v, path = c[i], PathIndex(path, i)
		default:
			return nil, "", fmt.Sprintf("nothing at %s: it is %s", path, TypeName(v))
		}
	}
	return v, path, ""
}

// keyword is the first value of kw along a chain, and its path.
func keyword(chain []jsNode, kw string) (any, string, bool) {
	for _, n := range chain {
		if v, ok := n.obj[kw]; ok {
			return v, PathKey(n.path, kw), true
		}
	}
	return nil, "", false
}

func allowsObject(t any) bool {
	switch t := t.(type) {
	case string:
		return t == "object"
	case []any:
		return slices.Contains(t, any("object"))
	}
	return false
}

func (d *jsonSchemaDoc) field(name string, v any, path string) (*Field, error) {
	n, err := node(v, path, name, "")
	if err != nil {
		return nil, err
	}
	f := &Field{Name: name, origin: &jsonSchemaOrigin{field: path}}
	chain, err := d.chain(n, name)
	if err != nil {
		return nil, err
	}
	t, at, err := d.typeOf(n, name, nil)
	if err != nil {
		return nil, err
	}
	if at != "" {
		f.Type = t
		f.origin.set("type", "type", at)
	}
	if v, at, ok := keyword(chain, "default"); ok {
		f.Default, f.HasDefault = v, true
		f.origin.set("default", "default", at)
	}
	if v, at, ok := keyword(chain, "x-reducer"); ok {
		f.origin.set("reducer", "x-reducer", at)
		if err := setAttr(f, "reducer", v); err != nil {
			return nil, f.relocate(err)
		}
	}
	if v, at, ok := keyword(chain, "readOnly"); ok {
		b, isBool := v.(bool)
		if !isBool {
			return nil, jsErr(name, "readOnly", at, "expected true or false, received %s", TypeName(v))
		}
		f.Readonly = b
		f.origin.set("readonly", "readOnly", at)
	}
	if !f.Readonly && (t.Base == "object" || t.Base == "any" || t.Base == "") {
		var first string
		if err := d.nestedReadonly(n, nil, name, nil, &f.ReadonlyPaths, &first); err != nil {
			return nil, err
		}
		if first != "" {
			f.origin.set("readonly", "readOnly", first)
		}
	}
	return f, nil
}

// nestedReadonly collects the sub-paths whose schema says readOnly: true
// under the properties of n (through $ref and the branches of
// anyOf/oneOf/allOf); a schema already being read (a recursive type) is
// not read again. first is the path of the first such keyword.
func (d *jsonSchemaDoc) nestedReadonly(n jsNode, prefix []PathElem, field string, reading []string, out *[][]PathElem, first *string) error {
	chain, err := d.chain(n, field)
	if err != nil {
		return err
	}
	for _, c := range chain {
		if slices.Contains(reading, c.path) {
			return nil
		}
	}
	for _, c := range chain {
		reading = append(reading[:len(reading):len(reading)], c.path)
	}
	for _, c := range chain {
		if err := d.spend(field, c.path); err != nil {
			return err
		}
		if pv, ok := c.obj["properties"]; ok {
			props, isObj := pv.(map[string]any)
			if !isObj {
				return jsErr(field, "properties", PathKey(c.path, "properties"), "expected an object of schemas, received %s", TypeName(pv))
			}
			for _, key := range slices.Sorted(maps.Keys(props)) {
				pn, err := node(props[key], PathKey(PathKey(c.path, "properties"), key), field, "properties")
				if err != nil {
					return err
				}
				sub := append(prefix[:len(prefix):len(prefix)], PathElem{Key: key})
				pchain, err := d.chain(pn, field)
				if err != nil {
					return err
				}
				if v, at, ok := keyword(pchain, "readOnly"); ok {
					b, isBool := v.(bool)
					if !isBool {
						return jsErr(field, "readOnly", at, "expected true or false, received %s", TypeName(v))
					}
					if b {
						if !slices.ContainsFunc(*out, func(p []PathElem) bool { return slices.Equal(p, sub) }) {
							*out = append(*out, sub)
						}
						if *first == "" {
							*first = at
						}
						continue
					}
				}
				if err := d.nestedReadonly(pn, sub, field, reading, out, first); err != nil {
					return err
				}
			}
		}
		for _, kw := range []string{"anyOf", "oneOf", "allOf"} {
			list, ok := c.obj[kw].([]any)
			if !ok {
				continue
			}
			for i, b := range list {
				bn, err := node(b, PathIndex(PathKey(c.path, kw), i), field, kw)
				if err != nil {
					return err
				}
				if err := d.nestedReadonly(bn, prefix, field, reading, out, first); err != nil {
					return err
				}
			}
		}
	}
	return nil
}
