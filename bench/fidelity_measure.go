package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
)

// fidelityOutcome is one case measured.
type fidelityOutcome struct {
	id, repo       string
	complete       bool
	reached        string
	refusedReplay  []refusal
	notAsked       []string // stored answers the rtgit under test asked no question for
	redrafted      []string // steps whose confirmed draft rtgit no longer drafts
	refusedAnswer  int      // refusals the person met while answering
	truthN         int      // files the change really touched
	truth          []string // those files
	willChange     []string // the files the answerer said the change would touch
	listed         []string
	listedReadOnly []string
	// Affected files: the rows listed as changed that the diff holds
	// (precision's numerator), the diff's files listed (recall's).
	hits, found        int
	saidUnchanged      []string // files the person called unchanged, listed as changed
	notPaths           []string // rows that name no file at the parent and are not added by the diff
	wrongKind          []string // rows listed as new that the parent already holds
	gwt, gwtRecognised int      // criteria written Given/When/Then, and how many rtgit read as steps
	criteria           int
	changedIdents      []string // identifiers whose case or spacing differs in the documents
	brokenSplits       []string // documents' lines that end where an answer's sentence did not
	notDiscussed       int      // "Not discussed" in the documents
	mermaid            int      // Mermaid blocks in the documents
	mermaidBad         int      // of them, refused by Mermaid's parser; -1 when not checked
	plan               planFigures
}

// planFigures measure the derived or confirmed build plan.
type planFigures struct {
	tasks, wouldBuild                   int
	fileHits, fileAll                   int // task files in the diff, task files in all
	codeRecallHit, codeRecallAll        int // changed source files in a code task, changed source files
	onUnchanged, parallelClash, noTrace int
	duplicates                          int
	// test tasks holding a test file that the answerer's own plan does
	// not tie to any of their requirements, of the test tasks whose
	// requirements that plan tests at all
	untiedTests, testsJudged int
}

var (
	affectedRow    = regexp.MustCompile("^\\| `([^`]+)` \\|.*\\| ([a-z-]+) \\|\\s*$")
	criterionLine  = regexp.MustCompile(`\b(AC-\d{3}-\d{2})\b[*_:)\]\s-]*(.*)$`)
	gwtWords       = regexp.MustCompile(`(?i)\bgiven\b[\s\S]*\bthen\b`)
	codeSpan       = regexp.MustCompile("`([^`\n]{3,80})`")
	bareIdent      = regexp.MustCompile(`\b(?:[A-Z][A-Z0-9]*_[A-Z0-9_]+|[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)+\(?|[a-z]+[A-Z][A-Za-z0-9]+)\b`)
	innerDot       = regexp.MustCompile(`\b(?:e\.g|i\.e|etc|vs|cf)\.|[A-Za-z0-9]\.[A-Za-z0-9]`)
	mdEscape       = regexp.MustCompile(`\\([\\` + "`" + `*_{}\[\]()#+\-.!|<>])`)
	featureScene   = regexp.MustCompile(`^\s*Scenario(?: Outline)?:\s*(AC-\d{3}-\d{2})`)
	featureStep    = regexp.MustCompile(`^\s*(Given|When|Then|And|But)\s`)
	changelogNames = regexp.MustCompile(`(?i)^(changes|changelog|history|news)(\.[a-z]+)?$`)
)

func measureReplay(rtgit string, r replay, answers []storedAnswer) fidelityOutcome {
	o := fidelityOutcome{id: r.c.ID, repo: r.c.Repo, complete: r.complete, reached: r.reached,
		refusedReplay: r.refused, notAsked: r.notAsked, redrafted: r.redrafted, refusedAnswer: len(r.c.Answerer.Refusals), truthN: len(r.c.Truth)}
	if r.dir == "" {
		return o
	}
	repo := filepath.Dir(filepath.Dir(filepath.Dir(r.dir)))
	for !exists(filepath.Join(repo, ".git")) && repo != "/" {
		repo = filepath.Dir(repo)
	}
	truth := map[string]string{}
	for _, t := range r.c.Truth {
		truth[t.Path] = t.Status
		o.truth = append(o.truth, t.Path)
	}
	o.willChange = r.c.Answerer.WillChange
	atParent := map[string]bool{}
	dirs := map[string]bool{}
	for _, p := range strings.Split(must(repo, "git", "ls-tree", "-r", "--name-only", r.c.Parent), "\n") {
		if p != "" {
			atParent[p] = true
			for d := filepath.Dir(p); d != "."; d = filepath.Dir(d) {
				dirs[d] = true
			}
		}
	}

	// The Directly Affected Files.
	impact, _ := os.ReadFile(filepath.Join(r.dir, "impact-analysis.md"))
	inTable := false
	kind := map[string]string{}
	for _, line := range strings.Split(string(impact), "\n") {
		switch {
		case strings.Contains(line, "rtgit:begin affected-files"):
			inTable = true
		case strings.Contains(line, "rtgit:end affected-files"):
			inTable = false
		case inTable:
			m := affectedRow.FindStringSubmatch(line)
			if m == nil {
				continue
			}
			if m[2] == "read-only" || m[2] == "read" {
				o.listedReadOnly = append(o.listedReadOnly, m[1])
				continue
			}
			o.listed = append(o.listed, m[1])
			kind[m[1]] = m[2]
		}
	}
	unchanged := setOf(r.c.Answerer.Unchanged)
	for _, p := range o.listed {
		if _, ok := truth[p]; ok {
			o.hits++
		}
		if unchanged[p] {
			o.saidUnchanged = append(o.saidUnchanged, p)
		}
		// A path is a path when the tree at the parent holds it, or when
		// it is a new file in a folder that exists.
		isNew := kind[p] == "new" || kind[p] == "add"
		switch {
		case atParent[p]:
			if isNew {
				o.wrongKind = append(o.wrongKind, p)
			}
		case truth[p] == "A":
		case !isNew, !looksLikeFile(p), !(dirs[filepath.Dir(p)] || filepath.Dir(p) == "."):
			o.notPaths = append(o.notPaths, p)
		}
	}
	listed := setOf(o.listed)
	for p := range truth {
		if listed[p] {
			o.found++
		}
	}

	docs := readDocuments(r.dir)
	all := strings.Join(docs, "\n")
	plain := mdEscape.ReplaceAllString(all, "$1")

	// Criteria: those written Given … Then, and whether the Gherkin
	// export gave each its steps.
	spec, _ := os.ReadFile(filepath.Join(r.dir, "requirements-spec.md"))
	gwtIDs := map[string]bool{}
	seen := map[string]bool{}
	for _, line := range strings.Split(string(spec), "\n") {
		m := criterionLine.FindStringSubmatch(line)
		if m == nil || seen[m[1]] {
			continue
		}
		seen[m[1]] = true
		o.criteria++
		if gwtWords.MatchString(m[2]) {
			gwtIDs[m[1]] = true
		}
	}
	o.gwt = len(gwtIDs)
	if o.gwt > 0 {
		out := filepath.Join(filepath.Dir(repo), r.c.ID+"-gherkin")
		os.RemoveAll(out)
		rtgitIn(rtgit, repo, "", "export", r.c.Slug, "--format", "gherkin", "--out", out)
		feature, _ := filepath.Glob(filepath.Join(out, "features", "*.feature"))
		steps := map[string]int{}
		for _, f := range feature {
			data, _ := os.ReadFile(f)
			cur := ""
			for _, line := range strings.Split(string(data), "\n") {
				if m := featureScene.FindStringSubmatch(line); m != nil {
					cur = m[1]
				} else if cur != "" && featureStep.MatchString(line) {
					steps[cur]++
				}
			}
		}
		for id := range gwtIDs {
			if steps[id] > 0 {
				o.gwtRecognised++
			}
		}
	}

	// Words: identifiers the person wrote that the documents hold only
	// in another case or spacing; sentences cut at a dot inside a token.
	seenIdent := map[string]bool{}
	squeezed := strings.ToLower(strings.Join(strings.Fields(plain), ""))
	for _, a := range answers {
		for _, id := range identifiers(a.Text) {
			if seenIdent[id] || strings.Contains(plain, id) {
				continue
			}
			seenIdent[id] = true
			if strings.Contains(squeezed, strings.ToLower(strings.Join(strings.Fields(id), ""))) {
				o.changedIdents = append(o.changedIdents, id)
			}
		}
		o.brokenSplits = append(o.brokenSplits, cutAt(a.Text, plain)...)
	}
	o.brokenSplits = uniq(o.brokenSplits)
	o.notDiscussed = strings.Count(all, "Not discussed")
	o.mermaid = strings.Count(all, "```mermaid")
	o.mermaidBad = -1
	if mermaidModules != "" {
		o.mermaidBad = refusedDiagrams(r.dir)
	}

	o.plan = measurePlan(rtgit, repo, r.c, truth, unchanged, answers)
	return o
}

// readDocuments reads the analysis's artifacts: everything in its folder
// but the answer files and meta.json.
func readDocuments(dir string) []string {
	var docs []string
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if e.IsDir() || e.Name() == "meta.json" {
			continue
		}
		if data, err := os.ReadFile(filepath.Join(dir, e.Name())); err == nil {
			docs = append(docs, string(data))
		}
	}
	return docs
}

// identifiers are the names in an answer whose spelling matters: code
// spans, CONSTANT_NAMES, dotted.names and camelCase words.
func identifiers(text string) []string {
	var ids []string
	for _, m := range codeSpan.FindAllStringSubmatch(text, -1) {
		ids = append(ids, m[1])
	}
	stripped := codeSpan.ReplaceAllString(text, " ")
	for _, m := range bareIdent.FindAllString(stripped, -1) {
		if len(m) >= 4 && !strings.HasSuffix(m, ".") {
			ids = append(ids, m)
		}
	}
	return ids
}

// cutAt finds, for each dot of the answer that stands inside a token
// ("3.x", "flask.commands", "e.g."), a document line that ends right
// after that dot: a sentence split where the person's sentence goes on.
func cutAt(answer, docs string) []string {
	var cuts []string
	lines := map[string]bool{}
	for _, l := range strings.Split(docs, "\n") {
		l = strings.TrimRight(l, " \t*_\"'")
		if len(l) >= 12 {
			lines[l] = true
		}
	}
	prev := 0 // just past the dot before: a line may start there if it was cut too
	for _, loc := range innerDot.FindAllStringIndex(answer, -1) {
		end := loc[1]
		if answer[end-1] != '.' {
			end = loc[0] + 2 // "3.x": the dot is the token's second byte
		}
		from := prev
		prev = end
		// The token holding the dot, with a few words before it: a line
		// that ends there cut the person's sentence at that dot.
		start := loc[0]
		for start > 0 && tokenByte(answer[start-1]) {
			start--
		}
		left := strings.TrimSpace(answer[max(from, start-12):end])
		if len(left) < 6 || strings.ContainsAny(left, "\n") {
			continue
		}
		// The line must end with the whole token up to the dot: a line
		// ending "delegates to sendFile." is the end of another sentence,
		// not a cut of "test/res.sendFile.js".
		tok := answer[start:end]
		for l := range lines {
			i := len(l) - len(tok)
			if strings.HasSuffix(l, left) && i >= 0 && l[i:] == tok && (i == 0 || !tokenByte(l[i-1])) {
				cuts = append(cuts, l[max(0, len(l)-60):])
				break
			}
		}
	}
	return cuts
}

func tokenByte(c byte) bool {
	return c == '_' || c == '.' || c == '/' || c == '-' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// looksLikeFile: a new file's name has an extension or is a known
// extensionless name.
func looksLikeFile(p string) bool {
	base := filepath.Base(p)
	return strings.Contains(base, ".") && !strings.ContainsAny(base, "() ")
}

// isSourceFile: a changed file that is neither a test, nor documentation,
// nor a changelog.
func isSourceFile(p string) bool {
	base := filepath.Base(p)
	lower := strings.ToLower(p)
	switch {
	case changelogNames.MatchString(base):
		return false
	case strings.HasSuffix(lower, ".md"), strings.HasSuffix(lower, ".rst"), strings.HasPrefix(lower, "docs/"), strings.HasPrefix(lower, "site/"):
		return false
	case strings.HasPrefix(lower, "test/"), strings.HasPrefix(lower, "tests/"), strings.Contains(lower, "/test/"),
		strings.HasSuffix(lower, "_test.go"), strings.HasPrefix(base, "test_"), strings.HasSuffix(lower, "_test.rb"),
		strings.HasPrefix(lower, "examples/"):
		return false
	}
	return true
}

func shareAny(a, b []string) bool {
	s := setOf(a)
	for _, x := range b {
		if s[x] {
			return true
		}
	}
	return false
}

func setOf(xs []string) map[string]bool {
	m := make(map[string]bool, len(xs))
	for _, x := range xs {
		m[x] = true
	}
	return m
}

func uniq(xs []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, x := range xs {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}

// mermaidModules is a node_modules folder with mermaid and jsdom, or "".
var mermaidModules string

// refusedDiagrams runs Mermaid's own parser over the analysis's markdown
// documents and counts the blocks it refuses.
func refusedDiagrams(dir string) int {
	files, _ := filepath.Glob(filepath.Join(dir, "*.md"))
	if len(files) == 0 {
		return 0
	}
	checker := filepath.Join(moduleRoot(), ".ci", "check-mermaid.mjs")
	cmd := exec.Command("node", append([]string{checker, mermaidModules}, files...)...)
	out, _ := cmd.CombinedOutput()
	return strings.Count(string(out), "Mermaid refuses")
}
