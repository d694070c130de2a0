// Package shell writes the commands the harness prints for a user to paste
// into a POSIX shell.
package shell

import "strings"

// Quote makes s one shell word: as it is when every character is safe,
// else in single quotes.
func Quote(s string) string {
	safe := s != ""
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("_./:=@%+,-", r)) {
			safe = false
			break
		}
	}
	if safe {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
