package engine

import (
	"strings"
	"testing"
)

// TestNewTakesOneProfile: the graph runs under Options.Profile, else the
// schema's, else langgraph; a schema that names another profile than the
// one given is refused.
func TestNewTakesOneProfile(t *testing.T) {
	for _, tt := range []struct{ given, schema, want string }{
		{"", "", "langgraph"},
		{"dawn", "", "dawn"},
		{"", "awaken", "awaken"},
		{"llmfy", "llmfy", "llmfy"},
	} {
		g, err := New(&Schema{Profile: tt.schema}, Options{Profile: tt.given})
		if err != nil {
			t.Fatalf("New(profile %q, schema %q): %v", tt.given, tt.schema, err)
		}
		if g.Profile() != tt.want {
			t.Errorf("New(profile %q, schema %q) runs %q, want %q", tt.given, tt.schema, g.Profile(), tt.want)
		}
	}
	_, err := New(&Schema{Profile: "dawn"}, Options{Profile: "awaken"})
	if CodeOf(err) != SchemaInvalid || !strings.Contains(err.Error(), `the graph's profile is "awaken" but the schema says "dawn"`) {
		t.Errorf("a schema of another profile: %v", err)
	}
}
