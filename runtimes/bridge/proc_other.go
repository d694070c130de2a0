//go:build !unix

package bridge

import "os/exec"

func setProcessGroup(*exec.Cmd) {}

// killGroup kills the bridge process.
func killGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		cmd.Process.Kill()
	}
}

// groupWatch is unix's watcher of the process group; there is none here.
type groupWatch struct{}

func watchGroup(*exec.Cmd, string) (*groupWatch, error) { return nil, nil }
func (*groupWatch) started()                            {}
func (*groupWatch) release()                            {}
