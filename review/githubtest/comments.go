package githubtest

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
)

func (s *Server) commentJSON(c *Comment) map[string]any {
	m := map[string]any{"id": c.ID, "body": c.Body, "user": map[string]any{"login": c.User.Login, "type": c.User.Type},
		"author_association": s.Association(c.User)}
	if c.Kind == "rv" {
		state := "COMMENTED"
		if c.State != "" {
			state = strings.ToUpper(c.State)
		}
		m["submitted_at"], m["state"] = c.CreatedAt, state
		// GitHub names the commit the reviewer saw, the head when the
		// review was submitted.
		if c.CommitID != "" {
			m["commit_id"] = c.CommitID
		}
	} else {
		m["created_at"] = c.CreatedAt
	}
	if c.Kind == "rc" {
		m["path"], m["line"], m["side"] = c.Path, c.Line, "RIGHT"
		if c.CommitID != "" {
			m["commit_id"], m["original_commit_id"], m["original_line"] = c.CommitID, c.OriginalCommitID, c.OriginalLine
		}
		if c.InReplyTo != 0 {
			m["in_reply_to_id"] = c.InReplyTo
		}
	}
	return m
}

func (s *Server) listComments(kind string) func(http.ResponseWriter, *http.Request, User) {
	return func(w http.ResponseWriter, r *http.Request, _ User) {
		n, _ := strconv.Atoi(r.PathValue("n"))
		out := []any{}
		for _, c := range s.Comments {
			if c.Kind == kind && c.PR == n {
				out = append(out, s.commentJSON(c))
			}
		}
		writeJSON(w, 200, out)
	}
}

func (s *Server) createComment(w http.ResponseWriter, r *http.Request, u User) {
	n, ok := s.thread(w, r)
	if !ok {
		return
	}
	var in struct{ Body string }
	if err := json.NewDecoder(r.Body).Decode(&in); err != nil || in.Body == "" {
		writeJSON(w, http.StatusUnprocessableEntity, map[string]string{"message": "Validation Failed"})
		return
	}
	if len([]rune(in.Body)) > 65536 {
		writeJSON(w, http.StatusUnprocessableEntity, map[string]string{"message": "body is too long (maximum is 65536 characters)"})
		return
	}
	c := s.add(&Comment{Kind: "ic", PR: n, User: u, Body: in.Body})
	writeJSON(w, http.StatusCreated, s.commentJSON(c))
}

func (s *Server) find(kind string, r *http.Request) *Comment {
	id, _ := strconv.ParseInt(r.PathValue("id"), 10, 64)
	for _, c := range s.Comments {
		if c.Kind == kind && c.ID == id {
			return c
		}
	}
	return nil
}

func (s *Server) editComment(w http.ResponseWriter, r *http.Request, u User) {
	c := s.find("ic", r)
	if c == nil {
		writeJSON(w, http.StatusNotFound, map[string]string{"message": "Not Found"})
		return
	}
	if c.User != u {
		writeJSON(w, http.StatusForbidden, map[string]string{"message": "Must have admin rights to Repository."})
		return
	}
	var in struct{ Body string }
	if err := json.NewDecoder(r.Body).Decode(&in); err != nil || in.Body == "" {
		writeJSON(w, http.StatusUnprocessableEntity, map[string]string{"message": "Validation Failed"})
		return
	}
	c.Body = in.Body
	writeJSON(w, 200, s.commentJSON(c))
}

func (s *Server) replyComment(w http.ResponseWriter, r *http.Request, u User) {
	pr := s.pr(w, r)
	if pr == nil {
		return
	}
	var in struct {
		Body      string
		InReplyTo int64 `json:"in_reply_to"`
	}
	err := json.NewDecoder(r.Body).Decode(&in)
	var to *Comment
	for _, c := range s.Comments {
		if c.Kind == "rc" && c.ID == in.InReplyTo {
			to = c
		}
	}
	if err != nil || in.Body == "" || to == nil {
		writeJSON(w, http.StatusUnprocessableEntity, map[string]string{"message": "Validation Failed"})
		return
	}
	c := s.add(&Comment{Kind: "rc", PR: pr.Number, User: u, Body: in.Body, Path: to.Path, Line: to.Line, InReplyTo: to.ID,
		CommitID: to.CommitID, OriginalCommitID: to.OriginalCommitID, OriginalLine: to.OriginalLine})
	writeJSON(w, http.StatusCreated, s.commentJSON(c))
}

func (s *Server) permission(w http.ResponseWriter, r *http.Request, _ User) {
	login := r.PathValue("user")
	p, ok := s.Permissions[login]
	if !ok {
		p = "read"
	}
	writeJSON(w, 200, map[string]any{"permission": p, "user": map[string]any{"login": login}})
}

func (s *Server) react(kind string) func(http.ResponseWriter, *http.Request, User) {
	return func(w http.ResponseWriter, r *http.Request, u User) {
		c := s.find(kind, r)
		var in struct{ Content string }
		if err := json.NewDecoder(r.Body).Decode(&in); err != nil || c == nil {
			writeJSON(w, http.StatusNotFound, map[string]string{"message": "Not Found"})
			return
		}
		switch in.Content {
		case "+1", "-1", "laugh", "confused", "heart", "hooray", "rocket", "eyes":
		default:
			writeJSON(w, http.StatusUnprocessableEntity, map[string]string{"message": "Validation Failed"})
			return
		}
		for _, x := range s.Reactions {
			if x.Kind == kind && x.ID == c.ID && x.Content == in.Content && x.User == u.Login {
				writeJSON(w, 200, map[string]any{"id": 1, "content": in.Content})
				return
			}
		}
		s.Reactions = append(s.Reactions, Reaction{Kind: kind, ID: c.ID, Content: in.Content, User: u.Login})
		writeJSON(w, http.StatusCreated, map[string]any{"id": len(s.Reactions), "content": in.Content})
	}
}

// pair serves the two GET routes of the same shape, .../{n}/comments
// (the list) and .../comments/{id} (one comment), which the standard mux
// cannot tell apart by pattern.
func (s *Server) pair(kind string) func(http.ResponseWriter, *http.Request, User) {
	return func(w http.ResponseWriter, r *http.Request, u User) {
		switch a, b := r.PathValue("a"), r.PathValue("b"); {
		case a == "comments":
			r.SetPathValue("id", b)
			s.getComment(kind)(w, r, u)
		case b == "comments":
			r.SetPathValue("n", a)
			s.listComments(kind)(w, r, u)
		default:
			writeJSON(w, http.StatusNotFound, map[string]string{"message": "Not Found"})
		}
	}
}

func (s *Server) getComment(kind string) func(http.ResponseWriter, *http.Request, User) {
	return func(w http.ResponseWriter, r *http.Request, _ User) {
		c := s.find(kind, r)
		if c == nil || (kind == "rv" && strconv.Itoa(c.PR) != r.PathValue("n")) {
			writeJSON(w, http.StatusNotFound, map[string]string{"message": "Not Found"})
			return
		}
		writeJSON(w, 200, s.commentJSON(c))
	}
}

// getUser answers GET /user as GitHub does: the token's account, except
// for a workflow's token, which belongs to an integration and may not ask.
func (s *Server) getUser(w http.ResponseWriter, _ *http.Request, u User) {
	if u == Bot {
		writeJSON(w, http.StatusForbidden, map[string]string{"message": "Resource not accessible by integration"})
		return
	}
	writeJSON(w, 200, map[string]any{"login": u.Login, "type": u.Type})
}
