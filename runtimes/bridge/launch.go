package bridge

import (
	"fmt"
	"path/filepath"
	"time"
)

// Launch starts the Program that program makes for the suite at root, the
// way every runtime's Start does: root made absolute (a program may be
// given it as an argument, and finds an interpreter relative to it), and
// timeout 0 made DefaultTimeout (a program may check its interpreter's
// version within it). An error of program (an interpreter missing) is the
// start's error as it is.
func Launch(name, root string, timeout time.Duration, program func(root string, timeout time.Duration) (Program, error)) (*Bridge, error) {
	abs, err := filepath.Abs(root)
	if err != nil {
		return nil, fmt.Errorf("%s: suite root %s: %v", name, root, err)
	}
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	prog, err := program(abs, timeout)
	if err != nil {
		return nil, err
	}
	return Start(prog)
}
