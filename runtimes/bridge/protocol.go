package bridge

import (
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/stateharness/scenario/engine"
	"github.com/stateharness/scenario/internal/jsonv"
)

// The protocol (doc.go): one JSON object per line each way, a response per
// request, in order, with the request's id. Values are written as
// JSON.stringify writes them, each object's keys in the order the Program's
// Keys gives, since a framework's channels may see that order (which
// field's error is reported, JSON.stringify in messages).

// requestWriter builds one request line.
type requestWriter struct {
	buf  []byte
	keys func(*engine.KeyOrder, map[string]any) []string
	name string // the runtime's, for messages
}

func (w *requestWriter) begin(id uint64, op string) {
	w.buf = append(w.buf, `{"id":`...)
	w.buf = strconv.AppendUint(w.buf, id, 10)
	w.buf = append(w.buf, `,"op":`...)
	w.buf = strconv.AppendQuote(w.buf, op)
}

func (w *requestWriter) end() { w.buf = append(w.buf, "}\n"...) }

// key starts a member of the request object.
func (w *requestWriter) key(k string) {
	w.buf = append(w.buf, ',')
	w.buf = appendJSONString(w.buf, k)
	w.buf = append(w.buf, ':')
}

// str writes a string member.
func (w *requestWriter) str(k, v string) {
	w.key(k)
	w.buf = appendJSONString(w.buf, v)
}

// int writes an integer member.
func (w *requestWriter) int(k string, v int) {
	w.key(k)
	w.buf = strconv.AppendInt(w.buf, int64(v), 10)
}

// value writes a JSON value, its objects' members in the order the
// Program's Keys gives for order (nil: sorted).
func (w *requestWriter) value(v any, order *engine.KeyOrder) error {
	keys := order.Keys
	if w.keys != nil {
		keys = func(m map[string]any) []string { return w.keys(order, m) }
	}
	s, err := jsonv.Stringify(v, keys)
	if err != nil {
		return &engine.Error{Code: engine.NonJSONValue, Path: engine.Root, Message: w.name + " cannot send a value: " + err.Error()}
	}
	w.buf = append(w.buf, s...)
	return nil
}

func (w *requestWriter) raw(s string) { w.buf = append(w.buf, s...) }

func appendJSONString(dst []byte, s string) []byte {
	b, _ := json.Marshal(s)
	return append(dst, b...)
}

// response is any answer of the program.
type response struct {
	ID     *uint64         `json:"id"`
	Fatal  string          `json:"fatal"`
	Graph  int             `json:"graph"`
	NextID *int            `json:"nextId"`
	Values json.RawMessage `json:"values"`
	// Returned is what the real nodes of a step returned, by node.
	Returned json.RawMessage `json:"returned"`
	// Held says that the program holds the state after a commit in a form
	// its JSON does not carry, on which the next commit from it depends:
	// the answer is this process's, never given from memory.
	Held  bool         `json:"held"`
	Error *bridgeError `json:"error"`
	// Channels and Nodes are those of the scenario's own graph (open).
	Channels []string `json:"channels"`
	Nodes    []string `json:"nodes"`
	// Chunks are what a live run streamed (stream): [mode, chunk] each;
	// Kinds its graph's channels by kind (stream, and open of an own
	// graph).
	Chunks []json.RawMessage `json:"chunks"`
	Kinds  map[string]string `json:"kinds"`
	// Fields are a Dawn route's fields (route), as state.ts gives them.
	Fields []routeField `json:"fields"`
	// Steps, Next and Calls are a whole-graph run's (run): its supersteps,
	// the nodes it would run next and its chat-model calls.
	Steps      []runStep      `json:"steps"`
	Next       []string       `json:"next"`
	Calls      []runModelCall `json:"calls"`
	Interrupts []runInterrupt `json:"interrupts"`
	Returns    []runVisit     `json:"returns"`
	Tools      []runToolCall  `json:"tools"`
	// Captured is what a run with capture captured.
	Captured *runCaptured `json:"captured"`
}

// runCaptured is what a run with capture captured: each model reply and
// each tool result, in call order, where it happened.
type runCaptured struct {
	Replies []struct {
		Step    int             `json:"step"`
		Node    string          `json:"node"`
		Reply   json.RawMessage `json:"reply"`
		Refused string          `json:"refused"`
	} `json:"replies"`
	Tools []struct {
		Step   int             `json:"step"`
		Node   string          `json:"node"`
		Tool   string          `json:"tool"`
		Answer json.RawMessage `json:"answer"`
		Error  *string         `json:"error"`
	} `json:"tools"`
}

// runStep is one superstep of a whole-graph run, as the program answers.
type runStep struct {
	Step  int      `json:"step"`
	Nodes []string `json:"nodes"`
	// State is the graph's state after the superstep.
	State json.RawMessage `json:"state"`
	Tasks []runTask       `json:"tasks"`
}

// runTask is one node's run in a superstep: its writes, [channel, value]
// each, and a subgraph's own supersteps.
type runTask struct {
	Node   string            `json:"node"`
	Writes []json.RawMessage `json:"writes"`
	Steps  []runStep         `json:"steps"`
}

// runModelCall is one chat-model call of a whole-graph run.
type runModelCall struct {
	Step   int             `json:"step"`
	Node   string          `json:"node"`
	Reply  int             `json:"reply"`
	Script string          `json:"script"`
	Last   json.RawMessage `json:"last"`
}

// runInterrupt is an interrupt pending at the end of a run.
type runInterrupt struct {
	ID    string          `json:"id"`
	Node  string          `json:"node"`
	Value json.RawMessage `json:"value"`
}

// runVisit is one visit of a scripted node.
type runVisit struct {
	Step  int    `json:"step"`
	Node  string `json:"node"`
	Index int    `json:"index"`
}

// runToolCall is one call of a scripted tool.
type runToolCall struct {
	Step   int    `json:"step"`
	Node   string `json:"node"`
	Tool   string `json:"tool"`
	Answer int    `json:"answer"`
}

// bridgeError is an error the framework threw, as the program reports it:
// the §11 code it maps to (for LangGraph JS: lc_error_code, else by the
// message), the message (without a troubleshooting link), the error's class
// and the field it is about, or the JSON path inside it (keys and indices)
// when it has one.
type bridgeError struct {
	Code    string  `json:"code"`
	Message string  `json:"message"`
	Name    string  `json:"name"`
	Field   *string `json:"field"`
	// Path is the JSON path of the value the error is about, as keys and
	// indices: a node's return that is not JSON, a value a schema refused.
	Path []any `json:"path"`
}

// codes are the §11 codes a framework's error may map to; any other code
// is a RUNTIME_ERROR that quotes it.
var codes = map[string]engine.Code{
	string(engine.InvalidConcurrentGraphUpdate): engine.InvalidConcurrentGraphUpdate,
	string(engine.InvalidNodeReturn):            engine.InvalidNodeReturn,
	string(engine.MessageCoercionFailure):       engine.MessageCoercionFailure,
	string(engine.MessageNotFound):              engine.MessageNotFound,
	string(engine.ReducerTypeError):             engine.ReducerTypeError,
	string(engine.NonJSONValue):                 engine.NonJSONValue,
	string(engine.UnsafeInteger):                engine.UnsafeInteger,
	string(engine.EmptyInput):                   engine.EmptyInput,
	string(engine.RuntimeError):                 engine.RuntimeError,
	string(engine.NodeError):                    engine.NodeError,
	string(engine.TypeMismatch):                 engine.TypeMismatch,
	string(engine.ExclusiveMergeConflict):       engine.ExclusiveMergeConflict,
	string(engine.UnknownKey):                   engine.UnknownKey,
	string(engine.ModelScriptExhausted):         engine.ModelScriptExhausted,
	string(engine.ModelScriptInvalid):           engine.ModelScriptInvalid,
	string(engine.NodeScriptExhausted):          engine.NodeScriptExhausted,
	string(engine.ToolScriptExhausted):          engine.ToolScriptExhausted,
	string(engine.GraphRecursionLimit):          engine.GraphRecursionLimit,
	string(engine.ParallelUnsupported):          engine.ParallelUnsupported,
}

// engineError maps a program's error to the harness's error; library
// names the framework in a refusal of its own ("LangGraph JS").
func (e *bridgeError) engineError(library string) *engine.Error {
	out := &engine.Error{Code: engine.RuntimeError, Message: e.Message}
	if c, ok := codes[e.Code]; ok {
		out.Code = c
	} else {
		out.Message = fmt.Sprintf("%s refused the commit (%s): %s", library, e.Code, e.Message)
	}
	if out.Code == engine.RuntimeError && e.Code == string(engine.RuntimeError) {
		name := e.Name
		if name == "" {
			name = "Error"
		}
		out.Message = fmt.Sprintf("%s refused the commit: %s: %s", library, name, e.Message)
	}
	if e.Field != nil {
		out.Path = engine.PathKey(engine.Root, *e.Field)
	}
	if p, ok := jsonPath(e.Path); ok {
		out.Path = p
	}
	return out
}

// jsonPath is a path the program gives as keys and indices, written as the
// engine writes paths.
func jsonPath(elems []any) (string, bool) {
	if len(elems) == 0 {
		return "", false
	}
	p := engine.Root
	for _, el := range elems {
		switch v := el.(type) {
		case string:
			p = engine.PathKey(p, v)
		case float64:
			if v != float64(int(v)) || v < 0 {
				return "", false
			}
			p = engine.PathIndex(p, int(v))
		default:
			return "", false
		}
	}
	return p, true
}
