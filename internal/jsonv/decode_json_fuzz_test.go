package jsonv

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

func FuzzDecodeJSON(f *testing.F) {
	for _, s := range []string{
		``, ` `, `null`, `true`, `false`, `0`, `-0`, `1.5e-3`, `1e21`, `1e20`, `1e400`, `1e-400`,
		`9007199254740991`, `9007199254740992`, `-9007199254740992`, `012`, `-`, `1.`, `.5`, `+1`,
		`""`, `"a\"\\\/\b\f\n\r\t"`, `"\u00e9\ud83d\ude00"`, `"\ud800"`, `"\udc00"`, `"\ud800\u0041"`,
		`[]`, `{}`, `[1,]`, `{"a":1,}`, `{"a":1]`, `{"a":1,"a":2}`, `{"a":{"b":[1,{"c":null}]}}`,
		`{"\u0061":1,"a":2}`, `[1 2]`, `tru`, `NaN`, `// c`, `{'a':1}`, "\xEF\xBB\xBF{}", "\"\xff\"",
		"{\"\xc3\":1}", "[\"\x00\"]", `{"messages":[{"id":"1","type":"human","content":"hi"}]}`,
		strings.Repeat("[", 1001) + strings.Repeat("]", 1001),
		strings.Repeat("[", 999) + strings.Repeat("]", 999),
		strings.Repeat(`{"a":`, 40) + `1` + strings.Repeat(`}`, 40),
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		orig := bytes.Clone(data)
		v, err := DecodeJSON(data, Source{Name: "fuzz.json", Line: 3, Indent: 2})
		if !bytes.Equal(data, orig) {
			t.Fatal("DecodeJSON changed its input")
		}
		// encoding/json agrees on the grammar. It also accepts what §2
		// rejects (duplicate keys, invalid UTF-8, ...), which are *Error,
		// and rejects the BOM we skip.
		stdValid := json.Valid(data)
		var se *SyntaxError
		var e *Error
		switch {
		case err == nil:
			if !stdValid && !bytes.HasPrefix(data, []byte(bom)) {
				t.Fatalf("accepted %q, which encoding/json rejects", data)
			}
			if err := Validate(v); err != nil {
				t.Fatalf("decoded value fails Validate: %v", err)
			}
			if stdValid {
				var std any
				if err := json.Unmarshal(data, &std); err != nil {
					t.Fatal(err)
				}
				if !Equal(v, std) {
					t.Fatalf("decoded %#v, encoding/json %#v", v, std)
				}
			}
			out, err := Encode(v)
			if err != nil {
				t.Fatalf("Encode: %v", err)
			}
			back, err := DecodeJSON(out, Source{})
			if err != nil {
				t.Fatalf("canonical form does not decode: %v\n%s", err, out)
			}
			if !Equal(v, back) {
				t.Fatalf("canonical form decodes to another value:\n%#v\n%#v", v, back)
			}
			again, err := Encode(back)
			if err != nil || !bytes.Equal(out, again) {
				t.Fatalf("canonical form is not stable:\n%s\n%s", out, again)
			}
		case errors.As(err, &se):
			if stdValid {
				t.Fatalf("syntax error %v for %q, which encoding/json accepts", err, data)
			}
			if !strings.HasPrefix(se.Pos, "fuzz.json:") || se.Message == "" {
				t.Fatalf("bad syntax error %#v", se)
			}
		case errors.As(err, &e):
			switch e.Code {
			case NonJSONValue, DuplicateKey, InvalidUTF8, UnsafeInteger, TooDeep:
			default:
				t.Fatalf("unexpected code %s", e.Code)
			}
			if !strings.HasPrefix(e.Path, "$") || !strings.HasPrefix(e.Pos, "fuzz.json:") || e.Message == "" {
				t.Fatalf("bad error %#v", e)
			}
		default:
			t.Fatalf("unexpected error type %T: %v", err, err)
		}
	})
}
