package bridge

import (
	"encoding/json"
	"strconv"
	"sync"
)

// memo keeps the answers a program gave to the commits of graphs built
// from a schema alone: such a commit is a function of its graph's spec
// and its request (the state before, the outputs or input, the next
// generated id), since the graph's reducers are the library's and the
// program's own, and the harness numbers the ids. Suites repeat many
// commits (a Background's input, an Outline's rows, the same first step),
// and each costs the program a real superstep; a repeated one is answered
// from here, with the very bytes the program gave. Graphs that run the
// user's code (an own graph, a route's TypeScript reducer) are never
// memoised: that code may keep state or read the clock.
//
// It is shared by the processes of a Pool, and bounded: past maxMemoBytes
// of answers it starts again empty, which costs speed, never an answer.
type memo struct {
	mu    sync.Mutex
	specs map[string]string // a spec's open request → its short name
	// builtSpecs are the specs whose graph a program has built
	builtSpecs map[string]bool
	answers    map[string]*memoAnswer
	bytes      int
	max        int // bytes kept at most
}

// memoAnswer is what a program answered to a commit: its state and next
// id, or its refusal.
type memoAnswer struct {
	values json.RawMessage
	nextID int
	err    *bridgeError
}

const maxMemoBytes = 64 << 20

func newMemo() *memo {
	return &memo{specs: map[string]string{}, builtSpecs: map[string]bool{}, answers: map[string]*memoAnswer{}, max: maxMemoBytes}
}

// spec names a spec by its open request, the same name for the same
// request, and says whether a program has built its graph before (built).
func (m *memo) spec(open []byte) (name string, built bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	name, ok := m.specs[string(open)]
	if !ok {
		name = strconv.Itoa(len(m.specs)) + "\x00"
		m.specs[string(open)] = name
		m.bytes += 2 * len(open)
	}
	return name, m.builtSpecs[name]
}

// built notes that a program built the graph of the spec name: its
// graph, built from the spec alone, builds again.
func (m *memo) built(name string) {
	m.mu.Lock()
	m.builtSpecs[name] = true
	m.mu.Unlock()
}

func (m *memo) get(key string) *memoAnswer {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.answers[key]
}

// put keeps a program's answer to the commit key, unless it is one that
// cannot be kept (returns of real nodes, which only own graphs have; a
// state the process holds in a form of its own, held).
func (m *memo) put(key string, resp *response) {
	if len(resp.Returned) > 0 || resp.Held || (resp.Error == nil && (resp.NextID == nil || resp.Values == nil)) {
		return
	}
	a := &memoAnswer{values: resp.Values, err: resp.Error}
	if resp.NextID != nil {
		a.nextID = *resp.NextID
	}
	size := len(key) + len(a.values) + 64
	if a.err != nil {
		size += len(a.err.Message) + len(a.err.Code)
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.bytes+size > m.max {
		clear(m.answers)
		m.bytes = 0
		for open := range m.specs {
			m.bytes += 2 * len(open)
		}
	}
	m.answers[key] = a
	m.bytes += size
}

// response is the answer as the program gave it, for the commit's own
// reading of it.
func (a *memoAnswer) response() *response {
	next := a.nextID
	return &response{NextID: &next, Values: a.values, Error: a.err}
}
