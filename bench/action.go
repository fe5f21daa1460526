package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/rtgit/rtgit/review/githubtest"
)

// measureAction times `rtgit action` handling one pull-request comment,
// with the in-memory GitHub on loopback and a bare repository as origin,
// against git add, commit and push of the same paths to the same remote.
// Each run fetches the branch, checks it out at the remote tip, applies
// the comment, commits, pushes and replies.
func (s *suite) measureAction(dir, checkpoint string) (rt, g []sample) {
	origin := dir + "-origin.git"
	os.RemoveAll(origin)
	must("", "git", "clone", "-q", "--bare", dir, origin)
	must(dir, "git", "remote", "add", "origin", origin)
	must(dir, "git", "push", "-q", "-f", "origin", checkpoint+":refs/heads/rtgit/"+benchSlug)
	// A workflow starts on the default branch and lets rtgit fetch the
	// analysis branch itself.
	must(dir, "git", "checkout", "-q", "main")

	const repo = "bench/repo"
	api := githubtest.New(repo)
	defer api.Close()
	api.Permissions["alice"] = "write"
	api.OpenPR(1, "rtgit/"+benchSlug, checkpoint)
	events := filepath.Join(filepath.Dir(dir), "events")
	if err := os.MkdirAll(events, 0o755); err != nil {
		fatalf("%v", err)
	}
	for i := range s.reps {
		c := api.AddComment("ic", 1, githubtest.User{Login: "alice", Type: "User"},
			fmt.Sprintf("Keep the column order stable across exports (note %d).", i))
		ev := filepath.Join(events, fmt.Sprintf("event-%d.json", i))
		if err := os.WriteFile(ev, api.IssueCommentEvent(c), 0o644); err != nil {
			fatalf("%v", err)
		}
		extra := append(s.profileEnv("action"),
			"GITHUB_EVENT_NAME=issue_comment", "GITHUB_EVENT_PATH="+ev,
			"GITHUB_REPOSITORY="+repo, "GITHUB_API_URL="+api.APIURL(),
			"GITHUB_SERVER_URL="+api.URL, "GITHUB_TOKEN="+githubtest.BotToken,
			"GITHUB_WORKSPACE="+dir)
		smp, out, err := run(dir, extra, s.rtgit, "action")
		if err != nil {
			fatalf("%v", err)
		}
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
