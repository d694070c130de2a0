package pyvalue

import (
	"encoding/json"
	"math"
	"os/exec"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stateharness/scenario/internal/jsonv"
	"github.com/stateharness/scenario/internal/toolchain"
)

// jsonLoadsScript prints what json.loads makes of each JSON-encoded text
// of stdin, strict and not, or "error" with its message.
const jsonLoadsScript = `
import json, sys
for line in sys.stdin:
    text = json.loads(line)
    out = []
    for strict in (True, False):
        try:
            out.append({"value": json.loads(text, strict=strict)})
        except json.JSONDecodeError as e:
            out.append({"error": str(e)})
    print(json.dumps(out))
`

var pyJSONTexts = []string{
	`{"a": 1, "a": [2, 2.5, -0, 1e3]}`, ` [true, false, null, "x\u00e9\ud83d\ude00"] `, `"tab	in"`, "\"nl\nin\"",
	`{bad`, ``, `[1,]`, `{"a" 1}`, `[1] 2`, `"\x"`, `"\u12"`, `01`, `-`, `1.`, `.5`, `1e`, `tru`,
	`{"a": {"b": []}}`, `"\ud83d\u0041"`, `"\ud83d\u00zz"`, `"\/\b\f\r\t\""`, `[1 2]`, `{"a": 1,}`,
}

// TestPyJSONLoads compares JSONLoads with Python's json.loads on texts it
// reads and texts it refuses (the same value, or an error at the same
// place).
func TestPyJSONLoads(t *testing.T) {
	python := toolchain.LangGraphPython(t)
	var input strings.Builder
	for _, text := range pyJSONTexts {
		b, _ := json.Marshal(text)
		input.Write(append(b, '\n'))
	}
	cmd := exec.Command(python, "-c", jsonLoadsScript)
	cmd.Stdin = strings.NewReader(input.String())
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("json.loads: %v", err)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lines) != len(pyJSONTexts) {
		t.Fatalf("json.loads answered %d lines for %d texts", len(lines), len(pyJSONTexts))
	}
	for i, text := range pyJSONTexts {
		var real []map[string]any
		if err := json.Unmarshal([]byte(lines[i]), &real); err != nil {
			t.Fatal(err)
		}
		for j, strict := range []bool{true, false} {
			got, syntax, _ := JSONLoads(text, strict)
			if want, refused := real[j]["error"]; refused {
				if syntax != want {
					t.Errorf("json.loads(%q, strict=%v): got %v (%q), want the error %q", text, strict, got, syntax, want)
				}
				continue
			}
			if syntax != "" || !jsonv.Equal(got, real[j]["value"]) {
				t.Errorf("json.loads(%q, strict=%v) = %v (%q), want %v", text, strict, got, syntax, real[j]["value"])
			}
		}
	}
}

// TestPyJSONLoadsNotJSON: what json.loads reads and JSON cannot hold is
// reported, not returned as if it were a value.
func TestPyJSONLoadsNotJSON(t *testing.T) {
	for _, text := range []string{`NaN`, `[Infinity]`, `{"a": -Infinity}`, `1e400`, `9007199254740993`, `-9007199254740992`} {
		if _, syntax, notJSON := JSONLoads(text, true); syntax != "" || notJSON == "" {
			t.Errorf("JSONLoads(%q): syntax %q, notJSON %q; want it read and reported", text, syntax, notJSON)
		}
	}
	if v, _, notJSON := JSONLoads(`[9007199254740991, 1e308]`, true); notJSON != "" || !jsonv.Equal(v, []any{9007199254740991.0, 1e308}) {
		t.Errorf("JSONLoads of the largest safe integer and float: %v (%q)", v, notJSON)
	}
	if v, _, _ := JSONLoads(`NaN`, true); !math.IsNaN(v.(float64)) {
		t.Errorf("JSONLoads(NaN) = %v", v)
	}
}

// FuzzPyJSONLoads: no text makes JSONLoads panic, and what is JSON it
// reads as encoding/json does (where the value is one JSON can hold).
func FuzzPyJSONLoads(f *testing.F) {
	for _, text := range pyJSONTexts {
		f.Add(text)
	}
	f.Fuzz(func(t *testing.T, text string) {
		got, syntax, notJSON := JSONLoads(text, true)
		if !json.Valid([]byte(text)) || !utf8.ValidString(text) {
			// the harness's strings are UTF-8, as a Python str is text
			return
		}
		if syntax != "" {
			t.Fatalf("JSONLoads(%q): %s; the text is JSON", text, syntax)
		}
		var want any
		if err := json.Unmarshal([]byte(text), &want); err == nil && notJSON == "" && !jsonv.Equal(got, want) {
			t.Fatalf("JSONLoads(%q) = %v, encoding/json reads %v", text, got, want)
		}
	})
}
