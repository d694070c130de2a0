// Package openaistub stands where OpenAI's API would be for the tests of
// graphs whose model is a real provider class (scenarios/graphs/provider.*):
// a loopback server the provider class is pointed at through the
// environment (OPENAI_BASE_URL, and OPENAI_API_BASE, which langchain-openai
// reads first), so that no call reaches the network.
package openaistub

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
)

// Server is a stub of OpenAI's API for one test.
type Server struct {
	*httptest.Server
	mu      sync.Mutex
	replies []any
	served  int
	paths   []string
}

// Refusing starts a stub that answers every request 400 (an error the
// clients do not retry) and counts it: a model call that escaped a
// scenario's script shows as a hit, at once. The proxies, should a client
// honour them, lead nowhere.
func Refusing(t *testing.T) *Server {
	t.Helper()
	return start(t, nil)
}

// Answering starts a stub that answers its chat completions in order with
// replies: a string is the answer's text, any other value the answer's one
// tool call as OpenAI writes it ({id, type, function: {name, arguments}}).
// A request with "stream": true gets the answer as server-sent chunks, as
// OpenAI streams it. Past the last reply it answers 400.
func Answering(t *testing.T, replies ...any) *Server {
	t.Helper()
	if replies == nil {
		replies = []any{}
	}
	return start(t, replies)
}

func start(t *testing.T, replies []any) *Server {
	s := &Server{replies: replies}
	s.Server = httptest.NewServer(http.HandlerFunc(s.serve))
	t.Cleanup(s.Close)
	t.Setenv("OPENAI_BASE_URL", s.URL)
	t.Setenv("OPENAI_API_BASE", s.URL)
	t.Setenv("HTTPS_PROXY", "http://127.0.0.1:9")
	t.Setenv("HTTP_PROXY", "http://127.0.0.1:9")
	t.Setenv("NO_PROXY", "127.0.0.1")
	return s
}

// Hits are the requests the stub has had, as "METHOD /path".
func (s *Server) Hits() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.paths...)
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Stream bool `json:"stream"`
	}
	_ = json.NewDecoder(r.Body).Decode(&req)
	s.mu.Lock()
	s.paths = append(s.paths, r.Method+" "+r.URL.Path)
	if len(s.replies) == 0 {
		s.mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusBadRequest)
		_, _ = w.Write([]byte(`{"error":{"message":"the scenario's stub of OpenAI was called","type":"invalid_request_error","code":"stub"}}`))
		return
	}
	reply := s.replies[0]
	s.replies = s.replies[1:]
	s.served++
	// each completion's id is its own, as OpenAI's are: the messages
	// reducer replaces a message whose id it holds
	id := fmt.Sprintf("chatcmpl-%d", s.served)
	s.mu.Unlock()
	message := map[string]any{"role": "assistant", "content": nil}
	finish := "tool_calls"
	if text, ok := reply.(string); ok {
		message["content"], finish = text, "stop"
	} else {
		message["tool_calls"] = []any{reply}
	}
	completion := func(object, key string, body map[string]any, finish any) []byte {
		out, _ := json.Marshal(map[string]any{"id": id, "object": object, "created": 0, "model": "gpt-4o-mini",
			"choices": []any{map[string]any{"index": 0, key: body, "finish_reason": finish}}})
		return out
	}
	if !req.Stream {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(completion("chat.completion", "message", message, finish))
		return
	}
	// a streamed tool call carries its index
	if call, ok := reply.(map[string]any); ok {
		indexed := map[string]any{"index": 0}
		for k, v := range call {
			indexed[k] = v
		}
		message["tool_calls"] = []any{indexed}
	}
	w.Header().Set("Content-Type", "text/event-stream")
	for _, chunk := range [][]byte{completion("chat.completion.chunk", "delta", message, nil), completion("chat.completion.chunk", "delta", map[string]any{}, finish)} {
		_, _ = w.Write([]byte("data: " + string(chunk) + "\n\n"))
	}
	_, _ = w.Write([]byte("data: [DONE]\n\n"))
}
