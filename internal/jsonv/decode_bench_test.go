package jsonv

import (
	"encoding/json"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// benchState is a ~10 MB canonical state: a long chat history with the
// shapes agents produce (tool calls, nested kwargs, unicode, escapes).
var benchState = sync.OnceValue(func() []byte {
	words := []string{"the", "agent", "called", "search", "résumé", "naïve", "東京", "🙂", "tool", "result",
		"\"quoted\"", "line\nbreak", "tab\there", "<b>&amp;</b>", "path\\to\\file", "über", "state", "graph"}
	var msgs []any
	var size int
	for i := 0; size < 10<<20; i++ {
		var content strings.Builder
		for w := range 5 + (i*7919)%400 {
			if w > 0 {
				content.WriteByte(' ')
			}
			content.WriteString(words[(i+w*31)%len(words)])
		}
		msg := map[string]any{
			"id":      "msg-" + strconv.Itoa(i),
			"type":    []string{"human", "ai", "tool", "system"}[i%4],
			"content": content.String(),
			"response_metadata": map[string]any{
				"model":         "gpt-4o-2024-08-06",
				"finish_reason": "stop",
				"usage":         map[string]any{"input_tokens": float64(100 + i%9000), "output_tokens": float64(i % 700), "cost": float64(i%1000) * 0.00013},
			},
			"additional_kwargs": map[string]any{},
		}
		if i%4 == 1 {
			msg["additional_kwargs"] = map[string]any{
				"tool_calls": []any{map[string]any{
					"id":   "call_" + strconv.Itoa(i),
					"type": "function",
					"function": map[string]any{
						"name":      "search",
						"arguments": `{"query": "weather in Paris", "limit": 5}`,
					},
				}},
			}
		}
		if i%4 == 2 {
			msg["tool_call_id"] = "call_" + strconv.Itoa(i-1)
			msg["artifact"] = []any{1.5, -2.0, true, nil, []any{"a", "b"}, 1e-9, 123456.789}
		}
		msgs = append(msgs, msg)
		size += content.Len() + 450
	}
	state := map[string]any{
		"messages": msgs,
		"config":   map[string]any{"thread_id": "t-1", "recursion_limit": 25.0, "did": "did:example:123"},
		"counter":  float64(len(msgs)),
		"context":  "",
	}
	data, err := Encode(state)
	if err != nil {
		panic(err)
	}
	return data
})

func BenchmarkDecodeEncode10MB(b *testing.B) {
	data := benchState()
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		v, err := DecodeJSON(data, Source{})
		if err != nil {
			b.Fatal(err)
		}
		if _, err := Encode(v); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkStdlibUnmarshalMarshal10MB(b *testing.B) {
	data := benchState()
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		var v any
		if err := json.Unmarshal(data, &v); err != nil {
			b.Fatal(err)
		}
		if _, err := json.Marshal(v); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkDecodeJSON10MB(b *testing.B) {
	data := benchState()
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := DecodeJSON(data, Source{}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkEncode10MB(b *testing.B) {
	v, err := DecodeJSON(benchState(), Source{})
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(benchState())))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Encode(v); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkValidate10MB(b *testing.B) {
	v, err := DecodeJSON(benchState(), Source{})
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(benchState())))
	for b.Loop() {
		if err := Validate(v); err != nil {
			b.Fatal(err)
		}
	}
}
