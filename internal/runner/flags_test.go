package runner

import "testing"

func TestCheckTags(t *testing.T) {
	for expr, ok := range map[string]bool{
		"":            true,
		"@smoke":      true,
		"~@slow":      true,
		"@a && ~@b":   true,
		"@a,@b && @c": true,
		"@a&&":        false,
		"smoke":       false,
		"@a || @b":    false,
		"@a && ,@b":   false,
		"@a @b":       false,
		"~~@a":        false,
		"@":           false,
	} {
		if err := checkTags(expr); (err == nil) != ok {
			t.Errorf("checkTags(%q) = %v, want ok %v", expr, err, ok)
		}
	}
}
