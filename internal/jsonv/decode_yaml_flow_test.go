package jsonv

import (
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// TestYAMLFlowLinesAgree: whatever yamlFlowLines reads, yaml.v3 reads to
// the same value (floats to the bit, -0 included) with the same key order
// in every object; texts it declines are yaml.v3's alone.
func TestYAMLFlowLinesAgree(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	src := Source{Name: "a.feature", Line: 3, Indent: 6}
	read := 0
	const n = 20000
	for i := 0; i < n; i++ {
		text := flowLinesText(r)
		fastOrder := &KeyOrder{}
		fast, ok := yamlFlowLines(text, src, fastOrder)
		if !ok {
			continue
		}
		read++
		slowOrder := &KeyOrder{}
		slow, err := decodeYAMLDocument([]byte(text), src, slowOrder)
		if err != nil {
			t.Fatalf("read as JSON lines, but yaml.v3 fails: %v\n%s", err, text)
		}
		if msg := sameValue(fast, slow, fastOrder, slowOrder, "$"); msg != "" {
			t.Fatalf("the two readings differ at %s\n%s", msg, text)
		}
	}
	// keys as long as yaml.v3 takes, and longer
	for _, k := range []int{990, 1000, 1010, 1020, 1022, 1024, 1030} {
		key := strings.Repeat("K", k)
		for _, text := range []string{"k: {\"" + key + "\": 1}", "k: [{\"" + key + "\" : 1}]", key + ": {}", "k: {\"a\": \"" + key + key + "\"}"} {
			fastOrder, slowOrder := &KeyOrder{}, &KeyOrder{}
			fast, ok := yamlFlowLines(text, src, fastOrder)
			if !ok {
				continue
			}
			slow, err := decodeYAMLDocument([]byte(text), src, slowOrder)
			if err != nil {
				t.Fatalf("a key of %d characters: read as JSON lines, but yaml.v3 fails: %v", k, err)
			}
			if msg := sameValue(fast, slow, fastOrder, slowOrder, "$"); msg != "" {
				t.Fatalf("a key of %d characters: the two readings differ at %s", k, msg)
			}
		}
	}
	if read < n/4 {
		t.Errorf("only %d of %d texts were read as JSON lines: the test says little", read, n)
	}
}

// sameValue compares two decoded values strictly, and the written order of
// their objects' keys.
func sameValue(a, b any, ao, bo *KeyOrder, path string) string {
	switch x := a.(type) {
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok || len(x) != len(y) {
			return path + fmt.Sprintf(": %v vs %v", a, b)
		}
		if wa, wb := ao.Written(x), bo.Written(y); !reflect.DeepEqual(wa, wb) {
			return path + fmt.Sprintf(": key order %q vs %q", wa, wb)
		}
		for k, v := range x {
			if msg := sameValue(v, y[k], ao, bo, PathKey(path, k)); msg != "" {
				return msg
			}
		}
		return ""
	case []any:
		y, ok := b.([]any)
		if !ok || len(x) != len(y) {
			return path + fmt.Sprintf(": %v vs %v", a, b)
		}
		for i := range x {
			if msg := sameValue(x[i], y[i], ao, bo, PathIndex(path, i)); msg != "" {
				return msg
			}
		}
		return ""
	case float64:
		y, ok := b.(float64)
		if !ok || math.Float64bits(x) != math.Float64bits(y) {
			return path + fmt.Sprintf(": %v vs %v", a, b)
		}
		return ""
	default:
		if a != b {
			return path + fmt.Sprintf(": %#v vs %#v", a, b)
		}
		return ""
	}
}

// flowLinesText writes 1 to 3 lines `key: value`, mostly of the form read
// as JSON lines, sometimes a little off it.
func flowLinesText(r *rand.Rand) string {
	keys := []string{"left", "right", "a", "B2", "node_1", "yes", "No", "null", "True", "on", "y", "_x", "1a", "a-b", "Ünï"}
	var b strings.Builder
	lines := 1 + r.IntN(3)
	for i := 0; i < lines; i++ {
		k := keys[r.IntN(len(keys))]
		if r.IntN(6) > 0 {
			k = keys[r.IntN(5)]
		}
		fmt.Fprintf(&b, "%s: ", k)
		if r.IntN(2) == 0 {
			flowObject(&b, r, 0)
		} else {
			flowArray(&b, r, 0)
		}
		switch r.IntN(20) {
		case 0:
			b.WriteString(" ")
		case 1:
			b.WriteString("\n")
		}
		if i < lines-1 || r.IntN(2) == 0 {
			b.WriteString("\n")
		}
	}
	return b.String()
}

func flowSep(b *strings.Builder, r *rand.Rand, s string) {
	b.WriteString(s)
	if r.IntN(2) == 0 {
		b.WriteString(" ")
	}
}

func flowObject(b *strings.Builder, r *rand.Rand, depth int) {
	b.WriteString("{")
	n := r.IntN(4)
	for i := 0; i < n; i++ {
		if i > 0 {
			flowSep(b, r, ",")
		}
		flowString(b, r)
		flowSep(b, r, ":")
		flowValue(b, r, depth+1)
	}
	b.WriteString("}")
}

func flowArray(b *strings.Builder, r *rand.Rand, depth int) {
	b.WriteString("[")
	n := r.IntN(4)
	for i := 0; i < n; i++ {
		if i > 0 {
			flowSep(b, r, ",")
		}
		flowValue(b, r, depth+1)
	}
	b.WriteString("]")
}

func flowString(b *strings.Builder, r *rand.Rand) {
	const chars = "abcXYZ019 :#-,[]{}&*!|>'%@`?=~.+_/"
	b.WriteString(`"`)
	for n := r.IntN(8); n > 0; n-- {
		b.WriteByte(chars[r.IntN(len(chars))])
	}
	if r.IntN(50) == 0 {
		b.WriteString("é") // not ASCII: declined
	}
	b.WriteString(`"`)
}

func flowValue(b *strings.Builder, r *rand.Rand, depth int) {
	k := r.IntN(10)
	if depth > 3 {
		k = 4 + r.IntN(6)
	}
	switch k {
	case 0, 1:
		flowObject(b, r, depth)
	case 2, 3:
		flowArray(b, r, depth)
	case 4, 5:
		flowString(b, r)
	case 6:
		b.WriteString([]string{"true", "false", "null"}[r.IntN(3)])
	default:
		numbers := []string{"0", "-0", "7", "-12", "0.5", "-0.0", "1e3", "1E-7", "2.5e+10", "123456789012",
			"9007199254740991", "9007199254740993", "-9007199254740992", "1e400", "0.1", "3.0", "1e21", "1.7976931348623157e308"}
		b.WriteString(numbers[r.IntN(len(numbers))])
	}
}

// FuzzYAMLFlowLinesAgree: on any text yamlFlowLines reads, yaml.v3 agrees.
func FuzzYAMLFlowLinesAgree(f *testing.F) {
	long := strings.Repeat("K", 1023)
	for _, s := range []string{"left: {\"total\":2}\nright: {\"total\": 3}\n", "a: [1, -0, 1e3]", "yes: {}", "k: {\"a\":{\"b\":[null,true]}}",
		"k: {\"" + long + "\": 1}", "k: [{\"" + long[:1020] + "\" : 1}]", long + ": {}"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		src := Source{Name: "f", Line: 1}
		fastOrder := &KeyOrder{}
		fast, ok := yamlFlowLines(text, src, fastOrder)
		if !ok {
			return
		}
		slowOrder := &KeyOrder{}
		slow, err := decodeYAMLDocument([]byte(text), src, slowOrder)
		if err != nil {
			t.Fatalf("read as JSON lines, but yaml.v3 fails: %v", err)
		}
		if msg := sameValue(fast, slow, fastOrder, slowOrder, "$"); msg != "" {
			t.Fatalf("the two readings differ at %s", msg)
		}
	})
}
