// Package aitest is a loopback OpenAI-compatible chat-completions server
// with scripted replies, for testing rtgit's model layer without a model.
//
// Replies are chosen in order: a queued reply (Queue) first, then the
// first rule (On) whose text occurs in the request's prompt, then the
// default. Every request is recorded, so a test can check exactly what
// was sent.
package aitest

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"time"
)

// Message is one chat message of a request.
type Message struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

// Request is a recorded chat-completions request.
type Request struct {
	Model     string    `json:"model"`
	Messages  []Message `json:"messages"`
	MaxTokens int64     `json:"max_tokens"`
	Auth      string    `json:"-"` // the Authorization header
}

// Prompt is every message's content, joined.
func (r Request) Prompt() string {
	var parts []string
	for _, m := range r.Messages {
		parts = append(parts, m.Content)
	}
	return strings.Join(parts, "\n")
}

// Reply is what the server answers one request with.
type Reply struct {
	Text   string        // the assistant's message
	Status int           // 0 means 200
	Raw    string        // when set, the body as is (garbage JSON)
	Delay  time.Duration // wait before answering (timeouts)
}

// Server is the stub endpoint.
type Server struct {
	*httptest.Server

	mu       sync.Mutex
	queue    []Reply
	rules    []rule
	def      func(Request) Reply
	requests []Request
	hits     int // requests answered with a 200
}

type rule struct {
	contains string
	reply    func(Request) Reply
}

// New starts a server; its default reply is a fixed sentence.
func New() *Server {
	s := &Server{def: func(Request) Reply { return Reply{Text: "A stub reply."} }}
	s.Server = httptest.NewServer(http.HandlerFunc(s.serve))
	return s
}

// BaseURL is what rtgit's ai.base_url should be.
func (s *Server) BaseURL() string { return s.URL + "/v1" }

// Queue makes the next requests get these replies, in order.
func (s *Server) Queue(r ...Reply) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.queue = append(s.queue, r...)
}

// On answers any request whose prompt contains text with reply.
func (s *Server) On(text string, reply func(Request) Reply) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.rules = append(s.rules, rule{text, reply})
}

// Say is a reply function that always says text.
func Say(text string) func(Request) Reply { return func(Request) Reply { return Reply{Text: text} } }

// Reset drops every queued reply and rule.
func (s *Server) Reset() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.queue, s.rules = nil, nil
}

// Default sets the reply for requests no rule matches.
func (s *Server) Default(reply func(Request) Reply) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.def = reply
}

// Requests returns every request received so far.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.requests...)
}

func (s *Server) pick(req Request) Reply {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.requests = append(s.requests, req)
	if len(s.queue) > 0 {
		r := s.queue[0]
		s.queue = s.queue[1:]
		return r
	}
	prompt := req.Prompt()
	// The user message is matched first: it is what differs between
	// calls, while the system prompt is shared.
	last := ""
	if n := len(req.Messages); n > 0 {
		last = req.Messages[n-1].Content
	}
	for _, r := range s.rules {
		if strings.Contains(last, r.contains) {
			return r.reply(req)
		}
	}
	for _, r := range s.rules {
		if strings.Contains(prompt, r.contains) {
			return r.reply(req)
		}
	}
	return s.def(req)
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost || !strings.HasSuffix(r.URL.Path, "/chat/completions") {
		http.Error(w, `{"error":{"message":"not found"}}`, http.StatusNotFound)
		return
	}
	body, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	var req Request
	if err := json.Unmarshal(body, &req); err != nil {
		http.Error(w, `{"error":{"message":"bad json"}}`, http.StatusBadRequest)
		return
	}
	req.Auth = r.Header.Get("Authorization")
	rep := s.pick(req)
	if rep.Delay > 0 {
		select {
		case <-time.After(rep.Delay):
		case <-r.Context().Done():
			return
		}
	}
	w.Header().Set("Content-Type", "application/json")
	// Retries are immediate, so a test of backoff takes no time.
	w.Header().Set("Retry-After-Ms", "1")
	if rep.Status != 0 && rep.Status != http.StatusOK {
		w.WriteHeader(rep.Status)
		fmt.Fprintf(w, `{"error":{"message":"scripted failure","type":"stub","code":"%d"}}`, rep.Status)
		return
	}
	if rep.Raw != "" {
		io.WriteString(w, rep.Raw)
		return
	}
	s.mu.Lock()
	s.hits++
	s.mu.Unlock()
	out := map[string]any{
		"id":      "chatcmpl-stub",
		"object":  "chat.completion",
		"created": 0,
		"model":   req.Model,
		"choices": []any{map[string]any{
			"index":         0,
			"finish_reason": "stop",
			"message":       map[string]any{"role": "assistant", "content": rep.Text},
		}},
		"usage": map[string]any{
			"prompt_tokens":     words(req.Prompt()),
			"completion_tokens": words(rep.Text),
			"total_tokens":      words(req.Prompt()) + words(rep.Text),
		},
	}
	json.NewEncoder(w).Encode(out)
}

// words is the stub's token count: one token a word, which is all a test
// of budgets needs.
func words(s string) int { return len(strings.Fields(s)) }
