package main

import (
	"fmt"
	"sort"
	"strconv"
	"sync"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/rtgit/rtgit/review/githubtest"
)

// servers holds each script's fake GitHub, for the scripts that publish.
var servers sync.Map // *testscript.TestScript -> *githubtest.Server

// githubAPICmd serves the fake GitHub of review/githubtest to a script:
//
//	githubapi start OWNER/NAME  serve it; rtgit finds it by GITHUB_API_URL,
//	                            GITHUB_TOKEN and GITHUB_REPOSITORY
//	githubapi close N           close issue N, as a person would on GitHub
//	githubapi issues            print its issues: "#N state title", by number
func githubAPICmd(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) == 0 {
		ts.Fatalf("usage: githubapi start OWNER/NAME | close N | issues")
	}
	if args[0] == "start" {
		if len(args) != 2 {
			ts.Fatalf("usage: githubapi start OWNER/NAME")
		}
		s := githubtest.New(args[1])
		ts.Defer(func() { servers.Delete(ts); s.Close() })
		servers.Store(ts, s)
		ts.Setenv("GITHUB_API_URL", s.APIURL())
		ts.Setenv("GITHUB_TOKEN", githubtest.BotToken)
		ts.Setenv("GITHUB_REPOSITORY", args[1])
		return
	}
	v, ok := servers.Load(ts)
	if !ok {
		ts.Fatalf("githubapi: not started")
	}
	s := v.(*githubtest.Server)
	switch {
	case args[0] == "close" && len(args) == 2:
		n, err := strconv.Atoi(args[1])
		ts.Check(err)
		s.Do(func() {
			is, ok := s.Issues[n]
			if !ok {
				ts.Fatalf("githubapi: no issue #%d", n)
			}
			is.State = "closed"
		})
	case args[0] == "issues" && len(args) == 1:
		s.Do(func() {
			var ns []int
			for n := range s.Issues {
				ns = append(ns, n)
			}
			sort.Ints(ns)
			for _, n := range ns {
				fmt.Fprintf(ts.Stdout(), "#%d %s %s\n", n, s.Issues[n].State, s.Issues[n].Title)
			}
		})
	default:
		ts.Fatalf("usage: githubapi start OWNER/NAME | close N | issues")
	}
}
