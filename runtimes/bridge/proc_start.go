//go:build !linux

package bridge

import "os/exec"

// startCommand starts cmd. Only Linux can tie a child's life to its
// parent's; elsewhere the bridge exits when its stdin closes, which the
// death of this process does, unless a node of the user's keeps it busy.
func startCommand(cmd *exec.Cmd) error { return cmd.Start() }
