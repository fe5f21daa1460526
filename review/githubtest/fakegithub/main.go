// Command fakegithub serves the in-memory GitHub of package githubtest for
// a local walkthrough of the rtgit GitHub Action (docs/github-action.md).
// It opens pull request #1 from -branch, grants -writers write access, and
// adds two controls next to the API:
//
//	POST /sim/comment?user=LOGIN   the body is the comment; the response is
//	                               the path of an issue_comment event file
//	GET  /sim/conversation         the pull request's comments as text
//
// Nothing is stored: stop it and the conversation is gone.
package main

import (
	"flag"
	"fmt"
	"io"
	"log"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"strings"

	"github.com/rtgit/rtgit/internal/lazyre"
	"github.com/rtgit/rtgit/review/githubtest"
)

var loginRe = lazyre.New(`^[A-Za-z0-9][A-Za-z0-9-]{0,38}$`)

func main() {
	repo := flag.String("repo", "you/demo", "the repository, owner/name")
	branch := flag.String("branch", "", "the analysis branch the pull request comes from (rtgit/<slug>)")
	writers := flag.String("writers", "alice", "comma-separated logins with write access")
	dir := flag.String("events", "", "directory for event files (default: a temporary one)")
	flag.Parse()
	if !strings.HasPrefix(*branch, "rtgit/") {
		log.Fatal("fakegithub: -branch rtgit/<slug> is required")
	}
	if *dir == "" {
		d, err := os.MkdirTemp("", "fakegithub-")
		if err != nil {
			log.Fatal(err)
		}
		*dir = d
	}
	s := githubtest.New(*repo)
	defer s.Close()
	for _, w := range strings.Split(*writers, ",") {
		s.Permissions[strings.TrimSpace(w)] = "write"
	}
	s.OpenPR(1, *branch, "")
	s.Unexpected = func(method, path string) { log.Printf("unexpected API call: %s %s", method, path) }
	n := 0
	s.Handle("POST /sim/comment", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		login := r.URL.Query().Get("user")
		body, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
		if err != nil || !loginRe.MatchString(login) || strings.TrimSpace(string(body)) == "" {
			http.Error(w, "want ?user=LOGIN and the comment as the body", http.StatusBadRequest)
			return
		}
		c := s.AddComment("ic", 1, githubtest.User{Login: login, Type: "User"}, strings.TrimRight(string(body), "\n"))
		n++
		path := filepath.Join(*dir, fmt.Sprintf("event-%d.json", n))
		if err := os.WriteFile(path, s.IssueCommentEvent(c), 0o644); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		fmt.Fprintln(w, path)
	}))
	s.Handle("GET /sim/conversation", http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		s.Do(func() {
			for _, c := range s.Comments {
				fmt.Fprintf(w, "----- %s-%d by @%s\n%s\n", c.Kind, c.ID, c.User.Login, c.Body)
				for _, r := range s.Reactions {
					if r.Kind == c.Kind && r.ID == c.ID {
						fmt.Fprintf(w, "  [reaction %s]\n", r.Content)
					}
				}
			}
		})
	}))
	fmt.Printf("Fake GitHub for %s, pull request #1 from %s. Writers: %s.\n\n", *repo, *branch, *writers)
	fmt.Printf("export GITHUB_API_URL=%s GITHUB_REPOSITORY=%s GITHUB_TOKEN=%s GITHUB_EVENT_NAME=issue_comment\n", s.APIURL(), *repo, githubtest.BotToken)
	fmt.Printf("export SIM=%s\n\nCtrl-C stops it.\n", s.URL)
	stop := make(chan os.Signal, 1)
	signal.Notify(stop, os.Interrupt)
	<-stop
}
