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
