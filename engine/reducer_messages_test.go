package engine

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

func msg(typ, id, content string) map[string]any {
	m := map[string]any{"type": typ, "content": content}
	if id != "" {
		m["id"] = id
	}
	return m
}

func rm(id string) map[string]any { return map[string]any{"type": "remove", "id": id} }

func TestMessagesReducer(t *testing.T) {
	tests := []messagesCase{
		{name: "rule 1: a bare string is one human message", in: "hi",
			want: []any{map[string]any{"type": "human", "content": "hi", "id": "auto-1"}}, nextID: 1},
		{name: "rule 1: a pair as the whole update is two messages", in: []any{"a", "b"},
			want: []any{msg("human", "auto-1", "a"), msg("human", "auto-2", "b")}, nextID: 2},
		{name: "rule 2: [role, content] and roles", has: true, cur: []any{},
			in:   []any{[]any{"assistant", "x"}, map[string]any{"role": "user", "content": "y", "id": "u"}, map[string]any{"type": "ai", "content": "z", "id": "z"}},
			want: []any{msg("ai", "auto-1", "x"), msg("human", "u", "y"), msg("ai", "z", "z")}, nextID: 1},
		{name: "rule 2: developer is a system message with the openai role", in: map[string]any{"role": "developer", "content": "d", "id": "d"},
			want: []any{map[string]any{"type": "system", "content": "d", "id": "d", "additional_kwargs": map[string]any{"__openai_role__": "developer"}}}},
		{name: "rule 2: unknown role", in: map[string]any{"role": "robot", "content": "x"}, code: MessageCoercionFailure},
		{name: "rule 2: tool without tool_call_id", in: map[string]any{"role": "tool", "content": "x"}, code: MessageCoercionFailure},
		{name: "rule 2: a number is no message", in: 3.0, code: MessageCoercionFailure},
		{name: "rule 3: ids counted per scenario", in: "x", startsAt: 7,
			want: []any{map[string]any{"type": "human", "content": "x", "id": "auto-8"}}, nextID: 8},
		{name: "rule 4: remove-all keeps the tail as it is", has: true, cur: []any{msg("human", "1", "a")},
			in:   []any{msg("human", "2", "b"), rm("__remove_all__"), msg("ai", "3", "c"), rm("unknown")},
			want: []any{msg("ai", "3", "c"), rm("unknown")}},
		{name: "rule 5: same id replaces in place", has: true, cur: []any{msg("human", "1", "a"), msg("ai", "2", "b")},
			in: msg("ai", "1", "A"), want: []any{msg("ai", "1", "A"), msg("ai", "2", "b")}},
		{name: "rule 5: remove deletes", has: true, cur: []any{msg("human", "1", "a"), msg("ai", "2", "b")},
			in: rm("1"), want: []any{msg("ai", "2", "b")}},
		{name: "rule 5: add then remove in one update leaves nothing", has: true, cur: []any{},
			in: []any{msg("human", "n", "x"), rm("n")}, want: []any{}},
		{name: "rule 5: re-adding cancels a removal", has: true, cur: []any{msg("human", "1", "a")},
			in: []any{rm("1"), msg("human", "1", "back")}, want: []any{msg("human", "1", "back")}},
		{name: "rule 5: duplicate incoming ids keep the last content at the first position", has: true, cur: []any{msg("human", "0", "z")},
			in:   []any{msg("human", "d", "first"), msg("human", "e", "mid"), msg("human", "d", "last")},
			want: []any{msg("human", "0", "z"), msg("human", "d", "last"), msg("human", "e", "mid")}},
		{name: "rule 2: a role that is not a string gives way to the type", in: map[string]any{"role": nil, "type": "ai", "content": "x", "id": "a"},
			want: []any{msg("ai", "a", "x")}},
		{name: "rule 2: a remove needs a string id", has: true, cur: []any{map[string]any{"type": "human", "content": "x", "id": 1.0}},
			in: map[string]any{"type": "remove", "id": 1.0}, code: MessageCoercionFailure},
		{name: "rule 5: ids of different types differ (1 is not \"1\")", has: true, cur: []any{msg("human", "1", "x")},
			in:   map[string]any{"type": "ai", "content": "y", "id": 1.0},
			want: []any{msg("human", "1", "x"), map[string]any{"type": "ai", "content": "y", "id": 1.0}}},
		{name: "rule 5: removing an unknown id", has: true, cur: []any{msg("human", "1", "a")}, in: rm("nope"), code: MessageNotFound},
		{name: "rule 1: a null current is [null], which is no message", has: true, cur: nil, in: "x", code: MessageCoercionFailure},
		{name: "rule 1: an absent current is no message at all", in: "x", want: []any{msg("human", "auto-1", "x")}},
	}
	tests = append(tests, coercionTests...)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			next := tc.startsAt
			curCopy := fmt.Sprint(tc.cur)
			inCopy := fmt.Sprint(tc.in)
			got, err := reduceMessages(&reduceCtx{field: "messages", reducer: "messages", nextID: &next}, tc.cur, tc.has, tc.in)
			if tc.code != "" {
				if CodeOf(err) != tc.code {
					t.Fatalf("err = %v, want %s", err, tc.code)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !Equal(got, tc.want) {
				t.Errorf("got  %s\nwant %s", compactJSON(got), compactJSON(tc.want))
			}
			if tc.nextID != 0 && next != tc.nextID {
				t.Errorf("id counter = %d, want %d", next, tc.nextID)
			}
			if fmt.Sprint(tc.cur) != curCopy || fmt.Sprint(tc.in) != inCopy {
				t.Errorf("arguments were modified")
			}
		})
	}
}

// messagesCase is one call of the reducer and what it gives.
type messagesCase struct {
	name     string
	cur      any
	has      bool
	in       any
	want     any
	code     Code
	nextID   int // the counter after the call
	startsAt int
}

// obj is a message object for the coercion tests.
type obj = map[string]any

// coercionTests are docs/reference.md, Reducers rule 2 as @langchain/core 1.4 does it: one
// incoming message with id "i" and what it becomes.
var coercionTests = func() []messagesCase {
	type tc = messagesCase
	one := func(name string, in any, want obj) tc {
		return tc{name: "rule 2: " + name, in: in, want: []any{want}}
	}
	fails := func(name string, in any) tc {
		return tc{name: "rule 2: " + name, in: in, code: MessageCoercionFailure}
	}
	tcs := []tc{
		// content
		one("a missing content is []", obj{"role": "user", "id": "i"}, obj{"type": "human", "content": []any{}, "id": "i"}),
		one("a null content is []", obj{"type": "ai", "content": nil, "id": "i"}, obj{"type": "ai", "content": []any{}, "id": "i"}),
		one("content of any JSON type is kept", obj{"type": "human", "content": obj{"a": 1.0}, "id": "i"}, obj{"type": "human", "content": obj{"a": 1.0}, "id": "i"}),
		// kept and dropped keys
		one("keys the class does not keep are dropped", obj{"role": "user", "content": "x", "id": "i", "foo": "bar", "tool_calls": []any{obj{"id": "c"}}, "tool_call_id": "c", "status": "ok"},
			obj{"type": "human", "content": "x", "id": "i"}),
		one("name is kept, also null", obj{"type": "system", "content": "x", "id": "i", "name": nil}, obj{"type": "system", "content": "x", "id": "i", "name": nil}),
		one("empty additional_kwargs and response_metadata are defaults", obj{"type": "human", "content": "x", "id": "i", "additional_kwargs": obj{}, "response_metadata": obj{}},
			obj{"type": "human", "content": "x", "id": "i"}),
		one("a falsy additional_kwargs is the default", obj{"type": "human", "content": "x", "id": "i", "additional_kwargs": false, "response_metadata": 0.0},
			obj{"type": "human", "content": "x", "id": "i"}),
		one("other additional_kwargs and response_metadata are kept", obj{"type": "human", "content": "x", "id": "i", "additional_kwargs": obj{"k": 1.0}, "response_metadata": []any{}},
			obj{"type": "human", "content": "x", "id": "i", "additional_kwargs": obj{"k": 1.0}, "response_metadata": []any{}}),
		one("an ai message keeps tool_calls, invalid_tool_calls, usage_metadata", obj{"type": "ai", "content": "", "id": "i", "tool_calls": []any{obj{"id": "c", "name": "f", "args": obj{}}},
			"invalid_tool_calls": []any{obj{"id": "d"}}, "usage_metadata": nil, "tool_call_id": "x"},
			obj{"type": "ai", "content": "", "id": "i", "tool_calls": []any{obj{"id": "c", "name": "f", "args": obj{}}}, "invalid_tool_calls": []any{obj{"id": "d"}}, "usage_metadata": nil}),
		one("empty or null tool_calls are the default", obj{"type": "ai", "content": "", "id": "i", "tool_calls": nil, "invalid_tool_calls": []any{}},
			obj{"type": "ai", "content": "", "id": "i"}),
		one("a tool message keeps tool_call_id, status, artifact, metadata", obj{"role": "tool", "content": "4", "id": "i", "tool_call_id": nil, "status": "error", "artifact": 1.0, "metadata": obj{}, "usage_metadata": 1.0},
			obj{"type": "tool", "content": "4", "id": "i", "tool_call_id": nil, "status": "error", "artifact": 1.0, "metadata": obj{}}),
		{name: "rule 2: a remove keeps name and metadata, never content", in: []any{rm(removeAll), obj{"type": "remove", "id": "r", "content": "x", "name": "n", "foo": 1.0}},
			want: []any{obj{"type": "remove", "id": "r", "name": "n"}}},
		one("developer adds the openai role to additional_kwargs", obj{"role": "developer", "content": "x", "id": "i", "additional_kwargs": obj{"k": 1.0}},
			obj{"type": "system", "content": "x", "id": "i", "additional_kwargs": obj{"k": 1.0, "__openai_role__": "developer"}}),
		one("developer spreads a string additional_kwargs", obj{"type": "developer", "content": "x", "id": "i", "additional_kwargs": "ab"},
			obj{"type": "system", "content": "x", "id": "i", "additional_kwargs": obj{"0": "a", "1": "b", "__openai_role__": "developer"}}),
		// ai tool calls
		one("an OpenAI tool call becomes LangChain's", obj{"type": "ai", "content": "", "id": "i", "tool_calls": []any{obj{"id": "c", "type": "function", "function": obj{"name": "f", "arguments": `{"a":1}`}}}},
			obj{"type": "ai", "content": "", "id": "i", "tool_calls": []any{obj{"id": "c", "name": "f", "args": obj{"a": 1.0}, "type": "tool_call"}}}),
		fails("an OpenAI tool call whose arguments are not JSON", obj{"type": "ai", "content": "", "tool_calls": []any{obj{"id": "c", "type": "function", "function": obj{"name": "f", "arguments": "{bad"}}}}),
		fails("a null tool call", obj{"type": "ai", "content": "", "tool_calls": []any{nil}}),
		one("tool calls are parsed from additional_kwargs when tool_calls is missing", obj{"type": "ai", "content": "", "id": "i", "additional_kwargs": obj{"tool_calls": []any{
			obj{"id": "c", "function": obj{"name": "f", "arguments": `{"a":1}`}}, obj{"id": "d", "function": obj{"name": "g", "arguments": "bad"}}}}},
			obj{"type": "ai", "content": "", "id": "i", "additional_kwargs": obj{"tool_calls": []any{
				obj{"id": "c", "function": obj{"name": "f", "arguments": `{"a":1}`}}, obj{"id": "d", "function": obj{"name": "g", "arguments": "bad"}}}},
				"tool_calls": []any{obj{"id": "c", "name": "f", "args": obj{"a": 1.0}}}, "invalid_tool_calls": []any{obj{"id": "d", "name": "g", "args": "bad", "error": "Malformed args."}}}),
		one("a null raw tool call leaves no tool calls", obj{"type": "ai", "content": "", "id": "i", "additional_kwargs": obj{"tool_calls": []any{obj{"id": "c", "function": obj{"arguments": "{}"}}, nil}}},
			obj{"type": "ai", "content": "", "id": "i", "additional_kwargs": obj{"tool_calls": []any{obj{"id": "c", "function": obj{"arguments": "{}"}}, nil}}}),
		// v1 content
		one("v1 output turns content into blocks and adds the tool calls", obj{"type": "ai", "content": "hi", "id": "i", "response_metadata": obj{"output_version": "v1"}, "tool_calls": []any{obj{"id": "c", "name": "f", "args": obj{}}}},
			obj{"type": "ai", "id": "i", "response_metadata": obj{"output_version": "v1"}, "tool_calls": []any{obj{"id": "c", "name": "f", "args": obj{}}},
				"content": []any{obj{"type": "text", "text": "hi"}, obj{"type": "tool_call", "id": "c", "name": "f", "args": obj{}}}}),
		one("tool_call blocks become tool calls", obj{"type": "ai", "id": "i", "contentBlocks": []any{obj{"type": "tool_call", "id": "c", "name": "f"}}},
			obj{"type": "ai", "id": "i", "response_metadata": obj{"output_version": "v1"}, "tool_calls": []any{obj{"type": "tool_call", "id": "c", "name": "f"}},
				"content": []any{obj{"type": "tool_call", "id": "c", "name": "f"}}}),
		one("contentBlocks are the content when content is missing", obj{"type": "human", "id": "i", "contentBlocks": "x"},
			obj{"type": "human", "id": "i", "content": "x", "response_metadata": obj{"output_version": "v1"}}),
		fails("an ai message whose response_metadata is not an object", obj{"type": "ai", "content": "x", "response_metadata": nil}),
		fails("a null content block of an ai message", obj{"type": "ai", "contentBlocks": []any{nil}}),
		// pairs
		one("a one-element pair has content []", []any{[]any{"user"}}, obj{"type": "human", "content": []any{}, "id": "auto-1"}),
		one("elements after the content are ignored", []any{[]any{"assistant", "x", "y"}}, obj{"type": "ai", "content": "x", "id": "auto-1"}),
		one("a null content in a pair is []", []any{[]any{"system", nil}}, obj{"type": "system", "content": []any{}, "id": "auto-1"}),
		fails("an empty array", []any{[]any{}}),
		fails("a pair with role remove", []any{[]any{"remove", "x"}}),
		fails("a pair with role function", []any{[]any{"function", "x"}}),
		// serialised form
		one("LangChain's serialised form is that message", obj{"lc": 1.0, "type": "constructor", "id": []any{"langchain_core", "messages", "AIMessage"},
			"kwargs": obj{"content": "x", "id": "i", "tool_calls": []any{}, "invalid_tool_calls": []any{}, "additional_kwargs": obj{}, "response_metadata": obj{}}},
			obj{"type": "ai", "content": "x", "id": "i"}),
		one("a chunk class gives the plain class, without tool_call_chunks", obj{"lc": 1.0, "type": "constructor", "id": []any{"AIMessageChunk"},
			"kwargs": obj{"content": "x", "id": "i", "tool_call_chunks": []any{obj{"id": "c"}}}},
			obj{"type": "ai", "content": "x", "id": "i"}),
		one("only the last element of the id path counts", obj{"lc": 1.0, "type": "anything", "id": []any{"x", "HumanMessageChunk"}, "kwargs": obj{"content": "x", "id": "i", "role": "ai"}},
			obj{"type": "human", "content": "x", "id": "i"}),
		one("array kwargs are the content", obj{"lc": 1.0, "type": "constructor", "id": []any{"SystemMessage"}, "kwargs": []any{"a"}},
			obj{"type": "system", "content": []any{"a"}, "id": "auto-1"}),
		fails("a serialised RemoveMessage", obj{"lc": 1.0, "type": "constructor", "id": []any{"RemoveMessage"}, "kwargs": obj{"id": "i"}}),
		fails("a serialised unknown class", obj{"lc": 1.0, "type": "constructor", "id": []any{"FunctionMessage"}, "kwargs": obj{"content": "x"}}),
		fails("a serialised ToolMessage without tool_call_id", obj{"lc": 1.0, "type": "constructor", "id": []any{"ToolMessage"}, "kwargs": obj{"content": "x"}}),
		fails("serialised without kwargs", obj{"lc": 1.0, "type": "constructor", "id": []any{"HumanMessage"}}),
		fails("a string lc is not serialised", obj{"lc": "1", "type": "constructor", "id": []any{"HumanMessage"}, "kwargs": obj{}}),
	}
	return tcs
}()

func benchMessages(b *testing.B, n, m int, kept bool) {
	cur := make([]any, n)
	for i := range cur {
		cur[i] = msg("human", fmt.Sprint("m", i), "text")
	}
	in := make([]any, m)
	for i := range in {
		if i%2 == 0 {
			in[i] = msg("ai", fmt.Sprint("m", i*(n/m)), "updated") // replaces an existing id
		} else {
			in[i] = msg("ai", fmt.Sprint("new", i), "new")
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		c := &reduceCtx{field: "messages", reducer: "messages", nextID: new(int)}
		from := any(cur)
		if kept {
			// the state a run left: a list this reducer returned
			b.StopTimer()
			c.coerced = &coercedCache{}
			var err error
			if from, err = reduceMessages(c, nil, false, cur); err != nil {
				b.Fatal(err)
			}
			b.StartTimer()
		}
		if _, err := reduceMessages(c, from, true, in); err != nil {
			b.Fatal(err)
		}
	}
}

// Merges into a list given as a plain value: every current message is
// coerced and indexed.
func BenchmarkMessages1kPlus100(b *testing.B)   { benchMessages(b, 1_000, 100, false) }
func BenchmarkMessages10kPlus1k(b *testing.B)   { benchMessages(b, 10_000, 1_000, false) }
func BenchmarkMessages100kPlus10k(b *testing.B) { benchMessages(b, 100_000, 10_000, false) }

// Merges into a list the reducer returned (the state after a run or a
// step): its coerced messages and index are reused.
func BenchmarkMessagesKept1kPlus100(b *testing.B)   { benchMessages(b, 1_000, 100, true) }
func BenchmarkMessagesKept10kPlus1k(b *testing.B)   { benchMessages(b, 10_000, 1_000, true) }
func BenchmarkMessagesKept100kPlus10k(b *testing.B) { benchMessages(b, 100_000, 10_000, true) }

// TestMessagesReducerReuse checks that merging into a list the reducer
// returned before (whose coerced messages and index it keeps) gives what a
// merge from scratch gives, over random chains of writes that update,
// append, remove, fail and merge into the same list twice.
func TestMessagesReducerReuse(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	ids := []string{"a", "b", "c", "d", "e", "f"}
	write := func() any {
		out := make([]any, r.IntN(4))
		for i := range out {
			switch k := r.IntN(10); {
			case k < 4:
				out[i] = msg("ai", ids[r.IntN(len(ids))], fmt.Sprint("c", r.IntN(100)))
			case k < 6:
				out[i] = rm(ids[r.IntN(len(ids))])
			case k < 7:
				out[i] = map[string]any{"type": "human", "content": "x", "id": map[string]any{}}
			case k < 8:
				out[i] = "no id"
			case k < 9:
				out[i] = map[string]any{"type": "remove", "id": removeAll}
			default:
				out[i] = map[string]any{"role": "user", "content": "y", "id": ids[r.IntN(len(ids))]}
			}
		}
		return out
	}
	for chain := 0; chain < 2000; chain++ {
		cached := &reduceCtx{field: "messages", reducer: "messages", nextID: new(int), coerced: &coercedCache{}}
		fresh := &reduceCtx{field: "messages", reducer: "messages", nextID: new(int)}
		var state any = []any{}
		var history []string
		for step := 0; step < 8; step++ {
			in := write()
			from := state
			if step > 0 && r.IntN(4) == 0 {
				from = state // the same list merged twice, as a second fold does
				if _, err := reduceMessages(cached, from, true, write()); err == nil {
					*cached.nextID = *fresh.nextID // the ids it took are not the point here
				}
			}
			history = append(history, compactJSON(in))
			*cached.nextID = *fresh.nextID
			got, gotErr := reduceMessages(cached, from, true, in)
			want, wantErr := reduceMessages(fresh, from, true, in)
			if (gotErr == nil) != (wantErr == nil) || (gotErr == nil && !Equal(got, want)) {
				t.Fatalf("chain %d, writes %v:\nwith what was kept: %s %v\nfrom scratch:       %s %v",
					chain, history, compactJSON(got), gotErr, compactJSON(want), wantErr)
			}
			if gotErr == nil {
				state = got
			}
		}
	}
}
