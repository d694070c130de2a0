package jsonv

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
)

func FuzzDecodeYAML(f *testing.F) {
	for _, tc := range yamlValueCases {
		f.Add([]byte(tc.in))
	}
	for _, tc := range yamlErrorCases {
		f.Add([]byte(tc.in))
	}
	for _, doc := range yamlJSONDocs {
		f.Add([]byte(doc))
	}
	f.Add([]byte(yamlBillionLaughs()))
	f.Add([]byte(yamlLongLaughs(1000, 100, 200)))
	f.Add([]byte("k: &k \"" + strings.Repeat("k", 10_000) + "\"\nm: [" + strings.Repeat("{*k: 1},", 1999) + "{*k: 1}]\n"))
	f.Add([]byte(yamlNestedFlow(1001)))
	f.Fuzz(func(t *testing.T, data []byte) {
		v, err := DecodeYAML(data, yamlFeature)
		v2, err2 := DecodeYAML(data, yamlFeature)
		if fmt.Sprint(err) != fmt.Sprint(err2) || !reflect.DeepEqual(v, v2) {
			t.Fatalf("not deterministic: %v / %v", err, err2)
		}
		if err != nil {
			var e *Error
			var se *SyntaxError
			if !errors.As(err, &e) && !errors.As(err, &se) {
				t.Fatalf("error %T %v is neither *Error nor *SyntaxError", err, err)
			}
			return
		}
		if msg := yamlCheckModel(v, 0); msg != "" {
			t.Fatalf("DecodeYAML(%q) = %#v: %s", data, v, msg)
		}
		// A JSON text that decodes must decode as JSON does.
		var want any
		if json.Valid(data) && json.Unmarshal(data, &want) == nil && !reflect.DeepEqual(v, want) {
			t.Fatalf("DecodeYAML(%q) = %#v, JSON gives %#v", data, v, want)
		}
	})
}

// yamlCheckModel says how v breaks the value model, or "". Shared values are
// walked each time they appear, which the alias cap keeps affordable.
func yamlCheckModel(v any, depth int) string {
	switch x := v.(type) {
	case nil, bool:
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return "non-finite number"
		}
	case string:
		if !utf8.ValidString(x) {
			return "invalid UTF-8"
		}
	case []any:
		if depth == MaxDepth {
			return "too deep"
		}
		for _, e := range x {
			if msg := yamlCheckModel(e, depth+1); msg != "" {
				return msg
			}
		}
	case map[string]any:
		if depth == MaxDepth {
			return "too deep"
		}
		for k, e := range x {
			if !utf8.ValidString(k) {
				return "invalid UTF-8 in a key"
			}
			if msg := yamlCheckModel(e, depth+1); msg != "" {
				return msg
			}
		}
	default:
		return fmt.Sprintf("%T is not a JSON value", v)
	}
	return ""
}
