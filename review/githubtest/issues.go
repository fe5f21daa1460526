package githubtest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
)

// Issue is an issue proper. Issues and pull requests share one sequence
// of numbers, as on GitHub.
type Issue struct {
	Number      int
	Title, Body string
	State       string // open or closed
	StateReason string // completed or not_planned, once closed
	User        User
	Labels      []string
}

// AddIssue opens an issue by u. Number 0 takes the next free number.
func (s *Server) AddIssue(number int, u User, title, body string, labels ...string) *Issue {
	s.mu.Lock()
	defer s.mu.Unlock()
	if number == 0 {
		number = s.nextNumber()
	}
	is := &Issue{Number: number, Title: title, Body: body, State: "open", User: u, Labels: labels}
	s.Issues[number] = is
	return is
}

// IssuesBy lists the issues u opened, by number.
func (s *Server) IssuesBy(u User) []*Issue {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []*Issue
	for _, n := range sortedKeys(s.Issues) {
		if s.Issues[n].User == u {
			out = append(out, s.Issues[n])
		}
	}
	return out
}

// CommentsOn lists the conversation of issue or pull request n.
func (s *Server) CommentsOn(n int) []*Comment {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []*Comment
	for _, c := range s.Comments {
		if c.Kind == "ic" && c.PR == n {
			out = append(out, c)
		}
	}
	return out
}

// Count is how many logged requests were method on a path ending in
// suffix.
func (s *Server) Count(method, suffix string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for _, r := range s.Requests {
		m, path, _ := strings.Cut(r, " ")
		if m == method && strings.HasSuffix(path, suffix) {
			n++
		}
	}
	return n
}

func sortedKeys[V any](m map[int]V) []int {
	var ns []int
	for n := range m {
		ns = append(ns, n)
	}
	slices.Sort(ns)
	return ns
}

func (s *Server) nextNumber() int {
	n := 0
	for k := range s.PRs {
		n = max(n, k)
	}
	for k := range s.Issues {
		n = max(n, k)
	}
	return n + 1
}

func (s *Server) issueRoutes(routes map[string]func(http.ResponseWriter, *http.Request, User), repo string) {
	routes["GET "+repo+"/issues"] = s.listIssues
	routes["POST "+repo+"/issues"] = s.createIssue
	routes["GET "+repo+"/issues/{n}"] = s.getIssue
	routes["PATCH "+repo+"/issues/{n}"] = s.editIssue
	routes["POST "+repo+"/issues/{n}/labels"] = s.addLabels
}

// thread finds the issue or pull request a conversation comment goes to.
func (s *Server) thread(w http.ResponseWriter, r *http.Request) (int, bool) {
	n, _ := strconv.Atoi(r.PathValue("n"))
	if s.PRs[n] == nil && s.Issues[n] == nil {
		writeJSON(w, http.StatusNotFound, map[string]string{"message": "Not Found"})
		return 0, false
	}
	return n, true
}

func (s *Server) issueJSON(is *Issue) map[string]any {
	labels := []any{}
	for _, l := range is.Labels {
		labels = append(labels, map[string]any{"name": l})
	}
	var reason any
	if is.StateReason != "" {
		reason = is.StateReason
	}
	return map[string]any{"number": is.Number, "title": is.Title, "body": is.Body, "state": is.State, "state_reason": reason,
		"html_url": fmt.Sprintf("%s/%s/issues/%d", s.URL, s.Repo, is.Number),
		"user":     map[string]any{"login": is.User.Login, "type": is.User.Type}, "labels": labels}
}

func (s *Server) getIssue(w http.ResponseWriter, r *http.Request, _ User) {
	n, _ := strconv.Atoi(r.PathValue("n"))
	if is := s.Issues[n]; is != nil {
		writeJSON(w, 200, s.issueJSON(is))
		return
	}
	if pr := s.PRs[n]; pr != nil {
		m := s.issueJSON(&Issue{Number: n, Title: pr.Title, Body: pr.Body, State: pr.State})
		m["pull_request"] = map[string]any{"url": fmt.Sprintf("%s/repos/%s/pulls/%d", s.APIURL(), s.Repo, n)}
		writeJSON(w, 200, m)
		return
	}
	writeJSON(w, http.StatusNotFound, map[string]string{"message": "Not Found"})
}

// listIssues serves the list filtered by one label and state, a page of
// per_page at a time, with GitHub's Link header for the next page.
func (s *Server) listIssues(w http.ResponseWriter, r *http.Request, _ User) {
	q := r.URL.Query()
	state, label := q.Get("state"), q.Get("labels")
	if state == "" {
		state = "open"
	}
	var all []any
	for _, n := range sortedKeys(s.Issues) {
		is := s.Issues[n]
		if (state == "all" || is.State == state) && (label == "" || slices.ContainsFunc(is.Labels, func(l string) bool { return strings.EqualFold(l, label) })) {
			all = append(all, s.issueJSON(is))
		}
	}
	per, _ := strconv.Atoi(q.Get("per_page"))
	if per <= 0 {
		per = 30
	}
	page, _ := strconv.Atoi(q.Get("page"))
	page = max(page, 1)
	lo, hi := min((page-1)*per, len(all)), min(page*per, len(all))
	if hi < len(all) {
		next := *r.URL
		v := next.Query()
		v.Set("page", strconv.Itoa(page+1))
		next.RawQuery = v.Encode()
		w.Header().Set("Link", fmt.Sprintf(`<%s%s>; rel="next"`, s.URL, next.RequestURI()))
	}
	out := all[lo:hi]
	if out == nil {
		out = []any{}
	}
	writeJSON(w, 200, out)
}

func (s *Server) createIssue(w http.ResponseWriter, r *http.Request, u User) {
	var in struct {
		Title, Body string
		Labels      []string
	}
	if err := json.NewDecoder(r.Body).Decode(&in); err != nil || in.Title == "" {
		writeJSON(w, http.StatusUnprocessableEntity, map[string]string{"message": "Validation Failed"})
		return
	}
	is := &Issue{Number: s.nextNumber(), Title: in.Title, Body: in.Body, State: "open", User: u, Labels: in.Labels}
	s.Issues[is.Number] = is
	writeJSON(w, http.StatusCreated, s.issueJSON(is))
}

func (s *Server) editIssue(w http.ResponseWriter, r *http.Request, _ User) {
	n, _ := strconv.Atoi(r.PathValue("n"))
	is := s.Issues[n]
	if is == nil {
		writeJSON(w, http.StatusNotFound, map[string]string{"message": "Not Found"})
		return
	}
	var in struct {
		Title, Body, State *string
		StateReason        *string `json:"state_reason"`
	}
	if err := json.NewDecoder(r.Body).Decode(&in); err != nil {
		writeJSON(w, http.StatusBadRequest, map[string]string{"message": "Problems parsing JSON"})
		return
	}
	if in.State != nil {
		if *in.State != "open" && *in.State != "closed" {
			writeJSON(w, http.StatusUnprocessableEntity, map[string]string{"message": "Validation Failed"})
			return
		}
		was := is.State
		is.State, is.StateReason = *in.State, ""
		switch {
		case in.StateReason != nil && is.State == "closed":
			is.StateReason = *in.StateReason
		case is.State == "closed":
			is.StateReason = "completed"
		case was == "closed":
			is.StateReason = "reopened" // as GitHub records a reopen
		}
	}
	if in.Title != nil {
		is.Title = *in.Title
	}
	if in.Body != nil {
		is.Body = *in.Body
	}
	writeJSON(w, 200, s.issueJSON(is))
}

func (s *Server) addLabels(w http.ResponseWriter, r *http.Request, _ User) {
	n, _ := strconv.Atoi(r.PathValue("n"))
	is := s.Issues[n]
	var in []string
	if err := json.NewDecoder(r.Body).Decode(&in); err != nil || is == nil {
		writeJSON(w, http.StatusNotFound, map[string]string{"message": "Not Found"})
		return
	}
	for _, l := range in {
		if !slices.ContainsFunc(is.Labels, func(x string) bool { return strings.EqualFold(x, l) }) {
			is.Labels = append(is.Labels, l)
		}
	}
	out := []any{}
	for _, l := range is.Labels {
		out = append(out, map[string]any{"name": l})
	}
	writeJSON(w, 200, out)
}
