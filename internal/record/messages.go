package record

import (
	"reflect"

	"github.com/stateharness/scenario/engine"
	"github.com/stateharness/scenario/internal/jsonv"
)

// serialisedTypes are the message classes of LangChain's serialised form
// ({"lc": 1, "type": "constructor", "id": [..., class], "kwargs": {...}}).
// The class names the type, over a "type" in kwargs: a chunk
// ("AIMessageChunk") compares as the message it adds up to.
var serialisedTypes = map[string]string{
	"HumanMessage": "human", "AIMessage": "ai", "SystemMessage": "system", "ToolMessage": "tool",
	"FunctionMessage": "function", "RemoveMessage": "remove",
	"HumanMessageChunk": "human", "AIMessageChunk": "ai", "SystemMessageChunk": "system", "ToolMessageChunk": "tool",
	"FunctionMessageChunk": "function",
}

// comparable brings a value to the form record writes and compares: a
// serialised message becomes its fields and type, and a message's empty
// fields ([], {}, "", null, false) are dropped, since LangGraph JS, langchain-core's
// model_dump() and the engine each leave out or fill in different ones, and
// langchain-core would move the extra ones of a dict into additional_kwargs.
// Its content is kept, empty or not (a remove's aside): a model's tool call
// has content "", and a message without content is refused (Python) or
// given [] (JS).
// Every profile reads a message in this form.
func comparable(v any) any { return normal(v, nil, nil) }

// ordered is comparable(v) with the order of its objects' keys: as src
// recorded them in the run, a serialised message's type first.
func ordered(v any, src *engine.KeyOrder) (engine.Checked, error) {
	keys := map[uintptr][]string{}
	out := normal(v, src, keys)
	text, err := jsonv.Stringify(out, func(m map[string]any) []string {
		if k, ok := keys[reflect.ValueOf(m).Pointer()]; ok {
			return k
		}
		return src.Written(m)
	})
	if err != nil {
		return engine.Checked{}, err
	}
	return engine.DecodeJSONOrdered(text, engine.Source{})
}

// normal is comparable's walk; with keys, it notes the order of each
// object it builds, from src.
func normal(v any, src *engine.KeyOrder, keys map[uintptr][]string) any {
	switch x := v.(type) {
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = normal(e, src, keys)
		}
		return out
	case map[string]any:
		m, from := x, x
		if t, ok := serialisedType(x); ok {
			kw, _ := x["kwargs"].(map[string]any)
			m, from = make(map[string]any, len(kw)+1), kw
			for k, e := range kw {
				m[k] = e
			}
			m["type"] = t
		}
		out := make(map[string]any, len(m))
		msg := isMessage(m)
		keep := "content"
		if m["type"] == "remove" {
			keep = ""
		}
		for k, e := range m {
			if msg && k != keep && isEmpty(e) {
				continue
			}
			out[k] = normal(e, src, keys)
		}
		if keys != nil && len(out) > 1 {
			order := make([]string, 0, len(out))
			if len(from) != len(m) {
				// a serialised message's type is its class, not a field
				order = append(order, "type")
			}
			for _, k := range src.Written(from) {
				if _, ok := out[k]; ok {
					order = append(order, k)
				}
			}
			keys[reflect.ValueOf(out).Pointer()] = order
		}
		return out
	}
	return v
}

func serialisedType(m map[string]any) (string, bool) {
	if m["lc"] != 1.0 || m["type"] != "constructor" {
		return "", false
	}
	id, _ := m["id"].([]any)
	if len(id) == 0 {
		return "", false
	}
	class, _ := id[len(id)-1].(string)
	t, ok := serialisedTypes[class]
	return t, ok
}

// isMessage tells a message: an object with a content and a message type
// or role, or a serialised one.
func isMessage(v any) bool {
	m, ok := v.(map[string]any)
	if !ok {
		return false
	}
	if _, ok := serialisedType(m); ok {
		return true
	}
	if m["type"] == "remove" {
		// a remove needs no content
		_, id := m["id"].(string)
		return id
	}
	if _, ok := m["content"]; !ok {
		return false
	}
	switch t := m["type"].(type) {
	case string:
		return t == "human" || t == "ai" || t == "system" || t == "tool" || t == "function"
	}
	_, role := m["role"].(string)
	return role
}

func isEmpty(v any) bool {
	switch x := v.(type) {
	case nil:
		return true
	case bool:
		return !x
	case string:
		return x == ""
	case []any:
		return len(x) == 0
	case map[string]any:
		return len(x) == 0
	}
	return false
}

// sameState compares two states in comparable form.
func sameState(a, b any) bool { return engine.Equal(comparable(a), comparable(b)) }
