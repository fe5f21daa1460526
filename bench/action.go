package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/rtgit/rtgit/review/githubtest"
)

// actionRig runs `rtgit action` on one repository as a workflow would:
// the in-memory GitHub on loopback, a bare repository as origin holding
// the analysis branch, and the checkout left on the default branch.
type actionRig struct {
	s      *suite
	dir    string
	events string
	api    *githubtest.Server
	n      int
}

const benchRepo = "bench/repo"

func (s *suite) newActionRig(dir, checkpoint string) *actionRig {
	origin := dir + "-origin.git"
	os.RemoveAll(origin)
	must("", "git", "clone", "-q", "--bare", dir, origin)
	must(dir, "git", "remote", "add", "origin", origin)
	must(dir, "git", "push", "-q", "-f", "origin", checkpoint+":refs/heads/rtgit/"+benchSlug)
	// A workflow starts on the default branch and lets rtgit fetch the
	// analysis branch itself.
	must(dir, "git", "checkout", "-q", "main")

	api := githubtest.New(benchRepo)
	api.Permissions["alice"] = "write"
	api.OpenPR(1, "rtgit/"+benchSlug, checkpoint)
	events := filepath.Join(filepath.Dir(dir), filepath.Base(dir)+"-events")
	if err := os.MkdirAll(events, 0o755); err != nil {
		fatalf("%v", err)
	}
	return &actionRig{s: s, dir: dir, events: events, api: api}
}

func (r *actionRig) close() { r.api.Close() }

// comment posts body as alice and times `rtgit action` handling it; the
// action's output comes back for the caller to check.
func (r *actionRig) comment(profile, body string) (sample, string) {
	c := r.api.AddComment("ic", 1, githubtest.User{Login: "alice", Type: "User"}, body)
	r.n++
	ev := filepath.Join(r.events, fmt.Sprintf("event-%d.json", r.n))
	if err := os.WriteFile(ev, r.api.IssueCommentEvent(c), 0o644); err != nil {
		fatalf("%v", err)
	}
	extra := append(r.s.profileEnv(profile),
		"GITHUB_EVENT_NAME=issue_comment", "GITHUB_EVENT_PATH="+ev,
		"GITHUB_REPOSITORY="+benchRepo, "GITHUB_API_URL="+r.api.APIURL(),
		"GITHUB_SERVER_URL="+r.api.URL, "GITHUB_TOKEN="+githubtest.BotToken,
		"GITHUB_WORKSPACE="+r.dir)
	smp, out, err := run(r.dir, extra, r.s.rtgit, "action")
	if err != nil {
		fatalf("%v", err)
	}
	return smp, out
}

// measureAction times `rtgit action` handling one pull-request comment
// against git add, commit and push of the same paths to the same remote.
// Each run fetches the branch, checks it out at the remote tip, applies
// the comment, commits, pushes and replies.
func (s *suite) measureAction(dir, checkpoint string) (rt, g []sample) {
	r := s.newActionRig(dir, checkpoint)
	defer r.close()
	for i := range s.reps {
		smp, out := r.comment("action", fmt.Sprintf("Keep the column order stable across exports (note %d).", i))
		if !strings.Contains(out, "done (1 commit)") {
			fatalf("rtgit action did not commit one comment:\n%s", tail(out))
		}
		rt = append(rt, smp)

		// The same paths again, one byte longer each, through git.
		paths := strings.Fields(must(dir, "git", "diff", "--name-only", "HEAD~1", "HEAD"))
		for _, p := range paths {
			f, err := os.OpenFile(filepath.Join(dir, p), os.O_APPEND|os.O_WRONLY, 0)
			if err != nil {
				fatalf("%v", err)
			}
			f.WriteString("\n")
			f.Close()
		}
		var side sample
		for _, args := range [][]string{
			append([]string{"add", "--"}, paths...),
			{"commit", "-q", "-m", "answer a comment"},
			{"push", "-q", "origin", "HEAD:refs/heads/rtgit/" + benchSlug},
		} {
			smp, _, err := run(dir, nil, "git", args...)
			if err != nil {
				fatalf("%v", err)
			}
			side.add(smp)
		}
		g = append(g, side)
	}
	return rt, g
}
