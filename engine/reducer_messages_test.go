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
	tests := []struct {
		name     string
		cur      any
		has      bool
		in       any
		want     any
		code     Code
		nextID   int // the counter after the call
		startsAt int
	}{
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
		{name: "rule 2: missing content", in: map[string]any{"role": "user"}, code: MessageCoercionFailure},
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
	}
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
			c.coerced = map[*any]*coercedList{}
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
		cached := &reduceCtx{field: "messages", reducer: "messages", nextID: new(int), coerced: map[*any]*coercedList{}}
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
