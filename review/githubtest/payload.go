package githubtest

import (
	"embed"
	"encoding/json"
	"fmt"
	"strings"
	"time"
)

// events holds real webhook payloads (see events/LICENSE-octokit-webhooks),
// which the builders below patch, so every event rtgit is tested with has
// GitHub's full shape rather than only the fields rtgit reads.
//
//go:embed events
var events embed.FS

func load(name string) map[string]any {
	data, err := events.ReadFile("events/" + name)
	if err != nil {
		panic(err)
	}
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		panic(err)
	}
	return m
}

func obj(m map[string]any, key string) map[string]any {
	v, _ := m[key].(map[string]any)
	if v == nil {
		v = map[string]any{}
		m[key] = v
	}
	return v
}

func (s *Server) setRepo(m map[string]any) {
	owner, name, _ := strings.Cut(s.Repo, "/")
	r := obj(m, "repository")
	r["full_name"], r["name"], r["default_branch"] = s.Repo, name, s.DefaultBranch
	obj(r, "owner")["login"] = owner
}

func setUser(m map[string]any, u User) {
	m["login"], m["type"] = u.Login, u.Type
}

func encode(m map[string]any) []byte {
	data, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		panic(err)
	}
	return data
}

// IssueCommentEvent is an issue_comment "created" payload for c on the
// pull request: an issue payload with issue.pull_request, as GitHub sends
// for a comment in a pull request's conversation.
func (s *Server) IssueCommentEvent(c *Comment) []byte {
	s.mu.Lock()
	defer s.mu.Unlock()
	m := load("issue_comment_created.payload.json")
	s.setRepo(m)
	is := obj(m, "issue")
	is["number"] = c.PR
	is["pull_request"] = map[string]any{"url": fmt.Sprintf("%s/repos/%s/pulls/%d", s.APIURL(), s.Repo, c.PR)}
	cm := obj(m, "comment")
	cm["id"], cm["body"], cm["created_at"], cm["author_association"] = c.ID, c.Body, c.CreatedAt.Format(time.RFC3339), s.Association(c.User)
	setUser(obj(cm, "user"), c.User)
	setUser(obj(m, "sender"), c.User)
	return encode(m)
}

// ReviewCommentEvent is a pull_request_review_comment "created" payload.
func (s *Server) ReviewCommentEvent(c *Comment) []byte {
	s.mu.Lock()
	defer s.mu.Unlock()
	m := load("pull_request_review_comment_created.payload.json")
	s.setRepo(m)
	s.setPR(obj(m, "pull_request"), c.PR)
	cm := obj(m, "comment")
	cm["id"], cm["body"], cm["path"], cm["line"], cm["created_at"] = c.ID, c.Body, c.Path, c.Line, c.CreatedAt.Format(time.RFC3339)
	cm["author_association"] = s.Association(c.User)
	setUser(obj(cm, "user"), c.User)
	setUser(obj(m, "sender"), c.User)
	return encode(m)
}

// ReviewEvent is a pull_request_review "submitted" payload: GitHub's own
// example, patched to carry review c (its verdict, body and author).
func (s *Server) ReviewEvent(c *Comment) []byte {
	s.mu.Lock()
	defer s.mu.Unlock()
	m := load("pull_request_review_submitted.payload.json")
	s.setRepo(m)
	s.setPR(obj(m, "pull_request"), c.PR)
	rv := obj(m, "review")
	state := c.State
	if state == "" {
		state = "commented"
	}
	rv["id"], rv["body"], rv["state"], rv["submitted_at"] = c.ID, c.Body, state, c.CreatedAt.Format(time.RFC3339)
	if c.CommitID != "" {
		rv["commit_id"] = c.CommitID
	}
	rv["author_association"] = s.Association(c.User)
	setUser(obj(rv, "user"), c.User)
	setUser(obj(m, "sender"), c.User)
	return encode(m)
}

// PushEvent is a push payload for branch, now at after.
func (s *Server) PushEvent(branch, before, after string, pusher User) []byte {
	s.mu.Lock()
	defer s.mu.Unlock()
	base := load("issue_comment_created.payload.json")
	m := map[string]any{"ref": "refs/heads/" + branch, "before": before, "after": after, "created": false, "deleted": false,
		"forced": false, "repository": base["repository"], "sender": map[string]any{}, "pusher": map[string]any{"name": pusher.Login}}
	s.setRepo(m)
	setUser(m["sender"].(map[string]any), pusher)
	return encode(m)
}

func (s *Server) setPR(p map[string]any, number int) {
	pr := s.PRs[number]
	if pr == nil {
		panic(fmt.Sprintf("no pull request #%d", number))
	}
	p["number"], p["state"], p["body"] = pr.Number, pr.State, pr.Body
	h, b := obj(p, "head"), obj(p, "base")
	h["ref"], h["sha"], b["ref"] = pr.HeadRef, pr.HeadSHA, pr.BaseRef
	obj(h, "repo")["full_name"] = pr.HeadRepo
	obj(b, "repo")["full_name"] = s.Repo
}

// IssueCommentOnIssueEvent is an issue_comment "created" payload for c on
// an issue proper: no issue.pull_request.
func (s *Server) IssueCommentOnIssueEvent(c *Comment) []byte {
	s.mu.Lock()
	defer s.mu.Unlock()
	m := load("issue_comment_created.payload.json")
	s.setRepo(m)
	is := obj(m, "issue")
	delete(is, "pull_request")
	s.setIssue(is, c.PR)
	cm := obj(m, "comment")
	cm["id"], cm["body"], cm["created_at"] = c.ID, c.Body, c.CreatedAt.Format(time.RFC3339)
	setUser(obj(cm, "user"), c.User)
	setUser(obj(m, "sender"), c.User)
	return encode(m)
}

// IssueLabeledEvent is an issues "labeled" payload: sender added label to
// issue number.
func (s *Server) IssueLabeledEvent(number int, label string, sender User) []byte {
	s.mu.Lock()
	defer s.mu.Unlock()
	m := load("issues_labeled.payload.json")
	s.setRepo(m)
	s.setIssue(obj(m, "issue"), number)
	obj(m, "label")["name"] = label
	setUser(obj(m, "sender"), sender)
	return encode(m)
}

func (s *Server) setIssue(p map[string]any, number int) {
	is := s.Issues[number]
	if is == nil {
		panic(fmt.Sprintf("no issue #%d", number))
	}
	p["number"], p["title"], p["body"], p["state"] = is.Number, is.Title, is.Body, is.State
	labels := []any{}
	for _, l := range is.Labels {
		labels = append(labels, map[string]any{"name": l})
	}
	p["labels"] = labels
	setUser(obj(p, "user"), is.User)
}

// PullRequestEvent is a pull_request payload with action (opened,
// synchronize, ...) for pull request number, sent by sender. Its pull
// request object is the full one of GitHub's review-comment example,
// patched to the pull request's state, as GitHub sends the same shape in
// both events.
func (s *Server) PullRequestEvent(action string, number int, sender User) []byte {
	s.mu.Lock()
	defer s.mu.Unlock()
	src := load("pull_request_review_comment_created.payload.json")
	m := map[string]any{"action": action, "number": number, "pull_request": src["pull_request"], "repository": src["repository"], "sender": map[string]any{}}
	s.setRepo(m)
	s.setPR(obj(m, "pull_request"), number)
	obj(m, "pull_request")["merged"] = s.PRs[number].Merged
	setUser(m["sender"].(map[string]any), sender)
	return encode(m)
}
