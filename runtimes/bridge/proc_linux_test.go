package bridge

import (
	"os"
	"runtime"
	"syscall"
	"testing"
	"time"

	"github.com/stateharness/scenario/engine"
)

// TestProgramOutlivesTheThreadThatStartedIt: Pdeathsig fires when the
// thread that started the child exits. A program started from a goroutine
// whose thread ends (a goroutine that exits locked to its thread) must keep
// running, since the process that needs it still runs.
func TestProgramOutlivesTheThreadThatStartedIt(t *testing.T) {
	started := make(chan *Bridge, 1)
	var start func()
	start = func() {
		runtime.LockOSThread() // and never unlocked: Go ends this thread
		if syscall.Gettid() == os.Getpid() {
			// Go never ends the main thread: hold it, so that another
			// thread takes the start
			done := make(chan struct{})
			go func() { start(); close(done) }()
			<-done
			runtime.UnlockOSThread()
			return
		}
		b, err := Start(fakeProgram("echo"))
		if err != nil {
			t.Error(err)
		}
		started <- b
	}
	go start()
	b := <-started
	if b == nil {
		return
	}
	defer b.Close()
	pid := b.Pid()
	time.Sleep(300 * time.Millisecond)
	if !alive(pid) {
		t.Fatalf("program %d died with the thread that started it", pid)
	}
	if _, err := b.Open(engine.GraphSpec{Profile: "langgraph"}); err != nil {
		t.Fatalf("the program does not answer: %v", err)
	}
}
