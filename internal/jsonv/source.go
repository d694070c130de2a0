package jsonv

import "fmt"

// Source says where a text came from, so that errors in it can name
// `file:line:column` as the user sees them in their editor.
type Source struct {
	// Name is the file as the user knows it ("features/chat.feature").
	Name string
	// Line is the line of that file on which the text's first line stands
	// (1-based; 0 means 1). A docstring's text starts on the line after its
	// opening delimiter.
	Line int
	// Indent is the number of columns the text was shifted left when it was
	// taken out of the file (a docstring's indentation); it is added to every
	// column.
	Indent int
}

// Pos returns "name:line:column" for a 1-based line and column of the text.
func (s Source) Pos(line, col int) string {
	first := s.Line
	if first == 0 {
		first = 1
	}
	name := s.Name
	if name == "" {
		name = "<input>"
	}
	return fmt.Sprintf("%s:%d:%d", name, first+line-1, col+s.Indent)
}
