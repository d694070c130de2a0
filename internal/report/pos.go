package report

import (
	"strconv"
	"strings"
)

// Pos is a place in one of the suite's files: the file as the suite's
// messages name it ("features/chat.feature", "golden/chat/a.json"), a
// 1-based line and a 1-based column, 0 when the place is a whole line.
type Pos struct {
	File string
	Line int
	Col  int
}

// String is "file:line" or "file:line:col", as messages write it.
func (p Pos) String() string {
	s := p.File + ":" + strconv.Itoa(p.Line)
	if p.Col > 0 {
		s += ":" + strconv.Itoa(p.Col)
	}
	return s
}

// Located is an error that knows where it points: the step library's
// failures are, so that a report takes a failure's position from the
// failure, never out of its text. Location returns the place and the
// message without it.
type Located interface {
	error
	Location() (Pos, string)
}

// Leading reads the "<feature>:<line>[:<col>]: " a message starts with
// (docs/reference.md, Error codes) and returns the place and the rest of the message; ok is
// false when msg starts with no place in feature. The step library calls
// it once, where a failure is made, for the positions the engine writes
// as text (engine.Error.Pos, engine.SyntaxError.Pos, engine.Source.Pos).
func Leading(feature, msg string) (p Pos, rest string, ok bool) {
	s, found := strings.CutPrefix(msg, feature+":")
	if !found {
		return Pos{}, msg, false
	}
	nums := make([]int, 0, 2)
	for len(nums) < 2 {
		i := 0
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		if i == 0 || i == len(s) || s[i] != ':' {
			break
		}
		n, _ := strconv.Atoi(s[:i])
		nums = append(nums, n)
		s = s[i+1:]
	}
	if len(nums) == 0 {
		return Pos{}, msg, false
	}
	p = Pos{File: feature, Line: nums[0]}
	if len(nums) == 2 {
		p.Col = nums[1]
	}
	return p, strings.TrimPrefix(s, " "), true
}
