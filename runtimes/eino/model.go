package eino

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/cloudwego/eino/components/model"
	"github.com/cloudwego/eino/components/tool"
	"github.com/cloudwego/eino/schema"
	"github.com/stateharness/scenario/engine"
)

// ScriptedModel is the chat model a scenario hands Build (Env.Model): in a
// whole-graph run each call gets the next reply of the scenario's script
// (`Given the model replies:`, or `... replies to node "<name>":` for the
// calls made inside that node); no real model is called.
type ScriptedModel struct {
	s     *session
	tools []string // bound with WithTools
	bound bool
}

var _ model.ToolCallingChatModel = (*ScriptedModel)(nil)

// Generate answers one call from the script.
func (m *ScriptedModel) Generate(ctx context.Context, input []*schema.Message, opts ...model.Option) (*schema.Message, error) {
	tools, bound := m.tools, m.bound
	if o := model.GetCommonOptions(nil, opts...); o.Tools != nil {
		tools, bound = toolNames(o.Tools), true
	}
	return m.s.reply(ctx, input, tools, bound)
}

// Stream answers one call from the script as a stream of one chunk.
func (m *ScriptedModel) Stream(ctx context.Context, input []*schema.Message, opts ...model.Option) (*schema.StreamReader[*schema.Message], error) {
	msg, err := m.Generate(ctx, input, opts...)
	if err != nil {
		return nil, err
	}
	return schema.StreamReaderFromArray([]*schema.Message{msg}), nil
}

// WithTools is the model bound to tools: a reply that calls another is
// MODEL_SCRIPT_INVALID.
func (m *ScriptedModel) WithTools(tools []*schema.ToolInfo) (model.ToolCallingChatModel, error) {
	return &ScriptedModel{s: m.s, tools: toolNames(tools), bound: true}, nil
}

func toolNames(tools []*schema.ToolInfo) []string {
	names := make([]string, 0, len(tools))
	for _, t := range tools {
		names = append(names, t.Name)
	}
	slices.Sort(names)
	return names
}

// reply is the script's next reply for a call made where ctx says.
func (s *session) reply(ctx context.Context, input []*schema.Message, tools []string, bound bool) (*schema.Message, error) {
	r := s.current()
	if r == nil {
		return nil, &engine.Error{Code: engine.ModelScriptExhausted, Message: "the model was called outside a whole-graph run: script it with Given the model replies: and run the graph with When the graph runs with:"}
	}
	return r.reply(ctx, input, tools, bound)
}

// Message reads a scripted reply: a string (its content), an object in
// LangChain's short form ({content, tool_calls: [{name, args, id}]}) or in
// eino's own shape (tool_calls with function.name and function.arguments).
func Message(item any) (*schema.Message, error) {
	if c, ok := item.(engine.Checked); ok {
		item = c.Value
	}
	if text, ok := item.(string); ok {
		return schema.AssistantMessage(text, nil), nil
	}
	obj, ok := item.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("a reply is a string or an object, received %s", engine.TypeName(item))
	}
	calls, _ := obj["tool_calls"].([]any)
	rest := map[string]any{}
	for k, v := range obj {
		if k != "tool_calls" {
			rest[k] = v
		}
	}
	b, err := json.Marshal(rest)
	if err != nil {
		return nil, err
	}
	msg := &schema.Message{}
	if err := json.Unmarshal(b, msg); err != nil {
		return nil, fmt.Errorf("the reply is not an eino message: %v", err)
	}
	if msg.Role == "" {
		msg.Role = schema.Assistant
	}
	for i, c := range calls {
		call, ok := c.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("tool_calls[%d] is not an object", i)
		}
		tc := schema.ToolCall{Type: "function"}
		if _, eino := call["function"]; eino {
			b, _ := json.Marshal(call)
			if err := json.Unmarshal(b, &tc); err != nil {
				return nil, fmt.Errorf("tool_calls[%d]: %v", i, err)
			}
		} else {
			tc.ID, _ = call["id"].(string)
			tc.Function.Name, _ = call["name"].(string)
			args := call["args"]
			if args == nil {
				args = map[string]any{}
			}
			a, err := json.Marshal(args)
			if err != nil {
				return nil, fmt.Errorf("tool_calls[%d].args: %v", i, err)
			}
			tc.Function.Arguments = string(a)
		}
		msg.ToolCalls = append(msg.ToolCalls, tc)
	}
	return msg, nil
}

// scriptedTool is a tool a scenario may answer (Env.Tool).
type scriptedTool struct {
	s    *session
	real tool.InvokableTool
}

func (s *session) wrapTool(t tool.InvokableTool) tool.InvokableTool {
	return &scriptedTool{s: s, real: t}
}

func (t *scriptedTool) Info(ctx context.Context) (*schema.ToolInfo, error) { return t.real.Info(ctx) }

// InvokableRun answers from the tool's script in a whole-graph run that
// has one, else runs the real tool.
func (t *scriptedTool) InvokableRun(ctx context.Context, args string, opts ...tool.Option) (string, error) {
	info, err := t.real.Info(ctx)
	if err != nil {
		return "", err
	}
	if r := t.s.current(); r != nil {
		if answer, ok, err := r.toolAnswer(ctx, info.Name); ok || err != nil {
			return answer, err
		}
	}
	return t.real.InvokableRun(ctx, args, opts...)
}

// text is an answer as a tool returns it: a string as is, else its JSON.
func text(v any) string {
	if c, ok := v.(engine.Checked); ok {
		v = c.Value
	}
	if s, ok := v.(string); ok {
		return s
	}
	b, _ := json.Marshal(v)
	return strings.TrimSpace(string(b))
}
