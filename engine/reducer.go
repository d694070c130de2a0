package engine

import (
	"fmt"
	"math"

	"github.com/stateharness/scenario/internal/jsonv"
	"github.com/stateharness/scenario/internal/panicsite"
)

// ReducerFunc is a custom reducer: it returns the new value of a field from
// its current value (nil when the field is absent) and one incoming write.
// It must not modify its arguments.
type ReducerFunc func(current, incoming any) (any, error)

// reduceCtx is what a built-in reducer may need besides the two values: the
// field (for messages) and the scenario's id counter (messages' auto-N ids).
type reduceCtx struct {
	field   string
	reducer string
	nextID  *int
	// idPrefix starts generated message ids ("auto-" unless configured).
	idPrefix string
	// coerced holds, by their first element, the message lists the
	// messages reducer returned: their messages are already coerced and
	// have ids, so the next fold need not do it again.
	coerced *coercedCache
	// coerce is the profile's message coercion; nil is LangChain JS's.
	coerce messageCoercion
	// nullArgs is the profile's refusal of a null current value or write
	// before the messages reducer reads them; nil when it has none.
	nullArgs func(field string, cur, in any) (out any, done bool, err error)
}

// lastValueName is LangGraph's LastValue, a channel without a reducer: the
// incoming value, one write per step, no overwrites (docs/reference.md, Reducers).
const lastValueName = "last-value"

// reducer applies one incoming write; has reports whether the field had a
// value (absent fields start from the reducer's own empty value).
type reducer func(c *reduceCtx, current any, has bool, incoming any) (any, error)

// builtinReducers maps a reducer name to its constructor, which checks the
// arguments of the spec.
var builtinReducers = map[string]func(args []string) (reducer, error){
	lastValueName: noArgs(reduceReplace),
	"replace":     noArgs(reduceReplace),
	"append":      noArgs(reduceAppend),
	"merge":       noArgs(reduceMerge),
	"merge-patch": noArgs(reduceMergePatch),
	"sum":         noArgs(reduceSum),
	"union":       noArgs(reduceUnion),
	"join": func(args []string) (reducer, error) {
		if len(args) != 1 {
			return nil, fmt.Errorf("join takes one separator argument, like join(\"\\n\"); received %d arguments", len(args))
		}
		return reduceJoin(args[0]), nil
	},
}

func noArgs(r reducer) func([]string) (reducer, error) {
	return func(args []string) (reducer, error) {
		if len(args) > 0 {
			return nil, fmt.Errorf("takes no arguments")
		}
		return r, nil
	}
}

func typeError(c *reduceCtx, want string, got any) error {
	return &Error{Code: ReducerTypeError, Path: PathKey(Root, c.field), Message: fmt.Sprintf(
		"field %q with reducer %s expects %s, received %s", c.field, c.reducer, want, TypeName(got))}
}

func reduceReplace(_ *reduceCtx, _ any, _ bool, in any) (any, error) { return in, nil }

// listOperands reads append's and union's arguments: the current array
// (absent or null is empty) and the incoming array, a single value being a
// one-element array.
func listOperands(c *reduceCtx, cur any, has bool, in any) (base, add []any, err error) {
	if has && cur != nil {
		arr, ok := cur.([]any)
		if !ok {
			return nil, nil, typeError(c, "the current value to be an array", cur)
		}
		base = arr
	}
	add, ok := in.([]any)
	if !ok {
		add = []any{in}
	}
	return base, add, nil
}

func reduceAppend(c *reduceCtx, cur any, has bool, in any) (any, error) {
	base, add, err := listOperands(c, cur, has, in)
	if err != nil {
		return nil, err
	}
	// a fresh backing array: the current one may be shared with a
	// checkpoint or a value handed out earlier
	out := make([]any, 0, len(base)+len(add))
	return append(append(out, base...), add...), nil
}

func reduceMerge(c *reduceCtx, cur any, has bool, in any) (any, error) {
	add, ok := in.(map[string]any)
	if !ok {
		return nil, typeError(c, "an object", in)
	}
	var base map[string]any
	if has && cur != nil {
		b, ok := cur.(map[string]any)
		if !ok {
			return nil, typeError(c, "the current value to be an object", cur)
		}
		base = b
	}
	out := make(map[string]any, len(base)+len(add))
	for k, v := range base {
		out[k] = v
	}
	for k, v := range add {
		out[k] = v
	}
	return out, nil
}

// reduceMergePatch is RFC 7396: objects merge recursively, null deletes, any
// other incoming value replaces.
func reduceMergePatch(_ *reduceCtx, cur any, _ bool, in any) (any, error) {
	return mergePatch(cur, in), nil
}

func mergePatch(target, patch any) any {
	p, ok := patch.(map[string]any)
	if !ok {
		return patch
	}
	t, _ := target.(map[string]any)
	out := make(map[string]any, len(t)+len(p))
	for k, v := range t {
		out[k] = v
	}
	for k, v := range p {
		if v == nil {
			delete(out, k)
			continue
		}
		out[k] = mergePatch(out[k], v)
	}
	return out
}

func reduceSum(c *reduceCtx, cur any, has bool, in any) (any, error) {
	n, ok := in.(float64)
	if !ok {
		return nil, typeError(c, "a number", in)
	}
	base := 0.0
	if has && cur != nil {
		b, ok := cur.(float64)
		if !ok {
			return nil, typeError(c, "the current value to be a number", cur)
		}
		base = b
	}
	sum := base + n
	if math.IsInf(sum, 0) {
		return nil, &Error{Code: NonJSONValue, Path: PathKey(Root, c.field), Message: fmt.Sprintf(
			"field %q: %s + %s overflows to infinity, which is not a JSON number", c.field, compactJSON(base), compactJSON(n))}
	}
	if sum == math.Trunc(sum) && math.Abs(sum) > jsonv.MaxSafeInteger {
		return nil, &Error{Code: UnsafeInteger, Path: PathKey(Root, c.field), Message: fmt.Sprintf(
			"field %q: %s + %s is outside ±(2^53−1) and loses precision in JavaScript runtimes", c.field, compactJSON(base), compactJSON(n))}
	}
	return sum, nil
}

func reduceUnion(c *reduceCtx, cur any, has bool, in any) (any, error) {
	base, add, err := listOperands(c, cur, has, in)
	if err != nil {
		return nil, err
	}
	out := make([]any, len(base), len(base)+len(add))
	copy(out, base)
	seen := newValueSet(out, len(out)+len(add))
	for _, v := range add {
		if seen.add(v) {
			out = append(out, v)
		}
	}
	return out, nil
}

func reduceJoin(sep string) reducer {
	return func(c *reduceCtx, cur any, has bool, in any) (any, error) {
		s, ok := in.(string)
		if !ok {
			return nil, typeError(c, "a string", in)
		}
		if !has || cur == nil {
			return s, nil
		}
		base, ok := cur.(string)
		if !ok {
			return nil, typeError(c, "the current value to be a string", cur)
		}
		if base == "" {
			return s, nil
		}
		return base + sep + s, nil
	}
}

// customReducer adapts a user's ReducerFunc: absent is nil, and what it
// returns must be a JSON value like any other write.
func customReducer(name string, fn ReducerFunc) reducer {
	return func(c *reduceCtx, cur any, has bool, in any) (out any, err error) {
		if !has {
			cur = nil
		}
		defer func() {
			// a user's reducer may panic; the scenario gets an error, not a crash
			if r := recover(); r != nil {
				panicked := "panicked"
				if at := panicsite.Where(); at != "" {
					panicked += " at " + at
				}
				err = &Error{Code: ReducerTypeError, Path: PathKey(Root, c.field), Message: fmt.Sprintf("custom reducer %q %s: %v", name, panicked, r)}
			}
		}()
		out, err = fn(cur, in)
		if err != nil {
			if _, ok := err.(*Error); ok {
				return nil, err
			}
			return nil, &Error{Code: ReducerTypeError, Path: PathKey(Root, c.field), Message: fmt.Sprintf("custom reducer %q: %v", name, err)}
		}
		out, err = Normalize(out)
		if err != nil {
			return nil, err
		}
		return out, nil
	}
}
