package quickscan

import (
	"errors"
	"regexp"
	"slices"
	"testing"
)

var wordRe = regexp.MustCompile(`[A-Za-z0-9_]+`)

// scanFixture ranks a small repository for a text the way rtgit scan
// does: keywords from the text, hits counted from the sources, and the
// definition pass over the best files.
func scanFixture(t *testing.T, text string, src map[string]string) Result {
	t.Helper()
	kw := Keywords(text)
	var hits []Hit
	for p, s := range src {
		h := Hit{Path: p, Counts: make([]int, len(kw)), Size: len(s)}
		any := false
		for i, k := range kw {
			h.Counts[i] = countWord(s, k)
			any = any || h.Counts[i] > 0
		}
		if any {
			hits = append(hits, h)
		}
	}
	slices.SortFunc(hits, func(a, b Hit) int {
		if a.Path < b.Path {
			return -1
		}
		return 1
	})
	read := func(p string) ([]byte, error) {
		if s, ok := src[p]; ok {
			return []byte(s), nil
		}
		return nil, errors.New("no such file")
	}
	return AnalyzeWith(kw, hits, 40, read)
}

// countWord counts a keyword where it starts an identifier part, enough
// for these fixtures (gitops.Grep is the real matcher).
func countWord(s, k string) int {
	n := 0
	for _, tok := range wordRe.FindAllString(s, -1) {
		for _, w := range append(SplitIdentifier(tok), tok) {
			if squash(w) == squash(k) || Singular(squash(w)) == squash(k) {
				n++
				break
			}
		}
	}
	return n
}

// A file whose name the text spells ranks first, even when another file
// mentions the words more often: "real ip" is realip.go, "body limit"
// bodylimit.go, a subject's scope names mux.go.
func TestPathMatchesRankFirst(t *testing.T) {
	src := map[string]string{
		"middleware/realip.go":    "package middleware\n\nfunc RealIP(h Handler) Handler { return h }\n",
		"middleware/bodylimit.go": "package middleware\n\nfunc BodyLimit(n int) Handler { return nil }\n",
		"middleware/logger.go": "package middleware\n\n// the real header and the real body, the real limit: " +
			"real real body body limit limit header header ip\n",
		"mux.go":     "package chi\n\nfunc (mx *Mux) Handle(method string) {}\n",
		"context.go": "package chi\n\n// real body limit method method method method query query\n",
	}
	for _, tt := range []struct{ text, want, named string }{
		{"custom real ip header", "middleware/realip.go", "realip"},
		{"a body limit for uploads", "middleware/bodylimit.go", "body+limit"},
		{"feat(mux): support the QUERY method", "mux.go", "mux"},
	} {
		r := scanFixture(t, tt.text, src)
		if len(r.Files) == 0 || r.Files[0].Path != tt.want {
			t.Errorf("%q: ranked %+v; want %s first", tt.text, r.Files, tt.want)
			continue
		}
		if !slices.Contains(r.Files[0].Named, tt.named) {
			t.Errorf("%q: %s path matches %q; want %q among them", tt.text, tt.want, r.Files[0].Named, tt.named)
		}
	}
}

// Two keywords that run together name a definition: "app context" finds
// the file defining AppContext before the one that says app most.
func TestDefinedPairRanksFirst(t *testing.T) {
	src := map[string]string{
		"flask/app.py": "class Flask:\n    def run(self):\n        app = self\n        # app app app app context\n        return app\n",
		"flask/ctx.py": "class AppContext:\n    def push(self):\n        self.app = None  # the app context\n",
	}
	r := scanFixture(t, "Updated docs for the app context.", src)
	if r.Files[0].Path != "flask/ctx.py" || !slices.Contains(r.Files[0].Defines, "app+context") {
		t.Errorf("ranked %+v; want flask/ctx.py first, defining app+context", r.Files)
	}
	if slices.Contains(r.Files[1].Defines, "app+context") {
		t.Errorf("%s defines no AppContext: %+v", r.Files[1].Path, r.Files[1])
	}
}

// A text naming a file by its name and extension names that file above
// every other, even when its other words are rarer elsewhere.
func TestFileNameRanksFirst(t *testing.T) {
	src := map[string]string{
		"lib/rack/conditional_get.rb": "module Rack\n  class ConditionalGet\n    # conditional conditional conditional\n    def call(env); end\n  end\nend\n",
		"lib/rack/files.rb":           "module Rack\n  class Files\n    def call(env)\n      return fail(404) unless File.file?(path)\n    end\n  end\nend\n",
		"lib/rack/file.rb":            "module Rack\n  File = Files\nend\n",
	}
	// "rack", "file" and "files" are everywhere; "conditional" is rare.
	for _, n := range []string{"static", "lint", "utils", "directory", "sendfile", "request", "response", "builder"} {
		src["lib/rack/"+n+".rb"] = "module Rack\n  # serves a file from files\n  class X; end\nend\n"
	}
	r := scanFixture(t, "Remove unnecessary conditional in rack/files.rb", src)
	if r.Files[0].Path != "lib/rack/files.rb" {
		t.Errorf("ranked %+v; want lib/rack/files.rb first", r.Files)
	}
}

// A file the text names by its whole name outranks one that only
// defines the same word: "args" is args.go, not the command type whose
// field is called Args.
func TestWholeNameOutranksADefinition(t *testing.T) {
	src := map[string]string{
		"command.go": "package cobra\n\n// Command is a cobra command.\ntype Command struct {\n\tUse string\n\tArgs PositionalArgs\n}\n\n" +
			"func (c *Command) ValidateArgs(args []string) error { return c.Args(c, args) }\n\n// cobra cobra cobra cobra\n",
		"args.go": "package cobra\n\ntype PositionalArgs func(cmd *Command, args []string) error\n\n" +
			"func NoArgs(cmd *Command, args []string) error { return nil }\n\nfunc ExactArgs(n int) PositionalArgs { return nil }\n",
		"flag_groups.go": "package cobra\n\n// group names are unique\nfunc (c *Command) MarkFlagsInGroup() {}\n",
	}
	for _, n := range []string{"flags", "completions", "help", "doc", "zsh", "fish", "bash", "usage"} {
		src[n+".go"] = "package cobra\n\nfunc " + n + "() {}\n"
	}
	r := scanFixture(t, "Add cobra unique args validator", src)
	if r.Files[0].Path != "args.go" {
		t.Errorf("ranked %+v; want args.go first", r.Files)
	}
}

// A keyword the file defines is not counted again as a pair of the
// words it joins.
func TestDefinedPairNotTwice(t *testing.T) {
	kw := []string{"real", "ip", "realip"}
	h := &Hit{Counts: []int{1, 1, 1}, Defines: []bool{false, false, true}}
	if got := definedPairs(map[string]bool{"realip": true}, kw, h); len(got) != 0 {
		t.Errorf("definedPairs = %v; want none, realip is defined whole", got)
	}
}

func TestNameMatches(t *testing.T) {
	kw := []string{"route", "real", "ip", "limit", "middleware"}
	got := map[string]float64{}
	for _, m := range nameMatches("middleware/route_headers.go", kw) {
		got[m.term(kw)] = m.bonus
	}
	if got["route"] != pathBonus || got["middleware"] != pathBonus || len(got) != 2 {
		t.Errorf("route_headers.go matches %v; want route, a part of its name, and its directory", got)
	}
	if m := nameMatches("middleware/route_headers.go", []string{"route", "header"}); len(m) != 1 || m[0].term([]string{"route", "header"}) != "route+header" {
		t.Errorf("route_headers.go matches %+v; want route+header as its whole name", m)
	}
	if m := nameMatches("middleware/realip.go", kw); len(m) != 2 || m[0].term(kw) != "real+ip" || m[0].bonus != stemBonus {
		t.Errorf("realip.go matches %+v; want real+ip as its whole name, and its directory", m)
	}
	// The joined keyword and its two words name the file once.
	joined := []string{"real", "ip", "realip"}
	if m := nameMatches("middleware/realip.go", joined); len(m) != 1 || m[0].term(joined) != "realip" {
		t.Errorf("realip.go matches %+v; want realip alone", m)
	}
	// Code abbreviates: ctx.py holds the context, request.js what a
	// text calls req. Directories are not read as abbreviations.
	abbr := []string{"context", "req", "library"}
	if m := nameMatches("flask/ctx.py", abbr); len(m) != 1 || m[0].term(abbr) != "context" || m[0].bonus != stemBonus {
		t.Errorf("ctx.py matches %+v; want context as its whole name", m)
	}
	if m := nameMatches("lib/request.js", abbr); len(m) != 1 || m[0].term(abbr) != "req" {
		t.Errorf("lib/request.js matches %+v; want req alone", m)
	}
	if m := nameMatches("lib/request_ctx.js", abbr); len(m) != 2 || m[0].bonus != pathBonus {
		t.Errorf("lib/request_ctx.js matches %+v; want req and context as parts of its name", m)
	}
	if m := nameMatches("limits/quota.go", kw); len(m) != 1 || m[0].term(kw) != "limit" {
		t.Errorf("limits/quota.go matches %+v; want limit, from its directory", m)
	}
	if m := nameMatches("tree.go", kw); len(m) != 0 {
		t.Errorf("tree.go matches %+v; want nothing", m)
	}
}

// A file the text names ranks first without raising the bar the other
// files must clear to count in the estimate: its name is evidence about
// it, not about how many files the change spreads over.
func TestNameDoesNotRaiseTheBar(t *testing.T) {
	ranked := []File{
		{Path: "args.go", Kind: KindSource, Score: 10, named: 7},
		{Path: "command.go", Kind: KindSource, Score: 2.5},
		{Path: "args_test.go", Kind: KindTest, Score: 9},
		{Path: "doc.go", Kind: KindSource, Score: 0.5},
	}
	var got []string
	for _, f := range Relevant(ranked) {
		got = append(got, f.Path)
	}
	if want := []string{"args.go", "command.go"}; !slices.Equal(got, want) {
		t.Errorf("Relevant = %q; want %q", got, want)
	}
}

// A namer keeps the last directory's words; what it finds for each path
// must not depend on the paths it saw before.
func TestNamerReusesOnlyItsOwnDirectory(t *testing.T) {
	kw := []string{"route", "header", "real", "ip", "middleware", "limit", "context"}
	paths := []string{
		"middleware/route_headers.go", "middleware/realip.go", "middleware/throttle.go",
		"limits/quota.go", "limits/limit.go", "tree.go", "flask/ctx.py",
		"context/middleware/x.go", "middleware/route_headers.go",
	}
	n := newNamer(kw)
	for _, p := range paths {
		got, want := n.matches(p), newNamer(kw).matches(p)
		if !slices.Equal(got, want) {
			t.Errorf("%s: after other paths %v, alone %v", p, got, want)
		}
	}
}

// nameMatches is what a fresh namer finds for one path.
func nameMatches(p string, keywords []string) []nameMatch {
	return newNamer(keywords).matches(p)
}
