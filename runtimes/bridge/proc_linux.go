package bridge

import (
	"os/exec"
	"runtime"
	"sync"
	"syscall"
)

// startCommand starts cmd so that the kernel kills it when this process
// dies, however it dies (SIGKILL included): Pdeathsig. The signal fires
// when the thread that started the child exits, not the process, and Go
// ends a thread whose goroutine exits while locked to it, so every bridge
// is started from one goroutine that holds its thread for the life of
// the process.
func startCommand(cmd *exec.Cmd) error {
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	cmd.SysProcAttr.Pdeathsig = syscall.SIGKILL
	spawnerOnce.Do(func() { go spawner() })
	done := make(chan error)
	spawns <- func() { done <- cmd.Start() }
	return <-done
}

var (
	spawnerOnce sync.Once
	spawns      = make(chan func())
)

// spawner runs the starts, locked to its thread, and never returns.
func spawner() {
	runtime.LockOSThread()
	for start := range spawns {
		start()
	}
}
