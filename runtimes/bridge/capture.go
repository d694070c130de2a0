package bridge

import (
	"fmt"

	"github.com/stateharness/scenario/engine"
)

// A CaptureRun is one run of a capture: the first from its Input, each
// later one going on from where the one before stopped, answering its
// pending interrupt with Resume.
type CaptureRun struct {
	Input  *engine.Checked
	Resume *engine.Resume
}

// A CapturedRun is one run of a capture: what it did, as a scripted run
// answers it, and the replies and tool results it captured.
type CapturedRun struct {
	Result  *engine.GraphRunResult
	Replies []CapturedReply
	Tools   []CapturedTool
}

// A CapturedReply is one chat-model call's reply, as a script's reply
// ({content, tool_calls, ...}), where it was made. Refused says why a
// script could not give it (the model answered no AI message).
type CapturedReply struct {
	Step    int
	Node    string
	Reply   any
	Order   *engine.KeyOrder // Reply's key order, as the program wrote it
	Refused string
}

// A CapturedTool is one tool call's result (the content of its tool
// message), or the error it threw (Error, Threw).
type CapturedTool struct {
	Step   int
	Node   string
	Tool   string
	Answer any
	Order  *engine.KeyOrder // Answer's key order
	Error  string
	Threw  bool
}

// Capture runs the own graph ("<module>:<export>") for real (scenario
// record --graph ... --input, the run request's capture of doc.go): no
// script applies, each chat model answers as its class does, tools run
// their code. The runs follow each other on one thread, each asked of
// next with the run before it (nil for the first), until next gives none.
// Every model reply, and with tools every tool result, is captured.
func (b *Bridge) Capture(graph, profile string, tools bool, next func(prev *CapturedRun) *CaptureRun) ([]CapturedRun, error) {
	if profile == "" {
		profile = b.prog.Name // the runtime's own profile
	}
	sess, err := b.openOwn(engine.GraphSpec{Profile: profile, Graph: graph, IDPrefix: "auto-"})
	if err != nil {
		return nil, err
	}
	s := sess.(*ownSession)
	defer s.Close()
	var out []CapturedRun
	nextID := 0
	for {
		var prev *CapturedRun
		if len(out) > 0 {
			prev = &out[len(out)-1]
		}
		r := next(prev)
		if r == nil {
			return out, nil
		}
		req := &engine.GraphRunRequest{Thread: "main", Continue: prev != nil, Input: r.Input, Resume: r.Resume, NextID: nextID}
		resp, err := b.request(&s.session, "run", func(w *requestWriter) error {
			if err := writeRun(w, s.graph, req); err != nil {
				return err
			}
			w.key("capture")
			w.raw(fmt.Sprintf(`{"tools":%t}`, tools))
			return nil
		})
		if err != nil {
			return nil, err
		}
		if resp.Error != nil {
			return nil, resp.Error.engineError(b.prog.Library)
		}
		res, err := s.decodeRun(resp)
		if err != nil {
			return nil, err
		}
		if resp.Captured == nil {
			return nil, runtimeError(b.prog.Name + " answered a run with capture without what it captured")
		}
		run := CapturedRun{Result: res}
		d := runDecoder{name: b.prog.Name}
		for _, c := range resp.Captured.Replies {
			reply := CapturedReply{Step: c.Step, Node: c.Node, Refused: c.Refused}
			if c.Refused == "" {
				v, err := d.ordered(c.Reply, "a captured reply")
				if err != nil {
					return nil, err
				}
				reply.Reply, reply.Order = v.Value, v.Order
			}
			run.Replies = append(run.Replies, reply)
		}
		for _, c := range resp.Captured.Tools {
			t := CapturedTool{Step: c.Step, Node: c.Node, Tool: c.Tool}
			if c.Error != nil {
				t.Error, t.Threw = *c.Error, true
			} else {
				v, err := d.ordered(c.Answer, fmt.Sprintf("tool %q's captured result", c.Tool))
				if err != nil {
					return nil, err
				}
				t.Answer, t.Order = v.Value, v.Order
			}
			run.Tools = append(run.Tools, t)
		}
		out = append(out, run)
		nextID = res.NextID
	}
}

// ordered decodes a captured value with its key order.
func (d runDecoder) ordered(raw []byte, what string) (engine.Checked, error) {
	v, err := engine.DecodeJSONOrdered(string(raw), engine.Source{Name: d.name})
	if err != nil {
		return v, fmt.Errorf("%s answered a run with capture with %s that the harness cannot read: %w", d.name, what, err)
	}
	return v, nil
}
