package jsonv

import (
	"encoding/json"
	"errors"
	"math"
	"strings"
	"testing"
	"time"
)

type goTicket struct {
	ID       int               `json:"id"`
	Title    string            `json:"title,omitempty"`
	Opened   time.Time         `json:"opened"`
	Owner    *goPerson         `json:"owner"`
	Labels   map[string]string `json:"labels,omitempty"`
	Internal string            `json:"-"`
	hidden   string
	goAudit
}

type goPerson struct{ Name string }

type goAudit struct {
	By string `json:"by"`
}

type goLevel int

func (l goLevel) MarshalJSON() ([]byte, error) {
	if l < 0 {
		return nil, errors.New("negative level")
	}
	return json.Marshal([]string{"low", "high"}[l])
}

type goNode struct {
	Next *goNode `json:"next"`
}

// TestNormalizeGoValues: a Go value outside the model is what encoding/json
// writes for it; what encoding/json refuses is NON_JSON_VALUE at its path,
// saying what to change.
func TestNormalizeGoValues(t *testing.T) {
	opened := time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC)
	ok := []struct {
		name string
		v    any
		want string // canonical compact JSON
	}{
		{"struct with tags", goTicket{ID: 7, Opened: opened, Internal: "x", hidden: "y", goAudit: goAudit{By: "ana"}},
			`{"by":"ana","id":7,"opened":"2024-01-02T03:04:05Z","owner":null}`},
		{"pointer to struct", &goPerson{Name: "Ana"}, `{"Name":"Ana"}`},
		{"nil pointer", (*goPerson)(nil), `null`},
		{"slice of structs", map[string]any{"people": []goPerson{{"a"}, {"b"}}}, `{"people":[{"Name":"a"},{"Name":"b"}]}`},
		{"typed map", map[string]int{"b": 2, "a": 1}, `{"a":1,"b":2}`},
		{"integer keys", map[int]bool{2: true}, `{"2":true}`},
		{"time", []any{opened}, `["2024-01-02T03:04:05Z"]`},
		{"json.Marshaler", map[string]any{"level": goLevel(1)}, `{"level":"high"}`},
		{"named string", map[string]any{"s": time.Month(3)}, `{"s":3}`},
		{"bytes", []byte("hi"), `"aGk="`},
		{"json.RawMessage", json.RawMessage(`{"a":[1,2]}`), `{"a":[1,2]}`},
		{"model values untouched", map[string]any{"a": []any{1.0, "x"}}, `{"a":[1,"x"]}`},
	}
	for _, tc := range ok {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Normalize(tc.v)
			if err != nil {
				t.Fatalf("Normalize: %v", err)
			}
			if s := compact(got); s != tc.want {
				t.Fatalf("Normalize = %s, want %s", s, tc.want)
			}
			if err := Validate(got); err != nil {
				t.Fatalf("the result is outside the model: %v", err)
			}
		})
	}

	cycle := &goNode{}
	cycle.Next = cycle
	bad := []struct {
		name    string
		v       any
		code    Code
		path    string
		message string
	}{
		{"chan in a struct", map[string]any{"t": struct {
			Name string      `json:"name"`
			C    chan string `json:"updates"`
		}{C: make(chan string)}}, NonJSONValue, "$.t.updates", "received a Go chan string, which encoding/json cannot encode: tag the struct field `json:\"-\"`"},
		{"func", []any{1.0, func() {}}, NonJSONValue, "$[1]", "received a Go func()"},
		{"NaN in a struct", []goLevelScore{{Score: math.NaN()}}, NonJSONValue, "$[0].score", "NaN is not a finite number"},
		{"Inf in a typed map", map[string]float64{"x": math.Inf(1)}, NonJSONValue, "$.x", "Infinity is not a finite number"},
		{"embedded field", struct {
			goAudit
			F func() `json:"f"`
		}{F: func() {}}, NonJSONValue, "$.f", "func()"},
		{"MarshalJSON fails", map[string]any{"level": goLevel(-1)}, NonJSONValue, "$.level", "own JSON encoding failed"},
		{"struct keys", map[string]any{"m": map[goPerson]int{{"a"}: 1}}, NonJSONValue, "$.m", "keys encoding/json cannot encode"},
		{"cycle", map[string]any{"head": cycle}, NonJSONValue, "$.head.next", "points back to a value it is inside (a cycle)"},
		{"unsafe int64", struct {
			N int64 `json:"n"`
		}{N: 1 << 60}, UnsafeInteger, "$.n", "outside ±(2^53−1)"},
	}
	for _, tc := range bad {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Normalize(tc.v)
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("Normalize = %v, want an *Error", err)
			}
			if e.Code != tc.code || e.Path != tc.path {
				t.Fatalf("got %s at %q (%s), want %s at %q", e.Code, e.Path, e.Message, tc.code, tc.path)
			}
			if !strings.Contains(e.Message, tc.message) {
				t.Fatalf("message %q does not contain %q", e.Message, tc.message)
			}
		})
	}
}

type goLevelScore struct {
	Score float64 `json:"score"`
}

// TestNormalizeOrderedGoStruct: a struct's fields keep their order, as
// json.Marshal writes them, where LangGraph observes order (a tool message's
// content).
func TestNormalizeOrderedGoStruct(t *testing.T) {
	v, order, err := NormalizeOrdered(struct {
		Zeta  int `json:"zeta"`
		Alpha int `json:"alpha"`
	}{1, 2})
	if err != nil {
		t.Fatal(err)
	}
	if got := order.Stringify(v); got != `{"zeta":1,"alpha":2}` {
		t.Fatalf("stringify = %s, want the struct's order", got)
	}
}

// compact is the canonical compact JSON of v, or the error it gives.
func compact(v any) string {
	b, err := Compact(v)
	if err != nil {
		return "<" + err.Error() + ">"
	}
	return string(b)
}
