package jsonv

import (
	"errors"
	"strings"
)

// Error is the one error type of the engine: a code, the JSON path of the
// value at fault ("" when the error is about no single value), the position
// in a text source ("file:line:column", "" when the value came from Go), and a
// message that says what was expected and what came.
type Error struct {
	Code    Code
	Path    string
	Pos     string
	Message string
}

// Error renders "CODE: message (at $.path, file:line:col)".
func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(string(e.Code))
	b.WriteString(": ")
	b.WriteString(e.Message)
	var where []string
	if e.Path != "" {
		where = append(where, "at "+e.Path)
	}
	if e.Pos != "" {
		where = append(where, e.Pos)
	}
	if len(where) > 0 {
		b.WriteString(" (")
		b.WriteString(strings.Join(where, ", "))
		b.WriteString(")")
	}
	return b.String()
}

// SyntaxError reports text that does not parse at all (a YAML syntax error,
// JSON cut short). It is a problem with the scenario, not a rule the engine
// enforces, so it has no Code and cannot be asserted with "the step should
// fail with".
type SyntaxError struct {
	Pos     string // "file:line:column"
	Message string
}

// Error renders "file:line:column: message".
func (e *SyntaxError) Error() string {
	if e.Pos == "" {
		return e.Message
	}
	return e.Pos + ": " + e.Message
}

// CodeOf returns the code of err if it is (or wraps) an *Error, else "".
func CodeOf(err error) Code {
	if err == nil {
		return "" // before e, which errors.As makes escape
	}
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return ""
}

func errorf(code Code, path, msg string) *Error {
	return &Error{Code: code, Path: path, Message: msg}
}
