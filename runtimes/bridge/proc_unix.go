//go:build unix

package bridge

import (
	"fmt"
	"os"
	"os/exec"
	"syscall"
)

// setProcessGroup starts the bridge in a process group of its own, so that
// Close can stop it with everything it started.
func setProcessGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// killGroup kills the bridge's process group.
func killGroup(cmd *exec.Cmd) {
	if cmd.Process == nil {
		return
	}
	if err := syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL); err != nil {
		cmd.Process.Kill()
	}
}

// shell runs the watch script; a system without one runs the bridge bare.
const shell = "/bin/sh"

// watchScript starts the bridge through sh: a watcher in the bridge's
// process group waits for the end of a pipe that only this process writes
// to (the kernel closes it when this process dies, however it dies:
// SIGKILL, a signal that ends it, os.Exit), then removes the program's
// directory ($1, when there is one: this process removes it once the
// program is ready, unless it dies first) and kills the group; sh then
// execs the bridge in its own place, so its pid and exit status are the
// bridge's. Pdeathsig ends the bridge alone: the processes its nodes start
// (a server, a sleep 600) do not inherit it. %[1]d is the watch pipe's
// descriptor.
const watchScript = `d=$1; shift
(trap '' HUP INT TERM; read -r _ <&%[1]d; [ -z "$d" ] || rm -rf "$d"; kill -s KILL 0) </dev/null >/dev/null 2>&1 &
exec "$@" %[1]d<&-`

// groupWatch is the pipe whose end tells the watcher to kill the group.
type groupWatch struct{ r, w *os.File }

// watchGroup makes cmd start through the watch script, which removes dir
// ("" for none) if this process dies first; nil when cmd cannot start (its
// error is cmd.Start's) or there is no shell.
func watchGroup(cmd *exec.Cmd, dir string) (*groupWatch, error) {
	if cmd.Err != nil {
		return nil, nil
	}
	if _, err := os.Stat(shell); err != nil {
		return nil, nil
	}
	r, w, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	fd := 3 + len(cmd.ExtraFiles)
	cmd.ExtraFiles = append(cmd.ExtraFiles, r)
	cmd.Args = append([]string{"sh", "-c", fmt.Sprintf(watchScript, fd), "sh", dir, cmd.Path}, cmd.Args[1:]...)
	cmd.Path = shell
	return &groupWatch{r: r, w: w}, nil
}

// started drops this process's copy of the watcher's end.
func (g *groupWatch) started() {
	if g != nil {
		g.r.Close()
	}
}

// release tells the watcher to kill the group, and frees the pipe.
func (g *groupWatch) release() {
	if g != nil {
		g.r.Close()
		g.w.Close()
	}
}
