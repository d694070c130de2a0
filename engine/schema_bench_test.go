package engine

import "testing"

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
