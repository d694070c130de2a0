package engine

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestParsePlan(t *testing.T) {
	todo := func(content, status string) any { return map[string]any{"content": content, "status": status} }
	tests := []struct {
		name string
		text string
		want []any
		warn bool
	}{
		{name: "empty", text: "", want: []any{}},
		{name: "unchecked and checked", text: "- [ ] a\n- [x] b\n- [X] c", want: []any{todo("a", "pending"), todo("b", "completed"), todo("c", "completed")}},
		{name: "indented items", text: "  - [ ] nested\n\t- [x] tabbed", want: []any{todo("nested", "pending"), todo("tabbed", "completed")}},
		{name: "content is trimmed", text: "- [ ]    spaced out   ", want: []any{todo("spaced out", "pending")}},
		{name: "CRLF line ends", text: "- [ ] a\r\n- [ ] b\r\n", want: []any{todo("a", "pending"), todo("b", "pending")}},
		{name: "empty items skipped", text: "- [ ]\n- [x]   \n- [ ] real", want: []any{todo("real", "pending")}},
		{name: "no space needed after the box", text: "-[ ]tight", want: []any{todo("tight", "pending")}},
		{name: "not checklist lines", text: "# Title\n* [ ] star\n- [-] dash\n- [ x] wide\n1. [ ] num\ntext - [ ] inline", want: []any{}},
		{name: "unicode space counts as space", text: "\u00a0- [ ]\u2003wide\u3000", want: []any{todo("wide", "pending")}},
		{name: "exactly the limit", text: "- [ ] a\n" + strings.Repeat("x", maxPlanBytes-8), want: []any{todo("a", "pending")}},
		{name: "over the limit", text: "- [ ] a\n" + strings.Repeat("x", maxPlanBytes-7), want: []any{}, warn: true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, warning := parsePlan(tc.text)
			if !Equal(got, tc.want) {
				t.Errorf("todos = %s, want %s", compactJSON(got), compactJSON(tc.want))
			}
			if (warning != "") != tc.warn {
				t.Errorf("warning = %q, want one: %v", warning, tc.warn)
			}
		})
	}
}

func TestPlanPrompt(t *testing.T) {
	if got := PlanPrompt([]any{}); got != "Current plan: (empty)" {
		t.Errorf("empty plan prompt = %q", got)
	}
	todos := []any{map[string]any{"content": "a", "status": "pending"}, map[string]any{"content": "b", "status": "in_progress"}}
	if got, want := PlanPrompt(todos), "Current plan:\n- [pending] a\n- [in_progress] b"; got != want {
		t.Errorf("prompt = %q, want %q", got, want)
	}
}

func FuzzParsePlan(f *testing.F) {
	for _, s := range []string{"", "- [ ] a", "- [x] b\n  - [X] c", "- [ ]", "\u00a0- [ ] x", "-[ ]y\r\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		todos, _ := parsePlan(text)
		again, _ := parsePlan(text)
		if !Equal(todos, again) {
			t.Fatal("parsePlan is not deterministic")
		}
		for _, item := range todos {
			m := item.(map[string]any)
			content := m["content"].(string)
			if content == "" || strings.TrimFunc(content, isJSSpace) != content {
				t.Fatalf("content %q is empty or untrimmed", content)
			}
			if s := m["status"]; s != "pending" && s != "completed" {
				t.Fatalf("status %v", s)
			}
			if utf8.ValidString(text) && !utf8.ValidString(content) {
				t.Fatalf("content %q is not valid UTF-8", content)
			}
		}
	})
}
