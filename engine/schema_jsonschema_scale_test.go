package engine

import "testing"

// TestSchemaEnumAtScale reads an enum, an anyOf of enums and an allOf of
// enums of 32,000 values each: the union keeps every value once and the
// intersection the shared half. How the time grows with the length is
// BenchmarkSchemaFromJSONSchemaEnum's to measure (10k and 100k values),
// not a test's.
func TestSchemaEnumAtScale(t *testing.T) {
	const n = 32000
	s, err := SchemaFromJSONSchema(enumSchema(n))
	if err != nil {
		t.Fatal(err)
	}
	if got := len(s.Field("either").Type.Enum); got != n {
		t.Errorf("either has %d values, want %d", got, n)
	}
	if got := len(s.Field("both").Type.Enum); got != n-n/2 {
		t.Errorf("both has %d values, want %d", got, n-n/2)
	}
}
