package jsonv

import (
	"encoding"
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
)

// Go values (docs/reference.md, Go API): what a Go node, tool or reducer returns beyond the
// engine's model (its own structs, pointers, typed maps and slices,
// time.Time, json.Marshaler types) becomes JSON as encoding/json writes it,
// tags and all, so the state holds what the Go team's json.Marshal would.

// fromGo converts a Go value outside the model through encoding/json, and
// records the order of its objects' keys (a struct's field order) in order.
// It reports false when encoding/json refuses the value; check then names
// the path and the reason (goValueFault).
func fromGo(v any, order *KeyOrder) (any, bool) {
	b, err := json.Marshal(v)
	if err != nil {
		return v, false
	}
	if out, err := decodeJSON(string(b), Source{}, order); err == nil {
		return out, true
	}
	// a rule of docs/reference.md, Values the text breaks (an int64 beyond 2^53−1): decoded
	// without it, Validate reports it at its full path
	var out any
	if err := json.Unmarshal(b, &out); err != nil {
		return v, false
	}
	return out, true
}

// goValueMessage is the NON_JSON_VALUE message for a Go value outside the
// model; where encoding/json refuses something inside it, path gets the
// steps to that thing, innermost first.
func goValueMessage(v any, path *[]pathSeg) string {
	switch v.(type) {
	case int, int8, int16, int32, int64, uint, uint8, uint16, uint32, uint64, uintptr, float32:
		return fmt.Sprintf("received a Go %T; JSON numbers are float64 (Normalize converts Go numbers)", v)
	}
	if _, err := json.Marshal(v); err == nil {
		return fmt.Sprintf("received a Go %T, which is not a JSON value (nil, bool, float64, string, []any or map[string]any); Normalize converts it through encoding/json", v)
	}
	if msg := (&faultFinder{path: path}).find(reflect.ValueOf(v), 0); msg != "" {
		return msg
	}
	_, err := json.Marshal(v)
	return fmt.Sprintf("received a Go %T, which encoding/json cannot encode (%v): return a value JSON can hold", v, err)
}

// faultFinder finds what encoding/json refuses inside a Go value,
// following the names encoding/json gives struct fields and map keys.
type faultFinder struct {
	// path gets the steps to the fault, innermost first.
	path *[]pathSeg
	// within holds the pointers, maps and slices being walked, to name a
	// cycle where it closes.
	within []uintptr
}

// find says what is wrong inside rv and what to change; "" when it finds
// nothing.
func (f *faultFinder) find(rv reflect.Value, depth int) string {
	if !rv.IsValid() {
		return ""
	}
	if depth > MaxDepth {
		return fmt.Sprintf("a Go %s nested deeper than %d levels, which encoding/json cannot encode", rv.Type(), MaxDepth)
	}
	t := rv.Type()
	if !rv.CanInterface() {
		return "" // unexported: encoding/json does not look inside
	}
	if marshals(t) {
		if (rv.Kind() == reflect.Pointer || rv.Kind() == reflect.Interface) && rv.IsNil() {
			return ""
		}
		if _, err := json.Marshal(rv.Interface()); err != nil {
			return fmt.Sprintf("the Go %s's own JSON encoding failed: %v", t, err)
		}
		return ""
	}
	switch rv.Kind() {
	case reflect.Chan, reflect.Func, reflect.Complex64, reflect.Complex128, reflect.UnsafePointer:
		return fmt.Sprintf("received a Go %s, which encoding/json cannot encode: tag the struct field `json:\"-\"` to leave it out, or return a value JSON can hold", t)
	case reflect.Float32, reflect.Float64:
		if f := rv.Float(); math.IsNaN(f) || math.IsInf(f, 0) {
			return FormatNumber(f) + " is not a finite number; JSON has no NaN or Infinity: return null, a number, or a string"
		}
	case reflect.Interface:
		return f.find(rv.Elem(), depth+1)
	case reflect.Pointer:
		if rv.IsNil() {
			return ""
		}
		p := rv.Pointer()
		if slices.Contains(f.within, p) {
			return fmt.Sprintf("received a Go %s that points back to a value it is inside (a cycle), which encoding/json cannot encode: break the cycle, or tag the struct field `json:\"-\"`", t)
		}
		f.within = append(f.within, p)
		defer func() { f.within = f.within[:len(f.within)-1] }()
		return f.find(rv.Elem(), depth+1)
	case reflect.Slice, reflect.Array:
		if t.Elem().Kind() == reflect.Uint8 && !marshals(t.Elem()) {
			return "" // base64
		}
		for i := range rv.Len() {
			if msg := f.find(rv.Index(i), depth+1); msg != "" {
				*f.path = append(*f.path, pathSeg{index: i})
				return msg
			}
		}
	case reflect.Map:
		keys := make([]string, 0, rv.Len())
		byKey := map[string]reflect.Value{}
		for it := rv.MapRange(); it.Next(); {
			k, ok := mapKeyName(it.Key())
			if !ok {
				return fmt.Sprintf("received a Go %s, whose %s keys encoding/json cannot encode: use string or integer keys, or a key type with MarshalText", t, t.Key())
			}
			keys = append(keys, k)
			byKey[k] = it.Value()
		}
		slices.SortFunc(keys, CompareKeys)
		for _, k := range keys {
			if msg := f.find(byKey[k], depth+1); msg != "" {
				*f.path = append(*f.path, pathSeg{key: k, index: -1})
				return msg
			}
		}
	case reflect.Struct:
		return f.inStruct(rv, depth)
	}
	return ""
}

// inStruct is find for the fields of a struct, named as encoding/json
// names them; an embedded struct's fields are the struct's.
func (f *faultFinder) inStruct(rv reflect.Value, depth int) string {
	t := rv.Type()
	for i := range t.NumField() {
		field := t.Field(i)
		name, omitEmpty, skip := jsonField(field)
		if skip {
			continue
		}
		fv := rv.Field(i)
		if omitEmpty && fv.IsZero() {
			continue
		}
		if field.Anonymous && name == "" {
			inner := fv
			if inner.Kind() == reflect.Pointer {
				if inner.IsNil() {
					continue
				}
				inner = inner.Elem()
			}
			if inner.Kind() == reflect.Struct && !marshals(inner.Type()) {
				if msg := f.inStruct(inner, depth+1); msg != "" {
					return msg
				}
				continue
			}
			name = field.Name
		}
		if name == "" {
			name = field.Name
		}
		if msg := f.find(fv, depth+1); msg != "" {
			*f.path = append(*f.path, pathSeg{key: name, index: -1})
			return msg
		}
	}
	return ""
}

// jsonField reads a struct field's json tag: its name ("" when the tag
// names none), omitempty, and whether encoding/json leaves it out.
func jsonField(f reflect.StructField) (name string, omitEmpty, skip bool) {
	tag := f.Tag.Get("json")
	if tag == "-" {
		return "", false, true
	}
	if !f.IsExported() && !(f.Anonymous && f.Type.Kind() == reflect.Struct) {
		return "", false, true
	}
	name, opts, _ := cutComma(tag)
	for opts != "" {
		var opt string
		opt, opts, _ = cutComma(opts)
		if opt == "omitempty" || opt == "omitzero" {
			omitEmpty = true
		}
	}
	return name, omitEmpty, false
}

func cutComma(s string) (before, after string, found bool) {
	for i := range len(s) {
		if s[i] == ',' {
			return s[:i], s[i+1:], true
		}
	}
	return s, "", false
}

// mapKeyName is a map key as encoding/json writes it; false for a key type
// it refuses.
func mapKeyName(k reflect.Value) (string, bool) {
	if k.Kind() == reflect.String {
		return k.String(), true
	}
	if !k.CanInterface() {
		return "", true
	}
	if tm, ok := k.Interface().(encoding.TextMarshaler); ok {
		b, err := tm.MarshalText()
		return string(b), err == nil
	}
	switch k.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return strconv.FormatInt(k.Int(), 10), true
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return strconv.FormatUint(k.Uint(), 10), true
	}
	return "", false
}

var (
	jsonMarshaler = reflect.TypeFor[json.Marshaler]()
	textMarshaler = reflect.TypeFor[encoding.TextMarshaler]()
)

// marshals reports whether values of t encode themselves (MarshalJSON or
// MarshalText).
func marshals(t reflect.Type) bool {
	return t.Implements(jsonMarshaler) || t.Implements(textMarshaler)
}
