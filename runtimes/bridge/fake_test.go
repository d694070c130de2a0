//go:build unix

package bridge

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"syscall"
	"testing"
	"time"
)

// The tests' programs are this test binary itself: with BRIDGE_FAKE set,
// TestMain runs fake instead of the tests, behaving as the variable says.
// So the plumbing is tested with Go alone, no other language installed.
func TestMain(m *testing.M) {
	if b := os.Getenv("BRIDGE_FAKE"); b != "" {
		fake(b)
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// fakeProgram is a Program that runs fake with behaviour.
func fakeProgram(behaviour string) Program {
	return Program{
		Name:    "fake-rt",
		Library: "Fake",
		Command: os.Args[0],
		Args:    []string{"-test.run=^$"},
		Env:     []string{"BRIDGE_FAKE=" + behaviour},
		// what the plumbing's tests check is each request reaching a
		// process (its pid in the state), never answered from memory
		Stateful: behaviour != "count",
	}
}

// fake is a program of the protocol. It says it is ready (but for
// never-ready and fatal), then, for each request:
//
//	echo         answers open and close, a commit with its input over
//	             its state before, and a stream of graph "g" with the
//	             chunks [values, input] and [updates, {"n": input}] (of
//	             channel z a last-value one (of "fails", a node's error;
//	             of "none", no chunks)
//	garbage      writes a line that is not JSON, and to stderr
//	dies         exits with status 7, saying why on stderr
//	wrong-id     answers another request
//	silent       never answers
//	die-on-first kills itself on the first request, answers none
//	never-ready  never says it is ready; it creates the file
//	             BRIDGE_STARTED_FILE names, when set
//	spawn        starts `sleep 600`, writes its pid to the file
//	             BRIDGE_CHILD_FILE names, then is echo
//	crash        echo, but a commit whose input has "crash" exits with
//	             status 9, saying so on stderr; a commit's state gets
//	             "pid", the process's id
//	quit-on-close echo, but exits on a close, answering none
//	count        echo, but a commit's state gets "served", how many
//	             commits the process has answered, and a commit whose
//	             input has "refuse" is refused with a REDUCER_TYPE_ERROR,
//	             one whose input has "held" is answered with held
func fake(behaviour string) {
	if behaviour == "spawn" {
		child := exec.Command("sleep", "600")
		if err := child.Start(); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(3)
		}
		os.WriteFile(os.Getenv("BRIDGE_CHILD_FILE"), []byte(strconv.Itoa(child.Process.Pid)), 0o600)
		behaviour = "echo"
	}
	out := bufio.NewWriter(os.Stdout)
	send := func(v any) {
		data, _ := json.Marshal(v)
		out.Write(append(data, '\n'))
		out.Flush()
	}
	switch behaviour {
	case "never-ready":
		if f := os.Getenv("BRIDGE_STARTED_FILE"); f != "" {
			os.WriteFile(f, nil, 0o600)
		}
		time.Sleep(time.Hour)
	case "fatal":
		send(map[string]any{"fatal": "cannot resolve fakelib: install it"})
		os.Exit(3)
	}
	fmt.Fprint(out, `{"ready":{"fakelib":"1.2.3","go":"fake"}}`+"\n")
	out.Flush()
	pid := 0
	switch behaviour {
	case "crash":
		pid = os.Getpid()
		behaviour = "echo"
	case "quit-on-close":
		behaviour = "echo"
		pid = -1
	}
	counting, served := behaviour == "count", 0
	if counting {
		behaviour = "echo"
	}
	sc := bufio.NewScanner(os.Stdin)
	sc.Buffer(nil, 64<<20)
	for sc.Scan() {
		var req struct {
			ID     uint64         `json:"id"`
			Op     string         `json:"op"`
			Before map[string]any `json:"before"`
			Input  map[string]any `json:"input"`
			NextID int            `json:"nextId"`
			Graph  string         `json:"graph"`
			Spec   struct {
				Graph string `json:"graph"`
			} `json:"spec"`
		}
		json.Unmarshal(sc.Bytes(), &req)
		var raw struct {
			Input json.RawMessage `json:"input"`
		}
		json.Unmarshal(sc.Bytes(), &raw)
		switch behaviour {
		case "echo":
			switch req.Op {
			case "open":
				if req.Spec.Graph != "" {
					// an own graph: its channels and nodes
					send(map[string]any{"id": req.ID, "graph": 1, "channels": []string{"x"}, "nodes": []string{"n"}})
					break
				}
				send(map[string]any{"id": req.ID, "graph": 1})
			case "commit":
				values := map[string]any{}
				for k, v := range req.Before {
					values[k] = v
				}
				for k, v := range req.Input {
					values[k] = v
				}
				if _, crash := req.Input["crash"]; crash && pid > 0 {
					fmt.Fprintln(os.Stderr, "crashed on purpose")
					os.Exit(9)
				}
				if pid > 0 {
					values["pid"] = pid
				}
				if counting {
					served++
					values["served"] = served
					if _, refuse := req.Input["refuse"]; refuse {
						send(map[string]any{"id": req.ID, "error": map[string]any{"code": "REDUCER_TYPE_ERROR", "message": fmt.Sprintf("refused (served %d)", served)}})
						break
					}
				}
				answer := map[string]any{"id": req.ID, "nextId": req.NextID, "values": values}
				if _, held := req.Input["held"]; held && counting {
					answer["held"] = true
				}
				send(answer)
			case "stream":
				switch req.Graph {
				case "fails":
					send(map[string]any{"id": req.ID, "error": map[string]any{"code": "NODE_ERROR", "message": `node "n" threw Error: down`}})
				case "none":
					send(map[string]any{"id": req.ID})
				default:
					fmt.Fprintf(out, `{"id":%d,"chunks":[["values", %s], ["updates", {"n": %s}]],"kinds":{"z":"last-value"}}`+"\n", req.ID, raw.Input, raw.Input)
					out.Flush()
				}
			case "close":
				if pid == -1 {
					os.Exit(0)
				}
				send(map[string]any{"id": req.ID})
			default:
				send(map[string]any{"id": req.ID})
			}
		case "garbage":
			fmt.Fprintln(os.Stderr, "something went wrong")
			fmt.Fprintln(out, "this is not json")
			out.Flush()
		case "dies":
			fmt.Fprintln(os.Stderr, "fatal: out of luck")
			os.Exit(7)
		case "wrong-id":
			send(map[string]any{"id": 999, "graph": 1})
		case "silent":
			fmt.Fprintln(os.Stderr, "thinking")
		case "die-on-first":
			if req.ID == 1 {
				fmt.Fprintln(os.Stderr, "about to die")
				syscall.Kill(os.Getpid(), syscall.SIGKILL)
			}
		}
	}
}
