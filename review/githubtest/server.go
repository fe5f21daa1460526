// Package githubtest is a small in-memory GitHub: the REST endpoints rtgit
// uses, for one repository, speaking GitHub's JSON shapes. Tests drive it
// directly; the fakegithub command serves it for a local walkthrough.
//
// As in go-github's own tests, the API lives under a path prefix and any
// call to an endpoint it does not implement is reported as unexpected.
package githubtest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Prefix is where the API is mounted; GITHUB_API_URL is the server URL
// plus Prefix.
const Prefix = "/api/v3"

// BotToken is the token the action is given; requests with it act as Bot.
const BotToken = "fake-actions-token"

// Bot is the account the action's token belongs to.
var Bot = User{Login: "github-actions[bot]", Type: "Bot"}

// User is an account.
type User struct{ Login, Type string }

// Comment is one comment of any kind.
type Comment struct {
	Kind      string // "ic", "rc" or "rv"
	ID        int64
	PR        int // the pull request or issue commented on
	User      User
	Body      string
	Path      string
	Line      int
	InReplyTo int64
	CreatedAt time.Time
	// Review comments: the commit the comment sits on, and the commit and
	// line it was written on (GitHub's original_commit_id, original_line).
	CommitID, OriginalCommitID string
	OriginalLine               int
	// State is a review's verdict as the webhook spells it: "approved",
	// "changes_requested" or "commented" (the default).
	State string
}

// PR is a pull request.
type PR struct {
	Number                    int
	State, Title, Body        string
	HeadRef, HeadSHA, BaseRef string
	HeadRepo                  string
	Merged                    bool // closed by a merge
}

// Reaction is a reaction left on a comment.
type Reaction struct {
	Kind    string // "ic" or "rc"
	ID      int64
	Content string
	User    string
}

// Server is the fake API. Lock Mu (via Do) to read or change its state
// while requests may be running.
type Server struct {
	*httptest.Server
	Repo          string
	DefaultBranch string
	PRs           map[int]*PR
	Issues        map[int]*Issue // issues proper; pull requests are in PRs
	Comments      []*Comment
	CheckRuns     []*CheckRun
	Reactions     []Reaction
	Permissions   map[string]string // login -> admin, write, read, none
	// Associations overrides the author_association of a login's
	// comments; without an entry it follows Permissions (see Association).
	Associations map[string]string
	// Tokens maps a token to its user; BotToken is always Bot.
	Tokens map[string]User
	// Before runs before each request is handled, outside the lock. If it
	// returns a status, the request fails with it (to inject a 502).
	Before func(r *http.Request) int
	// Unexpected is called for each request no handler matched.
	Unexpected func(method, path string)
	// Throttle, when it returns true, answers the request as GitHub's
	// secondary rate limit does: 403 with a Retry-After of one second.
	Throttle func(r *http.Request) bool
	// Requests logs every API request handled, as "METHOD path".
	Requests []string

	mux    *http.ServeMux
	mu     sync.Mutex
	nextID int64
	clock  time.Time
}

// New starts a fake for repo (owner/name).
func New(repo string) *Server {
	s := &Server{Repo: repo, DefaultBranch: "main", PRs: map[int]*PR{}, Issues: map[int]*Issue{}, Permissions: map[string]string{}, Associations: map[string]string{},
		Tokens: map[string]User{}, nextID: 1000, clock: time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)}
	s.Server = httptest.NewServer(s.handler())
	return s
}

// APIURL is the value for GITHUB_API_URL.
func (s *Server) APIURL() string { return s.URL + Prefix }

// Do runs f with the state locked.
func (s *Server) Do(f func()) {
	s.mu.Lock()
	defer s.mu.Unlock()
	f()
}

// Association is the author_association GitHub shows on u's comments:
// COLLABORATOR for write access and above, CONTRIBUTOR for read or
// triage, NONE otherwise (bots included), unless Associations says
// otherwise. Call it with the state locked.
func (s *Server) Association(u User) string {
	if a, ok := s.Associations[u.Login]; ok {
		return a
	}
	if u.Type == "Bot" {
		return "NONE"
	}
	switch s.Permissions[u.Login] {
	case "admin", "maintain", "write":
		return "COLLABORATOR"
	case "read", "triage":
		return "CONTRIBUTOR"
	}
	return "NONE"
}

func (s *Server) newID() int64 { s.nextID++; return s.nextID }

// tick is the fake clock: every comment is a second after the last, so
// the order of comments is their order of creation.
func (s *Server) tick() time.Time { s.clock = s.clock.Add(time.Second); return s.clock }

// OpenPR adds an open pull request from branch into the default branch.
func (s *Server) OpenPR(number int, branch, headSHA string) *PR {
	s.mu.Lock()
	defer s.mu.Unlock()
	pr := &PR{Number: number, State: "open", Title: branch, HeadRef: branch, HeadSHA: headSHA, BaseRef: s.DefaultBranch, HeadRepo: s.Repo}
	s.PRs[number] = pr
	return pr
}

// AddComment records a comment as if u had written it on GitHub.
func (s *Server) AddComment(kind string, pr int, u User, body string) *Comment {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.add(&Comment{Kind: kind, PR: pr, User: u, Body: body})
}

// AddReview records a submitted review with its verdict ("approved",
// "changes_requested", "commented") and body.
func (s *Server) AddReview(pr int, u User, state, body string) *Comment {
	s.mu.Lock()
	sha := ""
	if p := s.PRs[pr]; p != nil {
		sha = p.HeadSHA
	}
	s.mu.Unlock()
	return s.AddReviewAt(pr, u, state, body, sha)
}

// AddReviewAt records a review submitted by a reviewer who saw commit, as
// GitHub keeps it (commit_id): a review page left open while the branch
// moves on submits for the commit it shows.
func (s *Server) AddReviewAt(pr int, u User, state, body, commit string) *Comment {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.add(&Comment{Kind: "rv", PR: pr, User: u, Body: body, State: state, CommitID: commit})
}

// AddLineComment records a review comment on path at line of the pull
// request's head commit.
func (s *Server) AddLineComment(pr int, u User, path string, line int, body string) *Comment {
	s.mu.Lock()
	sha := s.PRs[pr].HeadSHA
	s.mu.Unlock()
	return s.AddLineCommentAt(pr, u, path, line, sha, body)
}

// AddLineCommentAt records a review comment on path at line of commit, as
// a reviewer looking at that commit writes it.
func (s *Server) AddLineCommentAt(pr int, u User, path string, line int, commit, body string) *Comment {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.add(&Comment{Kind: "rc", PR: pr, User: u, Body: body, Path: path, Line: line,
		CommitID: commit, OriginalCommitID: commit, OriginalLine: line})
}

// DeleteComment removes a comment, as its author deleting it does.
func (s *Server) DeleteComment(c *Comment) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for i, x := range s.Comments {
		if x == c {
			s.Comments = append(s.Comments[:i], s.Comments[i+1:]...)
			return
		}
	}
}

func (s *Server) add(c *Comment) *Comment {
	c.ID, c.CreatedAt = s.newID(), s.tick()
	s.Comments = append(s.Comments, c)
	return c
}

// Replies returns the comments Bot wrote, in order.
func (s *Server) Replies() []*Comment {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []*Comment
	for _, c := range s.Comments {
		if c.User == Bot {
			out = append(out, c)
		}
	}
	return out
}

// ReactionsOn lists the reactions on one comment, in order.
func (s *Server) ReactionsOn(c *Comment) []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []string
	for _, r := range s.Reactions {
		if r.Kind == c.Kind && r.ID == c.ID {
			out = append(out, r.Content)
		}
	}
	return out
}

// Handle adds a handler outside the API, for a simulation's controls. It
// runs without the state lock; use Do.
func (s *Server) Handle(pattern string, h http.Handler) { s.mux.Handle(pattern, h) }

func (s *Server) handler() http.Handler {
	mux := http.NewServeMux()
	s.mux = mux
	repo := Prefix + "/repos/{owner}/{repo}"
	routes := map[string]func(http.ResponseWriter, *http.Request, User){
		"GET " + repo:                                      s.getRepo,
		"GET " + repo + "/pulls":                           s.listPRs,
		"POST " + repo + "/pulls":                          s.createPR,
		"GET " + repo + "/pulls/{n}":                       s.getPR,
		"PATCH " + repo + "/pulls/{n}":                     s.editPR,
		"POST " + repo + "/issues/{n}/comments":            s.createComment,
		"PATCH " + repo + "/issues/comments/{id}":          s.editComment,
		"GET " + repo + "/pulls/{a}/{b}":                   s.pair("rc"),
		"GET " + repo + "/issues/{a}/{b}":                  s.pair("ic"),
		"GET " + repo + "/pulls/{n}/reviews/{id}":          s.getComment("rv"),
		"GET " + Prefix + "/user":                          s.getUser,
		"POST " + repo + "/pulls/{n}/comments":             s.replyComment,
		"GET " + repo + "/pulls/{n}/reviews":               s.listComments("rv"),
		"GET " + repo + "/collaborators/{user}/permission": s.permission,
		"POST " + repo + "/issues/comments/{id}/reactions": s.react("ic"),
		"POST " + repo + "/pulls/comments/{id}/reactions":  s.react("rc"),
	}
	s.issueRoutes(routes, repo)
	s.checkRoutes(routes, repo)
	for pattern, h := range routes {
		mux.HandleFunc(pattern, s.wrap(h))
	}
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		if s.Unexpected != nil {
			s.Unexpected(r.Method, r.URL.Path)
		}
		writeJSON(w, http.StatusNotFound, map[string]string{"message": "Not Found (unexpected call to the fake API)"})
	})
	return mux
}

// wrap checks the repository and the token, runs Before, and holds the
// lock around the handler.
func (s *Server) wrap(h func(http.ResponseWriter, *http.Request, User)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if r.PathValue("owner") != "" && r.PathValue("owner")+"/"+r.PathValue("repo") != s.Repo {
			writeJSON(w, http.StatusNotFound, map[string]string{"message": "Not Found"})
			return
		}
		if s.Before != nil {
			if code := s.Before(r); code != 0 {
				writeJSON(w, code, map[string]string{"message": http.StatusText(code)})
				return
			}
		}
		if s.Throttle != nil && s.Throttle(r) {
			w.Header().Set("Retry-After", "1")
			writeJSON(w, http.StatusForbidden, map[string]string{"message": "You have exceeded a secondary rate limit. Please wait a few minutes before you try again."})
			return
		}
		token := strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer"), "token"))
		s.mu.Lock()
		defer s.mu.Unlock()
		u, ok := s.Tokens[token]
		if token == BotToken {
			u, ok = Bot, true
		}
		if !ok {
			writeJSON(w, http.StatusUnauthorized, map[string]string{"message": "Bad credentials"})
			return
		}
		s.Requests = append(s.Requests, r.Method+" "+r.URL.Path)
		h(w, r, u)
	}
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(code)
	_ = json.NewEncoder(w).Encode(v)
}

func (s *Server) getRepo(w http.ResponseWriter, _ *http.Request, _ User) {
	writeJSON(w, 200, map[string]any{"full_name": s.Repo, "default_branch": s.DefaultBranch})
}

func (s *Server) prJSON(pr *PR) map[string]any {
	head := map[string]any{"ref": pr.HeadRef, "repo": map[string]any{"full_name": pr.HeadRepo}}
	if pr.HeadSHA != "" {
		head["sha"] = pr.HeadSHA
	}
	return map[string]any{"number": pr.Number, "state": pr.State, "title": pr.Title, "body": pr.Body,
		"html_url": fmt.Sprintf("%s/%s/pull/%d", s.URL, s.Repo, pr.Number),
		"head":     head, "base": map[string]any{"ref": pr.BaseRef, "repo": map[string]any{"full_name": s.Repo}}}
}

func (s *Server) pr(w http.ResponseWriter, r *http.Request) *PR {
	n, _ := strconv.Atoi(r.PathValue("n"))
	pr := s.PRs[n]
	if pr == nil {
		writeJSON(w, http.StatusNotFound, map[string]string{"message": "Not Found"})
	}
	return pr
}

func (s *Server) getPR(w http.ResponseWriter, r *http.Request, _ User) {
	if pr := s.pr(w, r); pr != nil {
		writeJSON(w, 200, s.prJSON(pr))
	}
}

func (s *Server) listPRs(w http.ResponseWriter, r *http.Request, _ User) {
	owner, _, _ := strings.Cut(s.Repo, "/")
	head := r.URL.Query().Get("head")
	out := []any{}
	for _, n := range sortedPRs(s.PRs) {
		pr := s.PRs[n]
		if pr.State == r.URL.Query().Get("state") && (head == "" || head == owner+":"+pr.HeadRef) {
			out = append(out, s.prJSON(pr))
		}
	}
	writeJSON(w, 200, out)
}

func sortedPRs(m map[int]*PR) []int {
	var ns []int
	for n := range m {
		ns = append(ns, n)
	}
	sort.Ints(ns)
	return ns
}

func (s *Server) createPR(w http.ResponseWriter, r *http.Request, _ User) {
	var in struct{ Title, Head, Base, Body string }
	if err := json.NewDecoder(r.Body).Decode(&in); err != nil || in.Head == "" || in.Base == "" {
		writeJSON(w, http.StatusUnprocessableEntity, map[string]string{"message": "Validation Failed"})
		return
	}
	n := s.nextNumber()
	pr := &PR{Number: n, State: "open", Title: in.Title, Body: in.Body, HeadRef: in.Head, BaseRef: in.Base, HeadRepo: s.Repo}
	s.PRs[n] = pr
	writeJSON(w, http.StatusCreated, s.prJSON(pr))
}

func (s *Server) editPR(w http.ResponseWriter, r *http.Request, _ User) {
	pr := s.pr(w, r)
	if pr == nil {
		return
	}
	var in struct{ Body, State *string }
	if err := json.NewDecoder(r.Body).Decode(&in); err != nil {
		writeJSON(w, http.StatusBadRequest, map[string]string{"message": "Problems parsing JSON"})
		return
	}
	if in.Body != nil {
		pr.Body = *in.Body
	}
	if in.State != nil {
		pr.State = *in.State
	}
	writeJSON(w, 200, s.prJSON(pr))
}
