package engine

import (
	"fmt"
	"strconv"
	"testing"
)

// The schema table, input and parallel step of a typical scenario
// (bench/suite/typical): what every scenario of a suite decodes.

func BenchmarkSchemaFromTable(b *testing.B) {
	header := []string{"field", "type", "default", "reducer"}
	rows := [][]string{
		{"messages", "array", "[]", "messages"},
		{"status", "string", "", ""},
		{"total", "number", "0", "sum"},
		{"tags", "array", "[]", "union"},
	}
	cell := func(_, _ int, text string) (any, error) { return DecodeJSON([]byte(text), Source{}) }
	b.ReportAllocs()
	for b.Loop() {
		if _, err := SchemaFromTable(header, rows, cell); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkDecodeYAMLOrdered(b *testing.B) {
	text := []byte("left: {\"total\":3,\"tags\":[\"t1\"]}\nright: {\"total\":4,\"tags\":[\"t5\"]}\n")
	b.ReportAllocs()
	for b.Loop() {
		if _, err := DecodeYAMLOrdered(text, Source{Name: "a.feature", Line: 9, Indent: 6}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkDecodeJSONOrdered(b *testing.B) {
	text := `{"messages":[{"content":"question 1","id":"q1","type":"human"}],"status":"new"}`
	b.ReportAllocs()
	for b.Loop() {
		if _, err := DecodeJSONOrdered(text, Source{Name: "a.feature", Line: 7, Indent: 6}); err != nil {
			b.Fatal(err)
		}
	}
}

// A field whose JSON Schema enum lists n values, as a generated schema of
// ids or names may: reading it must take time linear in n (see
// BenchmarkSchemaFromJSONSchemaEnum/10000 against /100000).
func enumSchema(n int) map[string]any {
	values := make([]any, n)
	for i := range values {
		values[i] = fmt.Sprintf("value-%d", i)
	}
	return map[string]any{"type": "object", "properties": map[string]any{
		"status": map[string]any{"type": "string", "enum": values, "default": "value-0"},
		"either": map[string]any{"anyOf": []any{
			map[string]any{"enum": values}, map[string]any{"enum": values[:n/2]}, map[string]any{"type": "null"},
		}},
		"both": map[string]any{"allOf": []any{
			map[string]any{"enum": values}, map[string]any{"enum": values[n/2:]},
		}},
	}}
}

func BenchmarkSchemaFromJSONSchemaEnum(b *testing.B) {
	for _, n := range []int{10_000, 100_000} {
		doc := enumSchema(n)
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := SchemaFromJSONSchema(doc); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
