// Command diff is a differential check of the engine's messages reducer
// against LangGraph JS's messagesStateReducer.
//
// It generates random, seeded cases {current, incoming}, applies each through
// the public engine API exactly once (a schema whose messages default is
// current, an empty input, then one node write of incoming), sends the same
// case to langgraph.mjs (a node process running the real reducer), and
// compares. Every disagreement is shrunk to a small example and grouped by
// class.
//
//	go run ./bench/messages/diff -n 5000
//
// The node side loads @langchain/langgraph and @langchain/core from the
// repository's node_modules (npm ci installs the versions package.json pins).
package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"math/rand"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/stateharness/scenario/engine"
)

func main() {
	n := flag.Int("n", 5000, "how many random cases")
	seed := flag.Int64("seed", 1, "random seed")
	extras := flag.Bool("extras", false, "also generate rarer shapes: extra keys, numeric ids, missing or null content, pairs of other lengths, non-string roles")
	script := flag.String("script", "bench/messages/diff/langgraph.mjs", "the node side")
	examples := flag.Int("examples", 1, "minimal examples shown per class")
	given := flag.String("cases", "", "instead of random cases, run the cases of this file (one JSON {current, incoming} per line; - is stdin) and show both results")
	flag.Parse()

	lg, err := startNode("node", *script, "")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	if *given != "" {
		code := runGiven(*given, lg)
		lg.close()
		os.Exit(code)
	}

	r := rand.New(rand.NewSource(*seed))
	gen := &generator{r: r, extras: *extras}
	classes := map[string]*class{}
	disagree := 0
	stats := map[string]int{}
	covered := map[string]int{}
	for i := 0; i < *n; i++ {
		c := gen.next()
		eng := runEngine(c)
		js, err := lg.run(c)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		stats[eng.kind()+" / "+js.kind()]++
		for _, f := range features(c) {
			covered[f]++
		}
		if agree(eng, js) {
			continue
		}
		disagree++
		small := shrink(c, eng, js, lg)
		se := runEngine(small)
		sj, _ := lg.run(small)
		key := classKey(small, se, sj)
		cl := classes[key]
		if cl == nil {
			cl = &class{key: key}
			classes[key] = cl
		}
		cl.count++
		if len(cl.examples) < *examples {
			cl.examples = append(cl.examples, example{original: c, small: small, eng: se, js: sj})
		}
	}

	fmt.Printf("cases: %d (seed %d, extras %v)\n", *n, *seed, *extras)
	fmt.Printf("outcomes (engine / langgraph):\n")
	for _, k := range slices.Sorted(maps.Keys(stats)) {
		fmt.Printf("  %-60s %d\n", k, stats[k])
	}
	fmt.Printf("cases with (all outcomes):\n")
	for _, k := range slices.Sorted(maps.Keys(covered)) {
		fmt.Printf("  %-60s %d\n", k, covered[k])
	}
	fmt.Printf("disagreements: %d in %d classes\n", disagree, len(classes))
	keys := make([]string, 0, len(classes))
	for k := range classes {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if classes[keys[i]].count != classes[keys[j]].count {
			return classes[keys[i]].count > classes[keys[j]].count
		}
		return keys[i] < keys[j]
	})
	for _, k := range keys {
		cl := classes[k]
		fmt.Printf("\n== %d× %s\n", cl.count, k)
		for _, ex := range cl.examples {
			fmt.Printf("  current:   %s\n", compact(ex.small.Current))
			fmt.Printf("  incoming:  %s\n", compact(ex.small.Incoming))
			fmt.Printf("  engine:    %s\n", ex.eng)
			fmt.Printf("  langgraph: %s\n", ex.js)
		}
	}
	lg.close()
	if disagree > 0 {
		os.Exit(1)
	}
}

// runGiven shows engine and LangGraph results for each case of a file.
func runGiven(path string, lg *node) int {
	f := os.Stdin
	if path != "-" {
		var err error
		if f, err = os.Open(path); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 2
		}
		defer f.Close()
	}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<26)
	code := 0
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		var c Case
		if err := json.Unmarshal([]byte(line), &c); err != nil {
			fmt.Fprintf(os.Stderr, "%s: %v\n", line, err)
			return 2
		}
		eng := runEngine(c)
		js, err := lg.run(c)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 2
		}
		verdict := "agree"
		if !agree(eng, js) {
			verdict, code = "DISAGREE", 1
		}
		fmt.Printf("%s\n  current:   %s\n  incoming:  %s\n  engine:    %s\n  langgraph: %s\n", verdict, compact(c.Current), compact(c.Incoming), eng, js)
	}
	if err := sc.Err(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	return code
}

// Case is one reducer call: reducer(current, incoming).
type Case struct {
	Current  any `json:"current"`
	Incoming any `json:"incoming"`
}

// outcome is a result list or an error.
type outcome struct {
	Result []any   `json:"result"`
	Error  *string `json:"error"`
	Code   *string `json:"code"`
	Name   *string `json:"name"`
}

func (o outcome) failed() bool { return o.Error != nil }

func (o outcome) kind() string {
	if !o.failed() {
		return "ok"
	}
	switch {
	case o.Code != nil && *o.Code != "":
		return *o.Code
	case strings.HasPrefix(*o.Error, "Attempting to delete"):
		return "MESSAGE_NOT_FOUND"
	case o.Name != nil:
		return *o.Name
	}
	return "error"
}

func (o outcome) String() string {
	if o.failed() {
		return fmt.Sprintf("error %s: %s", o.kind(), firstLine(*o.Error))
	}
	return compact(o.Result)
}

type class struct {
	key      string
	count    int
	examples []example
}

type example struct {
	original, small Case
	eng, js         outcome
}

// runEngine applies reducer(current, incoming) once through the public API:
// the field's default is current, the input is empty (no write to messages),
// and one node writes incoming.
func runEngine(c Case) outcome {
	schema, err := engine.SchemaFromValue(map[string]any{"fields": map[string]any{
		"messages": map[string]any{"type": "any", "default": c.Current, "reducer": "messages"},
	}})
	if err != nil {
		return errOutcome(err)
	}
	g, err := engine.New(schema, engine.Options{})
	if err != nil {
		return errOutcome(err)
	}
	if err := g.Invoke("main", map[string]any{}); err != nil {
		return errOutcome(err)
	}
	if err := g.Node("main", "n", map[string]any{"messages": c.Incoming}); err != nil {
		return errOutcome(err)
	}
	list, ok := g.State("main")["messages"].([]any)
	if !ok {
		msg := fmt.Sprintf("the result is not a list: %s", compact(g.State("main")["messages"]))
		return outcome{Error: &msg}
	}
	return outcome{Result: list}
}

func errOutcome(err error) outcome {
	msg := err.Error()
	var e *engine.Error
	if errors.As(err, &e) {
		msg = e.Message
	}
	code := string(engine.CodeOf(err))
	return outcome{Error: &msg, Code: &code}
}

// agree: equal results (JSON equality), or both fail the same way. A
// MESSAGE_NOT_FOUND must carry LangGraph's exact message after the engine's
// naming of the writer (`node "n": `, docs/reference.md, Error codes); a coercion failure
// matches LangGraph's MESSAGE_COERCION_FAILURE, or the TypeError or
// SyntaxError LangChain's code throws on a value it cannot read (a null
// element, an ai message's response_metadata that is no object, a tool
// call's arguments that are not JSON).
func agree(eng, js outcome) bool {
	if !eng.failed() && !js.failed() {
		return engine.Equal(eng.Result, js.Result)
	}
	if !eng.failed() || !js.failed() {
		return false
	}
	switch eng.kind() {
	case "MESSAGE_NOT_FOUND":
		return js.kind() == "MESSAGE_NOT_FOUND" &&
			(*eng.Error == *js.Error || strings.HasSuffix(*eng.Error, ": "+*js.Error))
	case "MESSAGE_COERCION_FAILURE":
		switch js.kind() {
		case "MESSAGE_COERCION_FAILURE", "TypeError", "SyntaxError":
			return true
		}
	}
	return false
}

// shrink removes elements and keys while the case still disagrees with the
// same pair of outcome kinds.
func shrink(c Case, eng, js outcome, lg *node) Case {
	want := eng.kind() + "/" + js.kind()
	still := func(t Case) bool {
		e := runEngine(t)
		j, err := lg.run(t)
		return err == nil && !agree(e, j) && e.kind()+"/"+j.kind() == want
	}
	for changed := true; changed; {
		changed = false
		for _, t := range candidates(c) {
			if still(t) {
				c, changed = t, true
				break
			}
		}
	}
	return c
}

// candidates are the one-step simplifications of a case.
func candidates(c Case) []Case {
	var out []Case
	cur, _ := c.Current.([]any)
	for i := range cur {
		out = append(out, Case{Current: without(cur, i), Incoming: c.Incoming})
	}
	if in, ok := c.Incoming.([]any); ok {
		for i := range in {
			out = append(out, Case{Current: c.Current, Incoming: without(in, i)})
		}
		for i, el := range in {
			for _, s := range simpler(el) {
				out = append(out, Case{Current: c.Current, Incoming: with(in, i, s)})
			}
		}
	} else {
		out = append(out, Case{Current: c.Current, Incoming: []any{}})
		for _, s := range simpler(c.Incoming) {
			out = append(out, Case{Current: c.Current, Incoming: s})
		}
	}
	for i, el := range cur {
		for _, s := range simpler(el) {
			out = append(out, Case{Current: with(cur, i, s), Incoming: c.Incoming})
		}
	}
	return out
}

// simpler is a plain string message, or a message object less one optional
// key.
func simpler(el any) []any {
	if s, ok := el.(string); ok && s == "s" {
		return nil
	}
	out := []any{"s"}
	m, ok := el.(map[string]any)
	if !ok {
		return out
	}
	for _, k := range slices.Sorted(maps.Keys(m)) {
		if k == "type" || k == "role" {
			continue
		}
		cp := make(map[string]any, len(m))
		for kk, v := range m {
			if kk != k {
				cp[kk] = v
			}
		}
		out = append(out, cp)
	}
	return out
}

func without(list []any, i int) []any {
	out := make([]any, 0, len(list)-1)
	out = append(out, list[:i]...)
	return append(out, list[i+1:]...)
}

func with(list []any, i int, v any) []any {
	out := append([]any(nil), list...)
	out[i] = v
	return out
}

// features lists what a case exercises, for the coverage summary.
func features(c Case) []string {
	var out []string
	add := func(f string) { out = append(out, f) }
	cur, _ := c.Current.([]any)
	in, isList := c.Incoming.([]any)
	if !isList {
		add("incoming: a bare element")
		in = []any{c.Incoming}
	}
	ids := func(list []any) (missing, null int, seen map[string]int) {
		seen = map[string]int{}
		for _, el := range list {
			m, ok := el.(map[string]any)
			if !ok {
				missing++
				continue
			}
			id, has := m["id"]
			switch {
			case !has:
				missing++
			case id == nil:
				null++
			default:
				seen[compact(id)]++
			}
		}
		return
	}
	cm, cn, cs := ids(cur)
	im, inull, is := ids(in)
	if cm > 0 || im > 0 {
		add("messages without an id")
	}
	if cn > 0 || inull > 0 {
		add("messages with a null id")
	}
	for _, n := range cs {
		if n > 1 {
			add("duplicate ids in current")
			break
		}
	}
	for _, el := range in {
		m, _ := el.(map[string]any)
		if m == nil || (m["type"] != "remove" && m["role"] != "remove") {
			continue
		}
		switch {
		case m["id"] == removeAll:
			add("a remove-all marker")
		case cs[compact(m["id"])] > 0:
			add("a remove of an id in current")
		default:
			add("a remove of an id not in current")
		}
	}
	for id, n := range is {
		if n > 1 && id != `"`+removeAll+`"` {
			add("duplicate ids in incoming")
			break
		}
	}
	for id := range is {
		if cs[id] > 0 {
			add("an incoming id that is in current")
			break
		}
	}
	for _, el := range append(append([]any(nil), cur...), in...) {
		switch m := el.(type) {
		case []any:
			if len(m) != 2 {
				add("a [role, content] array of another length")
			}
		case map[string]any:
			if _, ok := m["kwargs"]; ok {
				add("a serialised LangChain message")
				continue
			}
			if _, ok := m["content"]; !ok && m["type"] != "remove" {
				add("a message object without content")
			}
			for _, k := range []string{"tool_calls", "additional_kwargs", "response_metadata", "contentBlocks", "usage_metadata", "invalid_tool_calls", "status", "artifact", "metadata", "foo"} {
				if _, ok := m[k]; ok {
					add("a message with " + k)
				}
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

const removeAll = "__remove_all__"

// classKey names a disagreement by its outcomes and the shape of its shrunk
// case: content strings and generated ids abstracted, ids and keys kept.
//
// Two successful results are keyed by how they differ instead.
func classKey(c Case, eng, js outcome) string {
	if !eng.failed() && !js.failed() {
		return "both ok, results differ: " + resultDiff(eng.Result, js.Result)
	}
	why := js
	if eng.failed() {
		why = eng
	}
	return fmt.Sprintf("engine %s, langgraph %s: %s", eng.kind(), js.kind(), abstract(firstLine(*why.Error)))
}

var (
	quoted = regexp.MustCompile(`\('[^']*'\)|"[^"]*"|\b(null|true|false)\b`)
	digits = regexp.MustCompile(`[0-9]+`)
)

// abstract turns an error message into its template: quoted values and
// numbers become placeholders.
func abstract(msg string) string {
	return digits.ReplaceAllString(quoted.ReplaceAllString(msg, "<v>"), "<n>")
}

// resultDiff says how two lists of messages differ: their lengths, or the
// keys whose values differ, with both values.
func resultDiff(a, b []any) string {
	if len(a) != len(b) {
		return fmt.Sprintf("%d messages vs %d", len(a), len(b))
	}
	diffs := map[string]bool{}
	for i := range a {
		ma, _ := a[i].(map[string]any)
		mb, _ := b[i].(map[string]any)
		keys := map[string]bool{}
		for k := range ma {
			keys[k] = true
		}
		for k := range mb {
			keys[k] = true
		}
		for k := range keys {
			va, ina := ma[k]
			vb, inb := mb[k]
			if ina == inb && engine.Equal(va, vb) {
				continue
			}
			show := func(v any, in bool) string {
				if !in {
					return "absent"
				}
				return shape(v)
			}
			diffs[fmt.Sprintf("%s %s vs %s", k, show(va, ina), show(vb, inb))] = true
		}
	}
	return strings.Join(slices.Sorted(maps.Keys(diffs)), "; ")
}

func shape(v any) string {
	var walk func(v any, key string) any
	walk = func(v any, key string) any {
		switch x := v.(type) {
		case map[string]any:
			out := map[string]any{}
			for k, vv := range x {
				out[k] = walk(vv, k)
			}
			return out
		case []any:
			out := make([]any, len(x))
			for i, vv := range x {
				out[i] = walk(vv, "")
			}
			return out
		case string:
			if key == "content" || key == "" {
				return "s"
			}
			if key == "id" && x != "__remove_all__" && len(x) == 1 {
				return "ID"
			}
		}
		return v
	}
	return compact(walk(v, ""))
}

// generator makes random cases. Ids come from a small pool so that they
// collide; removes name known and unknown ids.
type generator struct {
	r      *rand.Rand
	extras bool
}

var (
	idPool     = []string{"a", "b", "c", "d", "e"}
	rolePairs  = []string{"user", "assistant", "human", "ai", "system", "developer"}
	roleObject = []string{"user", "assistant", "human", "ai", "system", "developer", "tool"}
	typeObject = []string{"human", "ai", "system", "tool", "user", "assistant", "developer"}
)

func (g *generator) next() Case {
	cur := make([]any, g.r.Intn(7))
	for i := range cur {
		cur[i] = g.message(false)
	}
	var in any
	if g.r.Intn(10) == 0 {
		in = g.message(true) // a bare element as the whole update
	} else {
		list := make([]any, g.r.Intn(7))
		for i := range list {
			list[i] = g.message(true)
		}
		in = list
	}
	// round-trip through JSON so both sides see the same plain values
	var c Case
	data, _ := json.Marshal(Case{Current: cur, Incoming: in})
	_ = json.Unmarshal(data, &c)
	return c
}

func (g *generator) pick(list []string) string { return list[g.r.Intn(len(list))] }

// id is missing (nil, false), null, or a pool id; with extras, sometimes a
// number or a numeric string.
func (g *generator) id() (any, bool) {
	p := g.r.Intn(100)
	switch {
	case p < 30:
		return nil, false
	case p < 40:
		return nil, true
	case g.extras && p < 44:
		return []any{1.0, "1", 2.0, ""}[g.r.Intn(4)], true
	}
	return g.pick(idPool), true
}

func (g *generator) message(incoming bool) any {
	p := g.r.Intn(100)
	switch {
	case p < 12:
		return fmt.Sprintf("s%d", g.r.Intn(100))
	case p < 22:
		if g.extras && g.r.Intn(8) == 0 {
			return g.oddPair()
		}
		return []any{g.pick(rolePairs), fmt.Sprintf("p%d", g.r.Intn(100))}
	case incoming && p < 34:
		id := g.pick(idPool)
		if g.r.Intn(4) == 0 {
			id = "zz" // unknown
		}
		if g.extras && g.r.Intn(10) == 0 {
			return map[string]any{"role": "remove", "id": id}
		}
		return map[string]any{"type": "remove", "id": id}
	case incoming && p < 38:
		return map[string]any{"type": "remove", "id": "__remove_all__"}
	case g.extras && p < 41:
		return g.oddMessage()
	}
	m := map[string]any{"content": fmt.Sprintf("c%d", g.r.Intn(100))}
	var role string
	if g.r.Intn(2) == 0 {
		role = g.pick(roleObject)
		m["role"] = role
	} else {
		role = g.pick(typeObject)
		m["type"] = role
	}
	if role == "tool" {
		m["tool_call_id"] = fmt.Sprintf("call%d", g.r.Intn(3))
	}
	if id, ok := g.id(); ok {
		m["id"] = id
	}
	if g.extras {
		g.addExtras(m, role)
	}
	return m
}

// addExtras gives one message in four one of the rarer shapes: keys the
// message classes keep or drop, missing or null content, content blocks,
// tool calls in LangChain's, OpenAI's and the raw additional_kwargs form,
// LangChain's v1 content, non-string roles.
func (g *generator) addExtras(m map[string]any, role string) {
	if g.r.Intn(4) != 0 {
		return
	}
	switch g.r.Intn(24) {
	case 0:
		m["name"] = []any{"ann", nil}[g.r.Intn(2)]
	case 1:
		m["additional_kwargs"] = []any{map[string]any{"k": 1.0}, map[string]any{}, nil, "s"}[g.r.Intn(4)]
	case 2:
		m["tool_calls"] = []any{map[string]any{"id": "call0", "name": "calc", "args": map[string]any{}}}
	case 3:
		m["foo"] = "bar"
	case 4:
		delete(m, "content")
	case 5:
		m["content"] = nil
	case 6:
		m["content"] = []any{map[string]any{"type": "text", "text": "t"}}
	case 7:
		if _, hasRole := m["role"]; !hasRole {
			m["role"] = []any{nil, 5.0}[g.r.Intn(2)]
		}
	case 8:
		if _, hasRole := m["role"]; hasRole {
			m["type"] = "ai"
		} else {
			m["role"] = "user"
		}
	case 9:
		m["response_metadata"] = []any{map[string]any{"model": "m"}, map[string]any{}, nil}[g.r.Intn(3)]
	case 10:
		m["id"] = "__remove_all__"
	case 11:
		m["tool_calls"] = []any{map[string]any{"id": "call0", "type": "function",
			"function": map[string]any{"name": "calc", "arguments": []any{`{"x":1}`, `{bad`}[g.r.Intn(2)]}}}
	case 12:
		m["additional_kwargs"] = map[string]any{"tool_calls": []any{
			map[string]any{"id": "call1", "function": map[string]any{"name": "calc", "arguments": []any{`{"x":1}`, "bad", nil}[g.r.Intn(3)]}}}}
	case 13:
		m["response_metadata"] = map[string]any{"output_version": "v1"}
	case 14:
		m["contentBlocks"] = []any{map[string]any{"type": "tool_call", "id": "call2", "name": "calc", "args": map[string]any{}}}
	case 15:
		m["usage_metadata"] = map[string]any{"input_tokens": 1.0, "output_tokens": 2.0, "total_tokens": 3.0}
	case 16:
		m["invalid_tool_calls"] = []any{[]any{}, []any{map[string]any{"name": "calc", "args": "x", "error": "e"}}}[g.r.Intn(2)]
	case 17:
		m["tool_call_id"] = "call0"
	case 18:
		m["status"] = []any{"success", "error", nil}[g.r.Intn(3)]
	case 19:
		m["artifact"] = map[string]any{"raw": 1.0}
	case 20:
		m["metadata"] = map[string]any{"k": "v"}
	case 21:
		m["tool_call_chunks"] = []any{map[string]any{"name": "calc", "args": "{}", "id": "call0", "index": 0.0}}
	case 22:
		m["role"] = []any{"developer", "function", "User"}[g.r.Intn(3)]
	case 23:
		m["tool_calls"] = []any{[]any{}, nil, "s"}[g.r.Intn(3)]
	}
}

var serialClasses = []string{"HumanMessage", "AIMessage", "SystemMessage", "ToolMessage",
	"HumanMessageChunk", "AIMessageChunk", "SystemMessageChunk", "ToolMessageChunk",
	"RemoveMessage", "FunctionMessage", "ChatMessage"}

// serialised is LangChain JS's JSON.stringify of a message: mostly a
// well-formed one, sometimes with an unknown class, no kwargs or an
// array as kwargs.
func (g *generator) serialised() any {
	class := serialClasses[g.r.Intn(len(serialClasses))]
	if g.r.Intn(3) != 0 {
		class = serialClasses[g.r.Intn(4)] // mostly the common classes
	}
	kwargs := map[string]any{"content": "lc"}
	if id, ok := g.id(); ok {
		kwargs["id"] = id
	}
	if strings.HasPrefix(class, "Tool") && g.r.Intn(5) != 0 {
		kwargs["tool_call_id"] = "call0"
	}
	for _, k := range []string{"name", "tool_calls", "tool_call_chunks", "additional_kwargs", "response_metadata", "foo"} {
		if g.r.Intn(6) != 0 {
			continue
		}
		switch k {
		case "tool_calls":
			kwargs[k] = []any{map[string]any{"id": "call0", "name": "calc", "args": map[string]any{}, "type": "tool_call"}}
		case "tool_call_chunks":
			kwargs[k] = []any{map[string]any{"name": "calc", "args": "{}", "id": "call0", "index": 0.0, "type": "tool_call_chunk"}}
		case "additional_kwargs", "response_metadata":
			kwargs[k] = map[string]any{}
		default:
			kwargs[k] = "v"
		}
	}
	m := map[string]any{"lc": 1.0, "type": "constructor", "id": []any{"langchain_core", "messages", class}, "kwargs": kwargs}
	switch g.r.Intn(12) {
	case 0:
		delete(m, "kwargs")
	case 1:
		m["kwargs"] = []any{"c"}
	case 2:
		m["id"] = []any{}
	}
	return m
}

// oddMessage is a message in a form the core generator never makes.
func (g *generator) oddMessage() any {
	switch g.r.Intn(6) {
	case 0:
		return map[string]any{"type": "remove", "id": []any{1.0, 2.0, "1"}[g.r.Intn(3)]}
	case 1:
		return g.serialised()
	case 2:
		return nil
	case 3:
		return 7.0
	case 4:
		return map[string]any{"type": "human", "content": "x", "id": map[string]any{"k": "a"}}
	}
	return map[string]any{"type": "remove"}
}

func (g *generator) oddPair() any {
	switch g.r.Intn(7) {
	case 0:
		return []any{g.pick(rolePairs)}
	case 1:
		return []any{g.pick(rolePairs), "x", "y"}
	case 2:
		return []any{"tool", "x"}
	case 3:
		return []any{g.pick(rolePairs), nil}
	case 4:
		return []any{[]any{5.0, nil, "robot", "remove"}[g.r.Intn(4)], "x"}
	case 5:
		return []any{}
	}
	return []any{"developer", "x"}
}

// node is the running langgraph.mjs process.
type node struct {
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Reader
}

// startNode starts the node side: nodeBin running script, with NODE_PATH
// set to nodePath when it is not empty.
func startNode(nodeBin, script, nodePath string) (*node, error) {
	cmd := exec.Command(nodeBin, script)
	cmd.Stderr = os.Stderr
	if nodePath != "" {
		cmd.Env = append(os.Environ(), "NODE_PATH="+nodePath)
	}
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("starting node: %w", err)
	}
	return &node{cmd: cmd, in: in, out: bufio.NewReaderSize(out, 1<<20)}, nil
}

func (n *node) run(c Case) (outcome, error) {
	data, err := json.Marshal(c)
	if err != nil {
		return outcome{}, err
	}
	if _, err := n.in.Write(append(data, '\n')); err != nil {
		return outcome{}, fmt.Errorf("writing to node: %w", err)
	}
	line, err := n.out.ReadBytes('\n')
	if err != nil {
		return outcome{}, fmt.Errorf("reading from node (does the repository's node_modules hold @langchain/langgraph? run npm ci): %w", err)
	}
	var o outcome
	if err := json.Unmarshal(line, &o); err != nil {
		return outcome{}, fmt.Errorf("node said %q: %w", line, err)
	}
	return o, nil
}

func (n *node) close() {
	_ = n.in.Close()
	_ = n.cmd.Wait()
}

func compact(v any) string {
	data, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(data)
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i] + " …"
	}
	return s
}
