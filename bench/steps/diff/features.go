package main

import (
	"fmt"
	"maps"
	"slices"
	"sort"

	"github.com/stateharness/scenario/engine"
	"github.com/stateharness/scenario/internal/diffcase"
)

// write is one key a commit writes.
type write struct {
	node  string
	key   string
	value any
}

// objectWrites lists an update object's writes in its key order.
func objectWrites(node string, o *diffcase.Obj) []write {
	ws := make([]write, len(o.Keys))
	for i, k := range o.Keys {
		ws[i] = write{node, k, o.Vals[i]}
	}
	return ws
}

// stepWrites lists the writes of a step's nodes as LangGraph reads them
// (a command's pairs in order; unreadable updates write nothing).
func stepWrites(step []diffcase.Node) []write {
	var ws []write
	for _, n := range step {
		ws = append(ws, nodeWrites(n.Name, n.Output, n.Command)...)
	}
	return ws
}

func isCommandJSON(v any) bool {
	o, ok := v.(*diffcase.Obj)
	if !ok {
		return false
	}
	name, _ := o.Get("lg_name")
	return name == "Command"
}

func nodeWrites(node string, out any, command bool) []write {
	switch x := out.(type) {
	case *diffcase.Obj:
		if !command && !isCommandJSON(x) {
			return objectWrites(node, x)
		}
		switch u, _ := x.Get("update"); u := u.(type) {
		case *diffcase.Obj:
			return objectWrites(node, u)
		case []any:
			if !stepPairs(u) {
				return nil
			}
			var ws []write
			for _, p := range u {
				pair := p.([]any)
				ws = append(ws, write{node, pair[0].(string), pair[1]})
			}
			return ws
		}
	case []any:
		if command || !slices.ContainsFunc(x, isCommandJSON) {
			return nil
		}
		var ws []write
		for _, el := range x {
			ws = append(ws, nodeWrites(node, el, false)...)
		}
		return ws
	}
	return nil
}

func isOverwrite(v any) (string, bool) {
	o, ok := v.(*diffcase.Obj)
	if !ok {
		return "", false
	}
	more := ""
	if _, ok := o.Get("__overwrite__"); ok {
		if len(o.Keys) > 1 {
			more = " with another key"
		}
		return `{"__overwrite__": v}` + more, true
	}
	if t, _ := o.Get("type"); t == "__overwrite__" {
		if _, ok := o.Get("value"); ok {
			if len(o.Keys) > 2 {
				more = " with another key"
			}
			return `{"type": "__overwrite__", "value": v}` + more, true
		}
	}
	return "", false
}

// wrongKind reports a write its field's reducer refuses.
func wrongKind(reducer string, v any) bool {
	if _, ok := isOverwrite(v); ok {
		return false
	}
	switch reducer {
	case "merge":
		_, ok := v.(*diffcase.Obj)
		return !ok
	case "sum":
		_, ok := v.(float64)
		return !ok
	case `join(",")`:
		_, ok := v.(string)
		return !ok
	case "messages":
		switch x := v.(type) {
		case float64, nil:
			return true
		case *diffcase.Obj:
			role, _ := x.Get("role")
			return role == "bogus"
		}
	}
	return false
}

// Features lists what a case exercises, for the coverage counts.
func Features(c diffcase.Case) []string {
	set := map[string]bool{}
	add := func(format string, args ...any) { set[fmt.Sprintf(format, args...)] = true }
	add("profile %s", c.Profile)
	var steps []diffcase.Node
	for _, cm := range c.Commits {
		steps = append(steps, cm.Step...)
	}
	if len(c.Commits) == 1 {
		add("input only, no step")
	}
	for _, cm := range c.Commits {
		if cm.Kind != engine.CommitStep {
			continue
		}
		add("step of %d node(s)", len(cm.Step))
		listed := make([]string, len(cm.Step))
		for i, n := range cm.Step {
			listed[i] = n.Name
		}
		if !sort.StringsAreSorted(listed) {
			add("step lists its nodes out of name order")
		}
		for _, n := range cm.Step {
			if c.Field(n.Name) != nil {
				add("a node named like a field")
				break
			}
		}
	}
	for _, f := range c.Fields {
		if f.Reducer == "" && c.Profile == "langgraph" {
			add("last-value field declared without a reducer")
		}
		if f.Reducer == "last-value" {
			add("last-value field declared by name")
		}
		if c.ReducerOf(f.Name) == "last-value" && f.HasDefault {
			add("last-value field with a default")
		}
	}
	for _, cm := range c.Commits {
		var ws []write
		switch cm.Kind {
		case engine.CommitInput:
			ws = objectWrites("__input__", cm.Input)
		case engine.CommitStep:
			ws = stepWrites(cm.Step)
		}
		where := string(cm.Kind)
		writers := map[string]map[string]bool{}
		perNode := map[string]int{}
		overwrites := map[string]int{}
		wrong := map[string]bool{}
		known := map[string]int{}
		messageFields := map[string]bool{}
		for _, w := range ws {
			r := c.ReducerOf(w.key)
			if r == "" {
				add("unknown key written (%s)", where)
				continue
			}
			known[w.node]++
			add("%s written (%s)", r, where)
			if f := c.Field(w.key); f != nil && !f.HasDefault {
				add("field without a default written (%s)", where)
			}
			if w.key == "7" {
				add("an integer-like key written")
			}
			if writers[w.key] == nil {
				writers[w.key] = map[string]bool{}
			}
			writers[w.key][w.node] = true
			perNode[w.node+"\x00"+w.key]++
			if form, ok := isOverwrite(w.value); ok {
				overwrites[w.key]++
				add("overwrite %s (%s)", form, where)
				if r == "last-value" {
					add("overwrite on a last-value field")
				}
			}
			if wrongKind(r, w.value) {
				wrong[w.key] = true
				add("write of a kind the reducer refuses (%s)", where)
			}
			if r == "messages" {
				messageFields[w.key] = true
				list, ok := w.value.([]any)
				if !ok {
					list = []any{w.value}
					add("messages: a bare message as the update")
				}
				for _, m := range list {
					switch x := m.(type) {
					case string:
						add("messages: string")
					case []any:
						add("messages: [role, content] pair")
					case *diffcase.Obj:
						if lc, _ := x.Get("lc"); lc != nil {
							add("messages: serialised (lc) envelope")
						}
						if _, ok := x.Get("tool_calls"); ok {
							add("messages: with tool_calls")
						}
						if t, _ := x.Get("type"); t == "remove" {
							add("messages: remove")
						} else if _, ok := x.Get("id"); ok {
							add("messages: object with an id")
						} else {
							add("messages: object without an id")
						}
					}
				}
			}
		}
		if len(messageFields) > 1 {
			add("two messages fields written in one commit (id order)")
		}
		if len(wrong) > 1 {
			add("refused writes to several fields in one commit (%s)", where)
		}
		for k, nodes := range writers {
			if len(nodes) > 1 {
				add("%s field written by several nodes", c.ReducerOf(k))
			}
		}
		for _, n := range perNode {
			if n > 1 {
				add("one node writes a key twice")
			}
		}
		for _, n := range overwrites {
			if n > 1 {
				add("two overwrites of one field in one step (%s)", where)
			}
		}
		for _, n := range known {
			if n > 1 {
				add("an update writes several known keys (key order)")
			}
		}
	}
	for _, n := range steps {
		switch x := n.Output.(type) {
		case nil:
			add("falsy return: null")
		case bool:
			if x {
				add("invalid return: true")
			} else {
				add("falsy return: false")
			}
		case float64:
			if x == 0 {
				add("falsy return: 0")
			} else {
				add("invalid return: number")
			}
		case string:
			if x == "" {
				add(`falsy return: ""`)
			} else {
				add("invalid return: string")
			}
		case []any:
			if slices.ContainsFunc(x, isCommandJSON) {
				add("an array holding a command")
				for _, el := range x {
					switch el.(type) {
					case nil, bool, float64, string, []any:
						add("an array holding a command and a value that is no update")
					}
				}
			} else {
				add("invalid return: array")
			}
		case *diffcase.Obj:
			if !n.Command && !isCommandJSON(x) {
				if len(x.Keys) == 0 {
					add("empty object return")
				}
				continue
			}
			if n.Command {
				add("command given as a command")
			}
			if isCommandJSON(x) {
				add("command in its lg_name form")
			}
			switch u, has := x.Get("update"); u.(type) {
			case *diffcase.Obj:
				add("command: update object")
			case []any:
				if stepPairs(u.([]any)) {
					add("command: update pairs")
				} else {
					add("command: update LangGraph does not read")
				}
			default:
				if has {
					add("command: update LangGraph does not read")
				} else {
					add("command: no update")
				}
			}
			if _, ok := x.Get("goto"); ok {
				add("command: goto")
			}
		}
	}
	return slices.Sorted(maps.Keys(set))
}

// stepPairs reports whether a command's update list is the pair form
// LangGraph reads ([string, value] pairs).
func stepPairs(list []any) bool {
	for _, p := range list {
		pair, ok := p.([]any)
		if !ok || len(pair) != 2 {
			return false
		}
		if _, ok := pair[0].(string); !ok {
			return false
		}
	}
	return true
}
