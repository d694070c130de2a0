package engine

import (
	"fmt"
	"strconv"
)

// DefaultIDPrefix starts the ids the messages reducer generates: auto-1,
// auto-2, ... per scenario.
const DefaultIDPrefix = "auto-"

// removeAll is the id of LangGraph's REMOVE_ALL_MESSAGES marker.
const removeAll = "__remove_all__"

func init() {
	builtinReducers["messages"] = noArgs(reduceMessages)
}

// message is one coerced message and what the reducer reads of it, so that
// the merge walks a flat slice instead of looking into every map again.
type message struct {
	m map[string]any
	// key is the id as the index keys it (see idKey); unset while noID.
	key string
	// unmatched: the id is an object or array, which matches no other.
	unmatched bool
	// noID: the id is missing or null; assignIDs gives it one.
	noID bool
	// remove: a RemoveMessage (its id is always a string).
	remove bool
	// own: m was made by coercion, so assignIDs may set its id in place.
	own bool
}

// coercedList is what the reducer keeps of a list it returned: the
// coerced messages and, when no removal shifted them, the index from id key
// to position. The next merge into that list takes both instead of walking
// every message again.
type coercedList struct {
	msgs  []message
	index map[string]int // nil when it must be rebuilt
}

// reduceMessages is LangGraph JS 1.7's messagesStateReducer (docs/reference.md, Reducers): ids
// join updates to existing messages, removals delete them, and messages
// without an id get a generated one.
func reduceMessages(c *reduceCtx, cur any, has bool, in any) (any, error) {
	if c.nullArgs != nil && has {
		if out, done, err := c.nullArgs(c.field, cur, in); done {
			return out, err
		}
	}
	var left []any
	if has {
		// a null current is [null], as LangGraph wraps it, and fails
		left = asList(cur)
	}
	right := asList(in)
	lm, index := c.takeCoerced(left)
	if lm == nil && len(left) > 0 {
		var err error
		if lm, err = coerceMessages(c, left, PathKey(Root, c.field), true); err != nil {
			return nil, err
		}
	}
	_, wholeIsList := in.([]any)
	rm, err := coerceMessages(c, right, "", wholeIsList)
	if err != nil {
		return nil, err
	}
	assignIDs(c, lm)
	assignIDs(c, rm)

	last := -1
	for i := range rm {
		if rm[i].remove && rm[i].key == removeAll {
			last = i
		}
	}
	if last >= 0 {
		return c.remember(rm[last+1:], nil), nil
	}

	merged := make([]message, len(lm), len(lm)+len(rm))
	copy(merged, lm)
	if index == nil {
		index = make(map[string]int, len(lm)+len(rm))
		for i := range lm {
			if !lm[i].unmatched {
				index[lm[i].key] = i
			}
		}
	}
	remove := map[string]bool{}
	for _, m := range rm {
		pos, known := index[m.key]
		known = known && !m.unmatched
		switch {
		case known && m.remove:
			remove[m.key] = true
		case known:
			delete(remove, m.key)
			merged[pos] = m
		case m.remove:
			return nil, &Error{Code: MessageNotFound, Path: PathKey(Root, c.field), Message: fmt.Sprintf(
				"Attempting to delete a message with an ID that doesn't exist ('%s')", m.key)}
		default:
			if !m.unmatched {
				index[m.key] = len(merged)
			}
			merged = append(merged, m)
		}
	}
	if len(remove) == 0 {
		return c.remember(merged, index), nil
	}
	kept := merged[:0:0]
	for _, m := range merged {
		// removes carry string ids, so an object id is never removed
		if m.unmatched || !remove[m.key] {
			kept = append(kept, m)
		}
	}
	return c.remember(kept, nil), nil
}

// takeCoerced returns the messages of a list this reducer returned before,
// and its index when one is kept, without coercing them again. The index
// is taken, not shared: the merge adds to it.
func (c *reduceCtx) takeCoerced(list []any) ([]message, map[string]int) {
	if len(list) == 0 || c.coerced == nil {
		return nil, nil
	}
	cl := c.coerced.get(&list[0])
	if cl == nil || len(cl.msgs) != len(list) {
		return nil, nil
	}
	return cl.msgs, c.coerced.take(cl)
}

// remember turns merged messages into the field's new list and keeps what
// the next merge into it can reuse.
func (c *reduceCtx) remember(msgs []message, index map[string]int) []any {
	list := make([]any, len(msgs))
	for i := range msgs {
		list[i] = msgs[i].m
	}
	if len(list) > 0 && c.coerced != nil {
		c.coerced.put(&list[0], &coercedList{msgs: msgs, index: index})
	}
	return list
}

func asList(v any) []any {
	if arr, ok := v.([]any); ok {
		return arr
	}
	return []any{v}
}

// idKey keys an id for the index as LangGraph's Map does: a string by
// itself and other scalars by type and value (1 and "1" differ). A Map
// compares an object or array by reference, and JSON never shares one, so
// such an id is unmatched: it matches no other message.
func idKey(id any) (key string, unmatched bool) {
	switch id := id.(type) {
	case string:
		return id, false
	case map[string]any, []any:
		return "", true
	default:
		return "\x00" + TypeName(id) + ":" + compactJSON(id), false
	}
}

// messageCoercion turns one element of a messages write into a message
// object, or says what is wrong with it (the reducer adds which element):
// the one part of the messages reducer that is the framework's own.
type messageCoercion func(el any) (message, string)

// coerceMessages turns every element into a message object with the
// profile's coercion, never modifying
// the elements it was given. base is set for the current value (errors say
// "current message"); isList is false when the write was one bare message,
// whose path is the field's own.
func coerceMessages(c *reduceCtx, list []any, base string, isList bool) ([]message, error) {
	coerce := c.coerce
	if coerce == nil {
		coerce = coerceMessageJS
	}
	out := make([]message, len(list))
	for i, el := range list {
		fail := func(msg string) error {
			path := PathKey(Root, c.field)
			if isList {
				path = PathIndex(path, i) // else the whole write is the one message
			}
			where := "incoming message " + strconv.Itoa(i)
			if base != "" {
				where = "current message " + strconv.Itoa(i)
			}
			return &Error{Code: MessageCoercionFailure, Path: path, Message: fmt.Sprintf("field %q: %s %s", c.field, where, msg)}
		}
		msg, err := coerce(el)
		if err != "" {
			return nil, fail(err)
		}
		out[i] = msg
	}
	return out, nil
}

// assignIDs gives every message without an id (or with a null one) the next
// auto-N id, copying a map it was given rather than modifying it.
func assignIDs(c *reduceCtx, ms []message) {
	for i := range ms {
		if !ms[i].noID {
			continue
		}
		*c.nextID++
		prefix := c.idPrefix
		if prefix == "" {
			prefix = DefaultIDPrefix
		}
		id := prefix + strconv.Itoa(*c.nextID)
		m := ms[i].m
		if !ms[i].own {
			m = make(map[string]any, len(ms[i].m)+1)
			for k, v := range ms[i].m {
				m[k] = v
			}
		}
		m["id"] = id
		ms[i] = message{m: m, key: id, remove: ms[i].remove, own: true}
	}
}

// coercedCache holds the lists the messages reducer returned (see
// reduceCtx.coerced). What a commit adds stays fresh until the commit
// succeeds; a failed commit's lists are dropped with it.
type coercedCache struct {
	kept, fresh map[*any]*coercedList
	// taken are the kept lists whose index a commit took, with the index,
	// to give back if the commit fails
	taken []takenIndex
}

type takenIndex struct {
	cl    *coercedList
	index map[string]int
	size  int // len(index) when taken
}

// take hands a list's index to the merge that extends it; the list keeps
// none, so a second merge into it builds its own.
func (c *coercedCache) take(cl *coercedList) map[string]int {
	index := cl.index
	if index != nil {
		cl.index = nil
		c.taken = append(c.taken, takenIndex{cl, index, len(index)})
	}
	return index
}

func (c *coercedCache) get(first *any) *coercedList {
	if cl, ok := c.fresh[first]; ok {
		return cl
	}
	return c.kept[first]
}

func (c *coercedCache) put(first *any, cl *coercedList) {
	if c.fresh == nil {
		c.fresh = map[*any]*coercedList{}
	}
	c.fresh[first] = cl
}

// settle keeps the fresh lists of a commit that succeeded, or drops those
// of one that failed.
func (c *coercedCache) settle(ok bool) {
	if !ok {
		// a merge only ever adds ids to the index it took: one that added
		// none gives it back as it was; a grown one is left to be rebuilt
		for _, t := range c.taken {
			if len(t.index) == t.size {
				t.cl.index = t.index
			}
		}
	}
	c.taken = nil
	if ok {
		if c.kept == nil {
			c.kept, c.fresh = c.fresh, nil
			return
		}
		for k, v := range c.fresh {
			c.kept[k] = v
		}
	}
	c.fresh = nil
}
