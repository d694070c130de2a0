//go:build !unix

package goldenfile

import "errors"

func mkfifo(string) error { return errors.New("no FIFOs") }
