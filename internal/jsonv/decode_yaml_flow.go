package jsonv

import "strings"

// The parallel step is most often written as one line a node, each a name
// and a JSON object ("left: {\"total\": 2}"). That text means the same in
// YAML and as JSON values under their keys, and the JSON decoder reads it
// several times faster than yaml.v3; yamlFlowLines reads it so and declines
// (false) anything it is not sure means the same, which then goes through
// yaml.v3. TestYAMLFlowLinesAgree compares the two on random texts.

// yamlFlowLinesMax is the longest text read this way; a larger one takes
// the YAML path, whose key order is recorded at other depths (largeText).
const yamlFlowLinesMax = 64 << 10

// yamlFlowKeyMax is the longest key read this way, top-level or inside a
// value (from its opening quote to the colon), well under the 1,024
// characters yaml.v3 allows an implicit key.
const yamlFlowKeyMax = 1000

// yamlFlowLinesDepth bounds the brackets of a value, far under MaxDepth,
// so that a value's depth (one deeper in YAML) never decides an error.
const yamlFlowLinesDepth = 64

// yamlFlowLines reads text when every line is `key: {...}` or
// `key: [...]`: a key of ASCII letters, digits and underscores starting
// with a letter, other than a word YAML reads as no string; one space; a
// JSON object or array to the end of the line, in printable ASCII without
// backslashes or tabs, that decodes without error. Keys may not repeat.
func yamlFlowLines(text string, src Source, order *KeyOrder) (map[string]any, bool) {
	if len(text) == 0 || len(text) > yamlFlowLinesMax {
		return nil, false
	}
	text = strings.TrimSuffix(text, "\n")
	out := map[string]any{}
	var keys []string
	for line := range strings.SplitSeq(text, "\n") {
		key, value, ok := strings.Cut(line, ": ")
		if !ok || !yamlFlowKey(key) || !yamlFlowValue(value) {
			return nil, false
		}
		if _, dup := out[key]; dup {
			return nil, false
		}
		v, err := decodeJSON(value, src, order)
		if err != nil {
			return nil, false
		}
		out[key] = v
		keys = append(keys, key)
	}
	order.record(out, keys)
	return out, true
}

// yamlFlowKey is a plain key YAML reads as the same string.
func yamlFlowKey(k string) bool {
	if k == "" || len(k) > yamlFlowKeyMax || !(k[0] >= 'a' && k[0] <= 'z' || k[0] >= 'A' && k[0] <= 'Z') {
		return false
	}
	for i := 1; i < len(k); i++ {
		c := k[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_') {
			return false
		}
	}
	switch strings.ToLower(k) {
	case "y", "n", "yes", "no", "on", "off", "true", "false", "null":
		return false
	}
	return true
}

// yamlFlowValue is a one-line JSON collection in the characters whose
// meaning YAML's flow style and JSON share.
func yamlFlowValue(v string) bool {
	if len(v) < 2 || !(v[0] == '{' && v[len(v)-1] == '}' || v[0] == '[' && v[len(v)-1] == ']') {
		return false
	}
	depth, quote := 0, -1 // quote: where the open string started
	for i := 0; i < len(v); i++ {
		c := v[i]
		switch {
		case c < 0x20 || c >= 0x7f || c == '\\':
			return false
		case c == '"' && quote < 0:
			quote = i
		case c == '"':
			// a key too long for yaml.v3: its string, spaces, then a colon
			rest := strings.TrimLeft(v[i+1:], " ")
			if colon := len(v) - len(rest); strings.HasPrefix(rest, ":") && colon-quote > yamlFlowKeyMax {
				return false
			}
			quote = -1
		case quote >= 0:
		case c == '{' || c == '[':
			if depth++; depth > yamlFlowLinesDepth {
				return false
			}
		case c == '}' || c == ']':
			depth--
		}
	}
	return true
}
