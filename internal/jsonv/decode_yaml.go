package jsonv

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"gopkg.in/yaml.v3"
)

// yamlMaxAliasValues and yamlMaxAliasBytes cap what alias expansion may
// produce in one document: values, and bytes of text (strings, keys and
// number literals). Expanded values are shared, not copied, but whoever
// walks the result (validation, canonical JSON, diffs, a runtime) pays for
// every one, and a few long strings under few aliases are gigabytes of JSON.
const (
	yamlMaxAliasValues = 1_000_000
	yamlMaxAliasBytes  = 16 << 20
)

// DecodeYAML parses one YAML document into the engine's value model (nil,
// bool, float64, string, []any, map[string]any) and enforces docs/reference.md, Values on it.
//
// Errors are a *SyntaxError when the text is not YAML (or holds no document,
// or more than one), and an *Error with a Code, the JSON path and the
// position of the value at fault when the YAML holds something JSON cannot
// (timestamps, NaN, tags, non-string keys, duplicate keys, ...).
//
// YAML is read as yaml.v3 reads it: booleans are only true/false in any of
// the cases true, True, TRUE (yes, no, on, off stay strings); integers may
// carry underscores and the prefixes 0x, 0o and 0b (0x1F is 31, 0o12 is 10);
// 012 is rejected because YAML 1.1 reads it as octal. A text that is valid
// JSON decodes exactly as DecodeJSON decodes it, including the few JSON
// texts yaml.v3 misreads (\/ and surrogate-pair escapes, keys longer than
// 1024 characters, a line break before ':', U+0085, U+2028 and U+2029 in
// strings).
//
// Anchors and aliases are expanded; the expanded value may share parts.
func DecodeYAML(data []byte, src Source) (any, error) {
	return decodeYAML(data, src, nil)
}

// DecodeYAMLOrdered is DecodeYAML that also records the order in which each
// mapping's keys were written (see DecodeJSONOrdered).
func DecodeYAMLOrdered(data []byte, src Source) (Checked, error) {
	order := &KeyOrder{}
	v, err := decodeYAML(data, src, order)
	return checked(v, err, order)
}

func decodeYAML(data []byte, src Source, order *KeyOrder) (any, error) {
	if m, ok := yamlFlowLines(string(data), src, order); ok {
		return m, nil
	}
	return decodeYAMLDocument(data, src, order)
}

// decodeYAMLDocument reads data with yaml.v3.
func decodeYAMLDocument(data []byte, src Source, order *KeyOrder) (any, error) {
	if err := yamlCheckUTF8(data, src); err != nil {
		return nil, err
	}
	first, second, err := yamlParse(data)
	if err != nil {
		if json.Valid(data) {
			return decodeJSON(string(data), src, order)
		}
		return nil, yamlSyntaxError(err, data, src)
	}
	if yamlHasLineBreakRune(data) && json.Valid(data) {
		return decodeJSON(string(data), src, order)
	}
	if first == nil || len(first.Content) == 0 || yamlIsEmpty(first.Content[0]) {
		return nil, &SyntaxError{Pos: src.Pos(1, 1), Message: "expected a value, found an empty document"}
	}
	if second != nil {
		return nil, &SyntaxError{
			Pos:     src.Pos(max(second.Line, 1), 1),
			Message: "expected one YAML document, found a second one after ---; remove it or split the text",
		}
	}
	d := &yamlDecoder{src: src, order: order, orderDepth: order.depthFor(len(data))}
	v, _, err := d.value(first.Content[0], Root, 0)
	if err != nil {
		return nil, err
	}
	return v, nil
}

// yamlHasLineBreakRune reports U+0085, U+2028 or U+2029: yaml.v3 (as YAML
// 1.1) takes them for line breaks and folds them in strings; JSON keeps them.
func yamlHasLineBreakRune(data []byte) bool {
	return bytes.Contains(data, []byte("\u0085")) || bytes.Contains(data, []byte("\u2028")) ||
		bytes.Contains(data, []byte("\u2029"))
}

// yamlParse reads the first document and tells whether a second follows.
// yaml.v3 panics on a few malformed inputs; that is a syntax error too.
func yamlParse(data []byte) (first, second *yaml.Node, err error) {
	defer func() {
		if r := recover(); r != nil {
			first, second, err = nil, nil, fmt.Errorf("yaml: the YAML parser failed: %v", r)
		}
	}()
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var doc yaml.Node
	if err := dec.Decode(&doc); err != nil {
		if err == io.EOF {
			return nil, nil, nil
		}
		return nil, nil, err
	}
	var next yaml.Node
	switch err := dec.Decode(&next); {
	case err == io.EOF:
		return &doc, nil, nil
	case err != nil:
		return nil, nil, err
	}
	return &doc, &next, nil
}

// yamlIsEmpty reports a document with nothing but "---" and comments.
func yamlIsEmpty(n *yaml.Node) bool {
	return n.Kind == yaml.ScalarNode && n.Value == "" && n.Tag == "!!null" &&
		n.Style == 0 && n.Anchor == ""
}

// yamlCheckUTF8 reports the first invalid UTF-8 sequence with its position.
// yaml.v3 would reject it too, but without a position and as a syntax error
// (and it would read a UTF-16 text, which JSON and this engine do not).
func yamlCheckUTF8(data []byte, src Source) error {
	if utf8.Valid(data) {
		return nil
	}
	line, col := 1, 1
	for i := 0; i < len(data); {
		r, size := utf8.DecodeRune(data[i:])
		if r == utf8.RuneError && size == 1 {
			return &Error{
				Code:    InvalidUTF8,
				Pos:     src.Pos(line, col),
				Message: fmt.Sprintf("invalid UTF-8 (byte 0x%02x); save the text as UTF-8", data[i]),
			}
		}
		if r == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
		i += size
	}
	return nil
}

var yamlErrLine = regexp.MustCompile(`^line (\d+): `)

// yamlSyntaxError turns a yaml.v3 error ("yaml: line 3: did not find
// expected key") into a positioned error. yaml.v3 names a line at most (none
// for errors on the first line), so the column is 1.
func yamlSyntaxError(err error, data []byte, src Source) error {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	line := 1
	if m := yamlErrLine.FindStringSubmatch(msg); m != nil {
		line, _ = strconv.Atoi(m[1])
		msg = msg[len(m[0]):]
	}
	// yaml.v3 miscounts lines after multi-line quoted scalars.
	line = min(max(line, 1), bytes.Count(data, []byte("\n"))+1)
	col := 1
	switch {
	case strings.Contains(msg, "exceeded max depth"):
		// yaml.v3 stops at 10,000 levels, before our own check could run.
		return &Error{Code: TooDeep, Pos: src.Pos(line, col),
			Message: tooDeep}
	case strings.Contains(msg, "invalid Unicode character escape code"):
		return &Error{Code: InvalidUTF8, Pos: src.Pos(line, col),
			Message: `invalid \u escape: YAML accepts no surrogates (\uD800-\uDFFF), not even JSON-style pairs; write \UXXXXXXXX or the character itself`}
	case strings.Contains(msg, "control characters are not allowed"):
		if l, c, r, ok := yamlFindControl(data); ok {
			return &SyntaxError{Pos: src.Pos(l, c),
				Message: fmt.Sprintf("invalid YAML: control character %U is not allowed; write it as an escape in a double-quoted string", r)}
		}
	}
	return &SyntaxError{Pos: src.Pos(line, col), Message: "invalid YAML: " + msg}
}

// yamlFindControl finds the first character YAML does not allow in a text.
func yamlFindControl(data []byte) (line, col int, r rune, ok bool) {
	line, col = 1, 1
	for _, r := range string(data) {
		switch {
		case r == '\t', r == '\n', r == '\r', r >= 0x20 && r <= 0x7E, r == 0x85,
			r >= 0xA0 && r <= 0xD7FF, r >= 0xE000 && r <= 0xFFFD, r >= 0x10000:
		default:
			return line, col, r, true
		}
		if r == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	return 0, 0, 0, false
}

// yamlCost is what a decoded value costs whoever walks it: how many values
// it holds, how many levels it nests, and the bytes of its text (each
// scalar's and key's characters plus one).
type yamlCost struct {
	values int
	height int
	bytes  int
}

func (c *yamlCost) add(child yamlCost) {
	c.values += child.values
	c.bytes += child.bytes
	c.height = max(c.height, child.height+1)
}

// yamlMemo is what an anchored node decoded to, so that aliases reuse it.
type yamlMemo struct {
	v    any
	cost yamlCost
}

type yamlDecoder struct {
	src   Source
	order *KeyOrder // nil unless the caller wants the order of keys
	// orderDepth is the deepest nesting whose mappings' order is recorded
	orderDepth int
	// memo and active are made at the first anchor: most texts have none.
	memo   map[*yaml.Node]yamlMemo
	active map[*yaml.Node]bool // anchored nodes being decoded: an alias to one is a cycle
	// expanded is what alias expansion has produced so far
	expanded yamlCost
}

func (d *yamlDecoder) fail(code Code, n *yaml.Node, path, msg string) *Error {
	return &Error{Code: code, Path: path, Pos: d.src.Pos(n.Line, n.Column), Message: msg}
}

// value decodes n found at path inside depth objects or arrays, and says
// what it costs.
func (d *yamlDecoder) value(n *yaml.Node, path string, depth int) (any, yamlCost, error) {
	if n.Kind == yaml.AliasNode {
		return d.alias(n, path, depth)
	}
	if n.Anchor != "" {
		if m, ok := d.memo[n]; ok {
			return m.v, m.cost, nil
		}
		if d.active == nil {
			d.memo, d.active = map[*yaml.Node]yamlMemo{}, map[*yaml.Node]bool{}
		}
		d.active[n] = true
		defer delete(d.active, n)
	}
	var (
		v    any
		cost yamlCost
		err  error
	)
	switch n.Kind {
	case yaml.ScalarNode:
		v, err = d.scalar(n, path)
		cost = yamlCost{values: 1, bytes: len(n.Value) + 1}
	case yaml.SequenceNode:
		v, cost, err = d.sequence(n, path, depth)
	case yaml.MappingNode:
		v, cost, err = d.mapping(n, path, depth)
	default:
		err = d.fail(NonJSONValue, n, path, "unexpected YAML node")
	}
	if err != nil {
		return nil, yamlCost{}, err
	}
	if n.Anchor != "" {
		d.memo[n] = yamlMemo{v, cost}
	}
	return v, cost, nil
}

// alias expands *name to the anchored value, counting what it costs.
func (d *yamlDecoder) alias(n *yaml.Node, path string, depth int) (any, yamlCost, error) {
	target := n.Alias
	if target == nil {
		return nil, yamlCost{}, d.fail(NonJSONValue, n, path, fmt.Sprintf("alias *%s has no anchor", n.Value))
	}
	if d.active[target] {
		return nil, yamlCost{}, d.fail(NonJSONValue, n, path,
			fmt.Sprintf("alias *%s refers to a value that contains it; JSON values cannot be recursive", n.Value))
	}
	m, ok := d.memo[target]
	if !ok {
		// An anchor on a mapping key has not been decoded as a value yet.
		v, cost, err := d.value(target, path, depth)
		if err != nil {
			return nil, yamlCost{}, err
		}
		m = yamlMemo{v, cost}
		if d.memo == nil {
			d.memo = map[*yaml.Node]yamlMemo{}
		}
		d.memo[target] = m
	}
	if depth+m.cost.height > MaxDepth {
		return nil, yamlCost{}, d.fail(TooDeep, n, path,
			fmt.Sprintf("%s (alias *%s adds %d)", tooDeep, n.Value, m.cost.height))
	}
	if err := d.expand(n, path, m.cost); err != nil {
		return nil, yamlCost{}, err
	}
	return m.v, m.cost, nil
}

// expand counts what the alias n adds to the document, and fails past the
// limits.
func (d *yamlDecoder) expand(n *yaml.Node, path string, c yamlCost) error {
	d.expanded.values += c.values
	d.expanded.bytes += c.bytes
	switch {
	case d.expanded.values > yamlMaxAliasValues:
		return d.fail(TooLarge, n, path,
			fmt.Sprintf("YAML aliases expand to more than %d values; use fewer aliases", yamlMaxAliasValues))
	case d.expanded.bytes > yamlMaxAliasBytes:
		return d.fail(TooLarge, n, path,
			fmt.Sprintf("YAML aliases expand to more than %d MiB of text (alias *%s is %d bytes); use fewer aliases, or write the values out",
				yamlMaxAliasBytes>>20, n.Value, c.bytes))
	}
	return nil
}

func (d *yamlDecoder) container(n *yaml.Node, path string, depth int, want string) error {
	if depth+1 > MaxDepth {
		return d.fail(TooDeep, n, path, tooDeep)
	}
	if tag := n.ShortTag(); tag != want {
		return d.fail(NonJSONValue, n, path, yamlTagMessage(tag))
	}
	return nil
}

func (d *yamlDecoder) sequence(n *yaml.Node, path string, depth int) (any, yamlCost, error) {
	if err := d.container(n, path, depth, "!!seq"); err != nil {
		return nil, yamlCost{}, err
	}
	out := make([]any, len(n.Content))
	cost := yamlCost{values: 1, height: 1, bytes: 1}
	for i, c := range n.Content {
		v, cc, err := d.value(c, PathIndex(path, i), depth+1)
		if err != nil {
			return nil, yamlCost{}, err
		}
		out[i] = v
		cost.add(cc)
	}
	return out, cost, nil
}

func (d *yamlDecoder) mapping(n *yaml.Node, path string, depth int) (any, yamlCost, error) {
	if err := d.container(n, path, depth, "!!map"); err != nil {
		return nil, yamlCost{}, err
	}
	out := make(map[string]any, len(n.Content)/2)
	first := make(map[string]*yaml.Node, len(n.Content)/2)
	var keys []string
	cost := yamlCost{values: 1, height: 1, bytes: 1}
	for i := 0; i+1 < len(n.Content); i += 2 {
		kn := n.Content[i]
		key, err := d.key(kn, path)
		if err != nil {
			return nil, yamlCost{}, err
		}
		child := PathKey(path, key)
		if prev, dup := first[key]; dup {
			return nil, yamlCost{}, d.fail(DuplicateKey, kn, child,
				fmt.Sprintf("duplicate key %q (first at %s); keep one of them", key, d.src.Pos(prev.Line, prev.Column)))
		}
		first[key] = kn
		keyCost := yamlCost{bytes: len(key) + 1}
		if kn.Kind == yaml.AliasNode {
			// a long anchored string as the key of many mappings
			if err := d.expand(kn, child, keyCost); err != nil {
				return nil, yamlCost{}, err
			}
		}
		v, cc, err := d.value(n.Content[i+1], child, depth+1)
		if err != nil {
			return nil, yamlCost{}, err
		}
		out[key] = v
		if d.order != nil && depth+1 <= d.orderDepth {
			keys = append(keys, key)
		}
		cost.add(cc)
		cost.bytes += keyCost.bytes
	}
	d.order.record(out, keys)
	return out, cost, nil
}

// key returns a mapping key, which must be a string scalar (directly or
// through an alias).
func (d *yamlDecoder) key(kn *yaml.Node, parent string) (string, error) {
	n := kn
	if n.Kind == yaml.AliasNode && n.Alias != nil {
		n = n.Alias
	}
	if n.Kind != yaml.ScalarNode {
		what := "a mapping"
		if n.Kind == yaml.SequenceNode {
			what = "a sequence"
		}
		return "", d.fail(NonJSONValue, kn, parent,
			fmt.Sprintf("mapping key is %s; mapping keys must be strings; quote it", what))
	}
	path := PathKey(parent, n.Value)
	if !utf8.ValidString(n.Value) {
		return "", d.fail(InvalidUTF8, kn, path, "mapping key is not valid UTF-8")
	}
	switch tag := n.ShortTag(); tag {
	case "!!str":
		return n.Value, nil
	case "!!merge":
		return "", d.fail(NonJSONValue, kn, path, "YAML merge keys (<<) are not supported; write the keys out")
	default:
		shown := n.Value
		if shown == "" {
			shown = `""`
		}
		return "", d.fail(NonJSONValue, kn, path,
			fmt.Sprintf("mapping key %s is read as %s; mapping keys must be strings; quote it", shown, tag))
	}
}
