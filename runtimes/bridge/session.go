package bridge

import (
	"fmt"
	"sync"

	"github.com/stateharness/scenario/engine"
)

// Open builds a scenario's graph on the program. A graph the Program does
// not Accept, or with a custom Go reducer, is an *engine.Unsupported.
//
// With spec.Graph, the program loads the scenario's own graph from the
// suite root instead (docs/reference.md, Runtimes): its channels and reducers are the
// authority, so the schema's fields are not sent, and the session is an
// engine.GraphSession that names the graph's channels.
func (b *Bridge) Open(spec engine.GraphSpec) (engine.Session, error) {
	if b.prog.Accept != nil {
		if err := b.prog.Accept(spec); err != nil {
			return nil, err
		}
	}
	if spec.Graph != "" {
		return b.openOwn(spec)
	}
	for _, f := range spec.Fields {
		if f.ReducerFile != "" && !b.prog.Routes {
			return nil, &engine.Unsupported{Runtime: b.prog.Name, Reason: fmt.Sprintf("field %q's reducer is %s, TypeScript, which %s does not run", f.Name, f.ReducerFile, b.prog.Name)}
		}
		if f.Custom {
			return nil, &engine.Unsupported{Runtime: b.prog.Name, Reason: fmt.Sprintf("field %q has the custom reducer %s, registered in Go, which %s cannot call", f.Name, f.Reducer, b.prog.Library)}
		}
	}
	s := &session{b: b}
	s.open = func(w *requestWriter) error {
		specHead(w, spec)
		w.raw(`,"fields":[`)
		for i, f := range spec.Fields {
			if i > 0 {
				w.raw(",")
			}
			w.raw(`{"name":`)
			w.buf = appendJSONString(w.buf, f.Name)
			w.raw(`,"reducer":`)
			w.buf = appendJSONString(w.buf, f.Reducer)
			if f.ReducerFile != "" {
				// the user's own reducer, the default export of that module
				w.raw(`,"code":`)
				w.buf = appendJSONString(w.buf, f.ReducerFile)
			}
			if f.Merge != "" {
				w.raw(`,"merge":`)
				w.buf = appendJSONString(w.buf, string(f.Merge))
			}
			w.raw(`,"scope":`)
			w.buf = appendJSONString(w.buf, string(f.Scope))
			if f.HasDefault {
				w.raw(`,"default":`)
				def, err := engine.Normalize(f.Default)
				if err != nil {
					return err
				}
				if err := w.value(def, nil); err != nil {
					return err
				}
			}
			w.raw("}")
		}
		w.raw("]}")
		return nil
	}
	opened := false
	if b.memo != nil && !b.prog.Stateful && !runsUserCode(spec) {
		w := &requestWriter{keys: b.prog.Keys, name: b.prog.Name}
		if err := s.open(w); err != nil {
			return nil, err
		}
		s.memoSpec, opened = b.memo.spec(w.buf)
	}
	if opened {
		// the program built this spec's graph before: it is opened on the
		// process with the first commit that is not in the memo
		return s, nil
	}
	resp, err := b.request(s, "", nil)
	if err != nil {
		return nil, err
	}
	if resp.Error != nil {
		return nil, fmt.Errorf("%s cannot build the scenario's graph: %s", b.prog.Name, resp.Error.Message)
	}
	if s.memoSpec != "" {
		b.memo.built(s.memoSpec)
	}
	return s, nil
}

// runsUserCode says whether a graph built from spec runs code of the
// suite's: a route's reducer, a module of its own.
func runsUserCode(spec engine.GraphSpec) bool {
	for _, f := range spec.Fields {
		if f.ReducerFile != "" || f.Custom {
			return true
		}
	}
	return spec.Graph != ""
}

// specHead opens an open request's spec with what every graph has: its
// profile and the prefix of generated message ids.
func specHead(w *requestWriter, spec engine.GraphSpec) {
	w.key("spec")
	w.raw(`{"profile":`)
	w.buf = appendJSONString(w.buf, spec.Profile)
	w.raw(`,"idPrefix":`)
	w.buf = appendJSONString(w.buf, spec.IDPrefix)
}

// openOwn loads the scenario's own graph. What keeps it from loading (the
// module does not import, has no such export, the export is no compiled
// graph, .ts without tsx) is a problem with the scenario, said plainly.
func (b *Bridge) openOwn(spec engine.GraphSpec) (engine.Session, error) {
	s := &ownSession{session: session{b: b}}
	s.open = func(w *requestWriter) error {
		specHead(w, spec)
		w.raw(`,"graph":`)
		w.buf = appendJSONString(w.buf, spec.Graph)
		w.raw("}")
		return nil
	}
	resp, err := b.request(&s.session, "", nil)
	if err != nil {
		return nil, err
	}
	if resp.Error != nil {
		return nil, fmt.Errorf("%s cannot open the graph %s: %s", b.prog.Name, spec.Graph, resp.Error.Message)
	}
	if resp.Channels == nil || resp.Nodes == nil {
		return nil, runtimeError(fmt.Sprintf("%s opened the graph %s but did not name its channels and nodes", b.prog.Name, spec.Graph))
	}
	s.channels, s.nodes, s.kinds = resp.Channels, resp.Nodes, resp.Kinds
	return s, nil
}

// ownSession is a session on the scenario's own graph.
type ownSession struct {
	session
	channels, nodes []string
	kinds           map[string]string
}

// Channels are the graph's channels, its state's fields.
func (s *ownSession) Channels() []string { return append([]string(nil), s.channels...) }

// Nodes are the graph's nodes, as the graph added them.
func (s *ownSession) Nodes() []string { return append([]string(nil), s.nodes...) }

// ChannelKinds are the graph's channels by kind, as the program names them
// (package doc); nil when it does not.
func (s *ownSession) ChannelKinds() map[string]string {
	if s.kinds == nil {
		return nil
	}
	out := make(map[string]string, len(s.kinds))
	for k, v := range s.kinds {
		out[k] = v
	}
	return out
}

// session is one scenario's graph on the bridge.
type session struct {
	b *Bridge
	// open writes the open request of the graph, sent again when the
	// process it was open on (p, as graph) has died
	open  func(w *requestWriter) error
	p     *proc
	graph int
	// done, when set, is called once the session is closed: a Pool counts
	// its sessions
	done func()
	// memoSpec names the graph's spec in the bridge's memo, where its
	// commits are kept; empty for a graph that runs the suite's code
	memoSpec string

	once sync.Once
}

// Commit runs one commit as a real superstep and returns the state after
// it.
func (s *session) Commit(c *engine.CommitRequest) (*engine.CommitResult, error) {
	// the request but its graph, which names the process's copy
	body := &requestWriter{keys: s.b.prog.Keys, name: s.b.prog.Name}
	if err := s.commitBody(body, c); err != nil {
		return nil, err
	}
	var resp *response
	key := ""
	if s.memoSpec != "" {
		key = s.memoSpec + string(body.buf)
		if a := s.b.memo.get(key); a != nil {
			resp = a.response()
		}
	}
	if resp == nil {
		var err error
		resp, err = s.b.request(s, "commit", func(w *requestWriter) error {
			w.int("graph", s.graph)
			w.buf = append(w.buf, body.buf...)
			return nil
		})
		if err != nil {
			return nil, err
		}
		if key != "" {
			s.b.memo.put(key, resp)
		}
	}
	return s.answer(resp)
}

// commitBody writes a commit request's members but its graph.
func (s *session) commitBody(w *requestWriter, c *engine.CommitRequest) error {
	w.str("kind", string(c.Kind))
	w.int("nextId", c.NextID)
	w.key("before")
	if c.Before == nil {
		w.raw("null")
	} else if err := w.value(c.Before, nil); err != nil {
		return err
	}
	switch c.Kind {
	case engine.CommitInput:
		w.key("input")
		return writeChecked(w, c.Input.Value, c.Input.Order)
	case engine.CommitStep:
		w.key("outputs")
		w.raw("[")
		for i, o := range c.Outputs {
			if i > 0 {
				w.raw(",")
			}
			w.raw(`{"node":`)
			w.buf = appendJSONString(w.buf, o.Node)
			if o.Run {
				// the bridge runs the graph's own node
				w.raw(`,"run":true}`)
				continue
			}
			if o.Command {
				w.raw(`,"command":true`)
			}
			w.raw(`,"output":`)
			v, order := o.Output, (*engine.KeyOrder)(nil)
			if ch, ok := v.(engine.Checked); ok {
				v, order = ch.Value, ch.Order
			}
			if err := writeChecked(w, v, order); err != nil {
				return err
			}
			w.raw("}")
		}
		w.raw("]")
	case engine.CommitTool:
		tool := ""
		if len(c.Writes) > 0 {
			tool = c.Writes[0].Node
		}
		w.str("tool", tool)
		w.key("writes")
		w.raw("[")
		for i, wr := range c.Writes {
			if i > 0 {
				w.raw(",")
			}
			w.raw("[")
			w.buf = appendJSONString(w.buf, wr.Field)
			w.raw(",")
			if err := writeChecked(w, wr.Value, wr.KeyOrder()); err != nil {
				return err
			}
			w.raw("]")
		}
		w.raw("]")
	default:
		return fmt.Errorf("%s: unknown commit kind %q", s.b.prog.Name, c.Kind)
	}
	return nil
}

// answer reads the program's answer to a commit.
func (s *session) answer(resp *response) (*engine.CommitResult, error) {
	if resp.Error != nil {
		return nil, resp.Error.engineError(s.b.prog.Library)
	}
	if resp.NextID == nil || resp.Values == nil {
		return nil, runtimeError(s.b.prog.Name + " answered a commit without the state")
	}
	// what a runtime returns is decoded as strictly as any value (docs/reference.md, Values)
	v, err := engine.DecodeJSON(resp.Values, engine.Source{Name: s.b.prog.Name})
	if err != nil {
		return nil, err
	}
	values, ok := v.(map[string]any)
	if !ok {
		return nil, runtimeError(s.b.prog.Name + " answered a commit with a state that is not an object")
	}
	out := &engine.CommitResult{Values: values, NextID: *resp.NextID}
	if len(resp.Returned) > 0 {
		// in the order the nodes wrote their keys, which the trace keeps
		r, err := engine.DecodeJSONOrdered(string(resp.Returned), engine.Source{Name: s.b.prog.Name})
		if err != nil {
			return nil, err
		}
		ret, ok := r.Value.(map[string]any)
		if !ok {
			return nil, runtimeError(s.b.prog.Name + " answered a commit with node returns that are not an object")
		}
		out.Returned = make(map[string]any, len(ret))
		for node, v := range ret {
			out.Returned[node] = engine.Checked{Value: v, Order: r.Order}
		}
	}
	return out, nil
}

// writeChecked writes a value the engine has checked, or one built in Go,
// which is checked first.
func writeChecked(w *requestWriter, v any, order *engine.KeyOrder) error {
	if _, ok := v.(engine.Checked); ok {
		c := v.(engine.Checked)
		v, order = c.Value, c.Order
	}
	v, err := engine.Normalize(v)
	if err != nil {
		return err
	}
	return w.value(v, order)
}

// Close releases the scenario's graph on the bridge.
func (s *session) Close() error {
	var err error
	s.once.Do(func() {
		err = s.b.release(s)
		if s.done != nil {
			s.done()
		}
	})
	return err
}
