package eino

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"sync"

	"github.com/cloudwego/eino/components/model"
	"github.com/cloudwego/eino/components/tool"
	"github.com/cloudwego/eino/compose"
	"github.com/stateharness/scenario/engine"
)

// LocalField is the state field that holds the graph's local state
// (WithGenLocalState), as its JSON tags write it.
const LocalField = "local"

// Graph is a team's eino graph as a scenario runtime (scenario.Options.Graphs).
type Graph struct {
	// Build builds the graph for one scenario, with env's chat model and
	// tools: each scenario gets a graph of its own, so nothing a graph
	// keeps reaches the next scenario.
	Build func(env *Env) (*compose.Graph[map[string]any, map[string]any], error)
	// Types are the fields whose values are Go types, by a zero value of
	// the type ("messages": []*schema.Message(nil)): their JSON is decoded
	// into it before a node gets the state.
	Types map[string]any
	// Channels are the graph's other fields, which a scenario's schema may
	// name (Types' and "local" are channels too).
	Channels []string
	// CompileOptions are passed to Compile, as the team compiles the graph.
	CompileOptions []compose.GraphCompileOption
}

// Env is what a scenario hands Build: the chat model the graph calls,
// which answers from the scenario's model script, and Tool, which lets a
// scenario answer a tool (`Given tool "<name>" answers:`) and else runs it.
type Env struct {
	Model model.ToolCallingChatModel
	Tool  func(t tool.InvokableTool) tool.InvokableTool
}

// Name is the runtime's name in reports.
func (g *Graph) Name() string { return "eino" }

// Open builds and compiles a fresh graph for one scenario.
func (g *Graph) Open(spec engine.GraphSpec) (engine.Session, error) {
	if g.Build == nil {
		return nil, fmt.Errorf("eino: graph %q has no Build function", spec.Graph)
	}
	s := &session{g: g, ref: spec.Graph}
	s.model = &ScriptedModel{s: s}
	env := &Env{Model: s.model, Tool: s.wrapTool}
	built, err := g.Build(env)
	if err != nil {
		return nil, &engine.Error{Code: engine.RuntimeError, Message: fmt.Sprintf("eino: building graph %q: %v", spec.Graph, err)}
	}
	info := &infoCatcher{}
	// eino runs a DAG's ready nodes at once (eager), with no supersteps;
	// disabled, it runs them in supersteps, with the same outputs, which a
	// scenario's steps can name on every run (a Pregel graph is not eager)
	opts := append(slices.Clone(g.CompileOptions), compose.WithGraphCompileCallbacks(info), compose.WithEagerExecutionDisabled())
	r, err := built.Compile(context.Background(), opts...)
	if err != nil {
		return nil, &engine.Error{Code: engine.RuntimeError, Message: fmt.Sprintf("eino: compiling graph %q: %v", spec.Graph, err)}
	}
	if info.info == nil {
		return nil, &engine.Error{Code: engine.RuntimeError, Message: fmt.Sprintf("eino: graph %q gave no graph info on Compile", spec.Graph)}
	}
	s.runnable, s.info = r, info.info
	return s, nil
}

// infoCatcher keeps the graph's info, which eino gives on Compile.
type infoCatcher struct{ info *compose.GraphInfo }

func (c *infoCatcher) OnFinish(_ context.Context, info *compose.GraphInfo) {
	if c.info == nil {
		c.info = info
	}
}

// session is one scenario's graph.
type session struct {
	g        *Graph
	ref      string
	runnable compose.Runnable[map[string]any, map[string]any]
	info     *compose.GraphInfo
	model    *ScriptedModel

	mu  sync.Mutex
	run *graphRun // the whole-graph run under way, nil between runs
}

func (s *session) Close() error { return nil }

// Channels are the fields the graph has: Types', Channels and, with a
// local state, "local".
func (s *session) Channels() []string {
	ch := slices.Collect(maps.Keys(s.g.Types))
	ch = append(ch, s.g.Channels...)
	if s.info.GenStateFn != nil {
		ch = append(ch, LocalField)
	}
	slices.Sort(ch)
	return slices.Compact(ch)
}

// Nodes are the graph's node keys.
func (s *session) Nodes() []string { return slices.Sorted(maps.Keys(s.info.Nodes)) }

// ChannelKinds: an eino graph's fields have no reducers, its fan-in merge
// refuses a key written twice, as a channel without a reducer does.
func (s *session) ChannelKinds() map[string]string {
	kinds := map[string]string{}
	for _, c := range s.Channels() {
		kinds[c] = "last-value"
	}
	return kinds
}

// freshLocal is a new local state of the graph as JSON, or nil when the
// graph keeps none.
func (s *session) freshLocal(ctx context.Context) (any, error) {
	if s.info.GenStateFn == nil {
		return nil, nil
	}
	return plain(s.info.GenStateFn(ctx))
}

// seedLocal writes the scenario's local state into the graph's (a
// pointer to its struct): fields it does not name keep their value.
func seedLocal(ctx context.Context, local any) error {
	if local == nil {
		return nil
	}
	b, err := json.Marshal(local)
	if err != nil {
		return err
	}
	return compose.ProcessState[any](ctx, func(_ context.Context, st any) error {
		return json.Unmarshal(b, st)
	})
}

// readLocal is the graph's local state as JSON.
func readLocal(ctx context.Context) (any, error) {
	var out any
	err := compose.ProcessState[any](ctx, func(_ context.Context, st any) error {
		var err error
		out, err = plain(st)
		return err
	})
	return out, err
}
