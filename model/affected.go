package model

import (
	"path"
	"slices"
	"strings"

	"github.com/rtgit/rtgit/internal/lazyre"
)

// AffectedSection is the impact analysis section that lists, one table row
// per file, what the build is expected to touch. Build tools read the first
// column (a path in backticks) to decide whether the analysis went stale,
// so the heading and the row shape are part of rtgit's interface.
const AffectedSection = "Directly Affected Files"

// Change types of an affected file.
const (
	ChangeModify = "modify"
	ChangeNew    = "new"
	ChangeDelete = "delete"
	// ChangeReadOnly is a file the answers say the change reads and
	// leaves as it is: listed so that reviews and verify know it is not
	// to be edited, and never a file the build plan changes.
	ChangeReadOnly = "read-only"
)

// Tree says what the repository holds at the analysis's base commit, so
// that a row names a file only when the tree has it (or, for a new file,
// has its folder). A nil Tree is unknown: every plausible path is kept.
type Tree interface {
	File(path string) bool
	Dir(dir string) bool
}

// Named is one answer that may name files: where it came from (a step id
// and question id) and what it says.
type Named struct {
	StepID, Question, Text string
}

// AffectedFile is one row of the Directly Affected Files table.
type AffectedFile struct {
	Path   string
	Module string   // the directory, "." for the repository root
	From   []string // where it was named: "02-01 radius", "quick scan"
	Change string   // modify, new, delete or read-only
	// Why is what the person said of the file in the files answer; ""
	// for a row derived from the answers.
	Why string
}

var (
	// pathToken is a run of characters a repository path is made of;
	// braces are included so that a route such as /a/{id}/b.csv stays
	// one token and is refused as a whole.
	pathToken = lazyre.New("`[^`\n]+`|[A-Za-z0-9_./@+{}-]+")
	extRe     = lazyre.New(`\.([A-Za-z][A-Za-z0-9]{0,7})$`)
	// qualifiedName is an "extension" that is a capitalised word: the
	// member of a qualified name (`invoice.Total`, `os.Exit`), which code
	// paths name as often as files. File extensions are lower case, or
	// upper case throughout (.R, .PL).
	qualifiedName = lazyre.New(`^[A-Z][a-z]`)
	newBefore     = lazyre.New(`(?i)\b(?:new|create[sd]?|creating|add(?:s|ed|ing)?(?:\s+an?)?(?:\s+new)?)(?:\s+(?:file|module|test))?\s*$`)
	delBefore     = lazyre.New(`(?i)\b(?:delete[sd]?|deleting|remove[sd]?|removing|drop(?:s|ped)?)(?:\s+the)?(?:\s+(?:file|module))?\s*$`)
	// notAffected marks a clause that names a file to say it stays as it
	// is, in the words people use for it: "not changed", "no change to",
	// "only read", "read-only", "left alone", "not part of this", "stays
	// as it is", "doesn't need edits" and their kin.
	notAffected = lazyre.New(`(?i)(?:\b(?:unaffected|not affected|untouched|not touched|unchanged|unmodified|irrelevant|unrelated|out of scope|not in scope|read[- ]only|only read|read,? (?:but )?not (?:changed|modified|edited|touched)|left (?:alone|as (?:it is|they are|is))|not part of (?:this|the change|it)|stays? (?:exactly )?(?:the same|as (?:it is|they are|is)|untouched|unchanged)|stay (?:as they are|the same)|remains? (?:the same|as (?:it is|they are)|unchanged|untouched)|no (?:code )?changes? (?:to|in|for|needed|required)|nothing changes in|nothing (?:in|of) [^;\n]*?\b(?:is|are|gets?|needs?) (?:touched|changed|edited|modified|editing|changing)|none of [^;\n]*?\bneeds? (?:any )?(?:edits?|changes?|editing|changing)|needs? no (?:change|edit|update)s?|(?:needs?|requires?) no editing|no edits? (?:to|in|needed)|not (?:changed|modified|edited|touched|updated|be changed|be touched|be edited)|(?:must|does|do|will|should|need|shall|is|are|would)(?: not|n't) (?:be )?(?:change|changed|edited|modified|touched|need (?:any )?(?:changes?|edits?))|won't (?:be )?(?:change|changed|touched|edited)|keeps? (?:it|them) as (?:it is|they are)|not (?:going to|to) (?:change|be changed|be touched)|without (?:being )?(?:edited|changed|touched|modified|any (?:edits?|changes?)|edits?|changes?))\b)`)
	// changes marks a clause that says a file changes.
	changes = lazyre.New(`(?i)\b(?:changes?|changed|changing|edit(?:s|ed|ing)?|modif(?:y|ies|ied|ying)|add(?:s|ed|ing)?|new|gets?|gains?|extend(?:s|ed)?|update[sd]?|directly|goes? (?:in|into)|go (?:in|into)|implement(?:s|ed)?|fix(?:es|ed)?|rewrit(?:e|es|ten)|wire[sd]?|deletes?|removes?|renames?|moves?)\b`)
	// additive marks a clause that adds to a list rather than giving one
	// ("Add config/reports.yaml", "plus the docs page").
	additive = lazyre.New(`(?i)\b(?:add|adds|adding|also|plus|include|including|as well|too)\b`)
	// exclusion is a question whose answer lists what the change leaves out.
	exclusion   = lazyre.New(`(?i)exclu|out_of_scope|non_goal|not_in_scope|unchanged|untouched`)
	sentenceEnd = lazyre.New(`[.!?](?:\s|$)|\n\s*\n`)
	// listLead is a line that introduces the list below it ("Not changed:",
	// "Read only, not edited:").
	listLead = lazyre.New(`:\s*$`)
	listItem = lazyre.New(`^\s*(?:[-*+]|\d+[.)])\s+`)
	// struck marks a clause of a quick-scan answer that takes a candidate off the list.
	struck = lazyre.New(`(?i)\b(?:strike|struck|drop|remove|exclude|not relevant|irrelevant|unrelated|ignore|noise|false positive|not needed|off the list)\b`)
	// clauseEnd splits text into clauses without cutting a path at its dot.
	clauseEnd = lazyre.New(`[.;!?](?:\s|$)|\n|;`)
)

// sourceExts are the extensions a bare file name (no directory) must have
// to count as a file: prose is full of "e.g." and "v1.2".
var sourceExts = map[string]bool{
	"go": true, "js": true, "mjs": true, "cjs": true, "ts": true, "tsx": true, "jsx": true, "py": true, "rb": true,
	"java": true, "kt": true, "kts": true, "rs": true, "c": true, "h": true, "cc": true, "cpp": true, "hpp": true,
	"cs": true, "php": true, "swift": true, "scala": true, "sql": true, "yaml": true, "yml": true, "json": true,
	"toml": true, "md": true, "html": true, "css": true, "scss": true, "vue": true, "svelte": true, "sh": true,
	"proto": true, "graphql": true, "xml": true, "gradle": true, "tf": true, "ex": true, "exs": true, "erl": true,
	"dart": true, "lua": true, "pl": true, "ini": true, "cfg": true, "conf": true, "mod": true, "lock": true,
	"properties": true, "tmpl": true, "txt": true, "csv": true,
}

// frameworks are names that look like files but are products.
var frameworks = map[string]bool{"node.js": true, "vue.js": true, "next.js": true, "nuxt.js": true, "react.js": true,
	"express.js": true, "d3.js": true, "three.js": true, "chart.js": true, "ember.js": true, "backbone.js": true,
	"angular.js": true, "socket.io": true, "deno.land": true}

// mention is one file named in one answer, with the clause around it.
type mention struct {
	path   string
	bare   bool // no directory: resolved against full paths later
	quoted bool // written in backticks
	before string
	clause string
	// negated: the clause, or the line introducing the list the mention
	// is an item of, says the file stays as it is; positive: the clause
	// says it changes. A mention that is neither names a file in passing.
	negated, positive bool
}

// mentions finds the file paths an answer names. A path has a directory
// and a file name with an extension, or is a bare name with a source
// extension; URLs, absolute paths, routes with placeholders and rtgit's
// own analysis folders are not files of the change.
func mentions(text string) []mention {
	if m, ok := mentionMemo.get(text); ok {
		return m
	}
	m := readMentions(text)
	mentionMemo.put(text, m)
	return m
}

func readMentions(text string) []mention {
	var out []mention
	starts := clauseStarts(text)
	for _, loc := range pathToken.FindAllStringIndex(text, -1) {
		tok := text[loc[0]:loc[1]]
		quoted := strings.HasPrefix(tok, "`")
		p := strings.Trim(tok, "`")
		p = strings.TrimRight(p, ".,:)")
		p = strings.TrimPrefix(p, "./")
		if !plausiblePath(p, quoted) {
			continue
		}
		cs, ce := clauseAround(starts, text, loc[0])
		clause := text[cs:ce]
		m := mention{path: p, bare: !strings.Contains(p, "/"), quoted: quoted, before: text[cs:loc[0]], clause: clause}
		part := partOf.MatchString(m.before)
		switch {
		case !part && (saysStays(clause) || negatedAfter(text, starts, ce)):
			m.negated = true
		case saysChange(text, cs, loc[0], loc[1], ce):
			m.positive = true
		case !part && (saysStays(bareClauses(sentenceAround(text, loc[0]))) || underNegatedLead(text, loc[0])):
			m.negated = true
		}
		out = append(out, m)
	}
	return out
}

// partOf ends the words before a path that name a part of the file, so
// that what the clause says stays is the part, not the file:
// "`Option.get_help_extra` in core.py (help stays as is)", "Command hook
// fields (unchanged, command.go)", "`execute` is a function inside
// `command.go`". "Nothing in x.js is touched" is about
// the file: "nothing" is no part's name.
var partOf = lazyre.New("(?:`[^`]+`|[A-Za-z_][\\w]*[.:#(][\\w.:#()]*)\\s+(?:in|inside|within)\\s+`?$|(?i:\\b(?:a|an|the)\\s+(?:function|method|type|class|struct|field|variable|constant|section|part)\\s+(?:in|inside|within|of)\\s+`?$)|[A-Za-z_`][^()]*\\(\\s*(?i:unchanged|not changed|untouched|as is)\\s*,\\s*`?$")

// roAdjective is "read-only" said of a thing the change works with ("open
// a read-only file"), not of the file the clause names.
var roAdjective = lazyre.New(`(?i)\b(?:a|an|the|its|their)\s+read[- ]only\s+[a-z]+`)

// saysStays reports whether text says that what it names stays as it is.
func saysStays(text string) bool {
	return notAffected.MatchString(roAdjective.ReplaceAllString(text, " "))
}

// backRef is a clause that speaks of what the clause before it named:
// "They are not changed.", "none of those change".
var backRef = lazyre.New(`(?i)^\W*(?:they|these|those|both|all (?:of )?(?:them|those|these)|(?:none|neither) of (?:them|those|these)(?: \w+)?|neither)\b`)

// noneOf opens a clause that denies of each thing before it what follows.
var noneOf = lazyre.New(`(?i)^\W*(?:none|neither) of\b`)

// negatedAfter reports whether the clause after the one ending at end
// points back at it and says it stays as it is ("… marks x.py as modify.
// They are not changed."): the correction speaks of every file the
// clause before named. A clause naming files of its own is about those.
func negatedAfter(text string, starts []int, end int) bool {
	next := len(text)
	for _, s := range starts {
		if s > end {
			next = s
			break
		}
	}
	if end >= len(text) {
		return false
	}
	c := text[end:next]
	if !backRef.MatchString(c) || len(mentionsIn(c)) > 0 {
		return false
	}
	return saysStays(c) || noneOf.MatchString(c) && changes.MatchString(c)
}

func plausiblePath(p string, quoted bool) bool {
	if p == "" || strings.ContainsAny(p, "{}@|\\ \t") || strings.HasPrefix(p, "/") || strings.Contains(p, "//") ||
		strings.Contains(p, "..") || strings.HasPrefix(p, "docs/requirements/") || strings.HasSuffix(p, "/") {
		return false
	}
	m := extRe.FindStringSubmatch(p)
	if m == nil {
		return false
	}
	if strings.Contains(p, "/") {
		return true
	}
	if frameworks[strings.ToLower(p)] || qualifiedName.MatchString(m[1]) {
		return false
	}
	return quoted || sourceExts[strings.ToLower(m[1])]
}

// underNegatedLead tells whether the offset sits in a list item whose list
// is introduced by a line that says its files stay as they are:
//
//	Not changed, only read:
//	- `src/flask/app.py`
func underNegatedLead(text string, at int) bool {
	lineStart := strings.LastIndexByte(text[:at], '\n') + 1
	if !listItem.MatchString(text[lineStart:at]) {
		return false
	}
	for end := lineStart - 1; end > 0; {
		start := strings.LastIndexByte(text[:end], '\n') + 1
		line := text[start:end]
		switch {
		case strings.TrimSpace(line) == "":
			return false
		case listItem.MatchString(line) || strings.HasPrefix(line, "  ") || strings.HasPrefix(line, "\t"):
			end = start - 1
			continue
		}
		lead := strings.Trim(strings.TrimSpace(line), "*_#")
		return (listLead.MatchString(lead) || !strings.ContainsAny(lead, ".!?")) && saysStays(lead)
	}
	return false
}

// saysChange tells whether the clause [cs, ce) says the path at [ps, pe)
// changes: a change word close to it ("adds a method to", "`x.go`
// gets"), or a lead-in before it that says what follows changes
// ("Directly changed: `a.go`, `b.go`"). A change word far off in the
// clause ("any change to Invoice ripples") is about something else.
func saysChange(text string, cs, ps, pe, ce int) bool {
	before := text[cs:ps]
	if i := strings.LastIndexByte(before, ':'); i >= 0 && changes.MatchString(before[:i]) {
		return true
	}
	lo, hi := max(cs, ps-40), min(ce, pe+40)
	near := text[lo:ps] + " " + text[pe:hi]
	return changes.MatchString(near)
}

// bareClauses keeps the clauses of a sentence that name no file, so a
// negation after a semicolon ("…; unchanged.") counts for the file before
// it, but one that has its own subject ("…; x.go stays as it is") does not.
func bareClauses(sentence string) string {
	var b strings.Builder
	for _, part := range strings.Split(sentence, ";") {
		if !pathToken.MatchString(strings.TrimSpace(part)) || len(mentionsIn(part)) == 0 {
			b.WriteString(part)
			b.WriteString(";")
		}
	}
	return b.String()
}

// mentionsIn lists the plausible paths of a text, nothing more.
func mentionsIn(text string) []string {
	var out []string
	for _, tok := range pathToken.FindAllString(text, -1) {
		quoted := strings.HasPrefix(tok, "`")
		p := strings.TrimPrefix(strings.TrimRight(strings.Trim(tok, "`"), ".,:)"), "./")
		if plausiblePath(p, quoted) {
			out = append(out, p)
		}
	}
	return out
}

// sentenceAround is the sentence (or line of a list) holding offset at:
// a negation said after a semicolon ("…; unchanged.") speaks of it too.
func sentenceAround(text string, at int) string {
	start, end := 0, len(text)
	for _, loc := range sentenceEnd.FindAllStringIndex(text, -1) {
		if loc[1] <= at {
			start = loc[1]
		} else {
			end = loc[0]
			break
		}
	}
	if i := strings.LastIndexByte(text[start:at], '\n'); i >= 0 && listItem.MatchString(text[start+i+1:]) {
		start += i + 1
	}
	if i := strings.IndexByte(text[at:end], '\n'); i >= 0 {
		end = at + i
	}
	return text[start:end]
}

// clauseStarts lists the offsets where clauses begin.
func clauseStarts(text string) []int {
	starts := []int{0}
	for _, loc := range clauseEnd.FindAllStringIndex(text, -1) {
		starts = append(starts, loc[1])
	}
	return starts
}

// clauseAround returns the clause holding offset at.
func clauseAround(starts []int, text string, at int) (int, int) {
	start, end := 0, len(text)
	for _, s := range starts {
		if s <= at {
			start = s
		} else {
			end = s
			break
		}
	}
	return start, end
}

// changeOf reads the words just before a path: "a new x.go" is new,
// "delete x.go" is a deletion, anything else a modification.
func changeOf(before string) string {
	switch {
	case newBefore.MatchString(before):
		return ChangeNew
	case delBefore.MatchString(before):
		return ChangeDelete
	}
	return ChangeModify
}

// AffectedFiles is AffectedFilesIn with no tree to check paths against.
func AffectedFiles(impact []Named, candidates []string, scan []Named) []AffectedFile {
	return AffectedFilesIn(nil, impact, candidates, scan)
}

// AffectedFilesIn's others are the answers of the other steps: they add
// no row, but what their clauses say of a file counts.

// AffectedFilesIn lists the files an impact analysis names: every path in
// the impact answers, then the quick scan's candidate files that no
// quick-scan answer struck, and the files those answers added. When the
// quick-scan answers name files of their own, they are the candidates:
// the person's list replaces the scan's. A bare name ("api.py") becomes
// the full path it abbreviates when exactly one named or candidate path
// ends with it, and is dropped otherwise unless it was written in
// backticks (then it is a file at the repository root).
//
// A file an answer says stays as it is ("not changed", "only read", …),
// or that an answer to an exclusions question names, is a read-only row,
// whatever other answers mention it in passing, unless a clause of one of
// them says it changes ("directly changed", "gets a new method", "tests go
// into"): a statement of change wins over a statement that it stays, and
// both over a mention in passing. With a tree, a row is a
// file only when the tree holds it, or, for a new file, holds its folder:
// a function, a module or an example name is not a row, and an existing
// file said to be "new" is modified. The order is the order of first
// mention; read-only rows come last.
func AffectedFilesIn(tree Tree, impact []Named, candidates []string, scan []Named, others ...Named) []AffectedFile {
	var rows []AffectedFile
	at := map[string]int{}
	add := func(p, from, change string) {
		if i, ok := at[p]; ok {
			if !slices.Contains(rows[i].From, from) {
				rows[i].From = append(rows[i].From, from)
			}
			if rows[i].Change == ChangeModify && change != ChangeModify {
				rows[i].Change = change
			}
			return
		}
		at[p] = len(rows)
		rows = append(rows, AffectedFile{Path: p, Module: path.Dir(p), From: []string{from}, Change: change})
	}
	type named struct {
		m    mention
		from string
	}
	var impactMentions, scanMentions []named
	full := map[string]bool{}
	for _, c := range candidates {
		full[c] = true
	}
	excluded := func(n Named, m mention) mention {
		if exclusion.MatchString(n.Question) {
			m.negated, m.positive = true, false
		}
		return m
	}
	for _, n := range impact {
		for _, m := range mentions(n.Text) {
			m = excluded(n, m)
			impactMentions = append(impactMentions, named{m, n.StepID + " " + n.Question})
			if !m.bare {
				full[m.path] = true
			}
		}
	}
	for _, n := range scan {
		for _, m := range mentions(n.Text) {
			m = excluded(n, m)
			scanMentions = append(scanMentions, named{m, n.StepID + " " + n.Question})
			if !m.bare {
				full[m.path] = true
			}
		}
	}
	resolve := func(m mention) (string, bool) {
		if !m.bare || full[m.path] {
			return m.path, true
		}
		var hits []string
		for p := range full {
			if path.Base(p) == m.path {
				hits = append(hits, p)
			}
		}
		if len(hits) == 1 {
			return hits[0], true
		}
		return m.path, m.quoted
	}
	// exists: the tree holds the file; a row for a file it does not hold
	// is kept only as a new file in a folder it holds.
	exists := func(p string) bool { return tree == nil || tree.File(p) }
	canBeNew := func(p string) bool {
		d := path.Dir(p)
		return tree == nil || (d == "." || tree.Dir(d)) && extRe.MatchString(p)
	}
	// A path changes when more clauses say it changes than say it stays:
	// people repeat what they mean, and a word such as "new" near a path
	// is weaker than "untouched" about it.
	var otherMentions []named
	for _, n := range others {
		for _, m := range mentions(n.Text) {
			otherMentions = append(otherMentions, named{excluded(n, m), n.StepID + " " + n.Question})
		}
	}
	votes := map[string]int{}
	for _, ns := range [][]named{impactMentions, scanMentions, otherMentions} {
		for _, n := range ns {
			if p, ok := resolve(n.m); ok {
				switch {
				case n.m.positive:
					votes[p]++
				case n.m.negated:
					votes[p]--
				}
			}
		}
	}
	said := map[string]bool{} // paths the answers say change
	for p, v := range votes {
		said[p] = v >= 0
	}
	untouched := map[string]string{} // path -> where it was said
	var untouchedOrder []string
	markUntouched := func(p, from string) {
		if said[p] {
			return // another clause says it changes: that wins
		}
		if _, ok := untouched[p]; !ok {
			untouched[p] = from
			untouchedOrder = append(untouchedOrder, p)
		}
	}
	for _, n := range impactMentions {
		p, ok := resolve(n.m)
		if !ok {
			continue
		}
		if n.m.negated {
			markUntouched(p, n.from)
			if !said[p] {
				continue
			}
		}
		add(p, n.from, changeOf(n.m.before))
	}
	off := map[string]bool{}
	var added []named
	// A candidate the user struck in the quick scan is off the table even
	// where an impact answer mentions it in passing.
	for _, n := range scanMentions {
		if p, ok := resolve(n.m); ok && struck.MatchString(n.m.clause) && !n.m.negated {
			off[p] = true
		}
	}
	kept := rows[:0:0]
	for _, r := range rows {
		if !off[r.Path] || r.Change != ChangeModify {
			kept = append(kept, r)
		}
	}
	rows = kept
	at = map[string]int{}
	for i, r := range rows {
		at[r.Path] = i
	}
	for _, n := range otherMentions {
		if p, ok := resolve(n.m); ok && n.m.negated {
			markUntouched(p, n.from)
		}
	}
	for _, n := range scanMentions {
		p, ok := resolve(n.m)
		if !ok {
			continue
		}
		if n.m.negated {
			markUntouched(p, n.from)
			if !said[p] {
				continue
			}
		}
		if struck.MatchString(n.m.clause) {
			off[p] = true
			continue
		}
		n.m.path = p
		added = append(added, n)
	}
	// The person's own list of files, where the quick-scan answers give
	// one (not additions to the scan's), stands in for the scan's
	// candidates.
	ownList := false
	for _, n := range added {
		if exists(n.m.path) && !additive.MatchString(n.m.clause) {
			ownList = true
		}
	}
	if !ownList || tree == nil {
		for _, c := range candidates {
			if !off[c] && untouched[c] == "" {
				add(c, "quick scan", ChangeModify)
			}
		}
	}
	for _, n := range added {
		if !off[n.m.path] && untouched[n.m.path] == "" {
			add(n.m.path, n.from, changeOf(n.m.before))
		}
	}
	var out []AffectedFile
	for _, r := range rows {
		if _, said := untouched[r.Path]; said && r.Change == ChangeModify {
			continue // said to stay as it is: a read-only row below
		}
		switch {
		case exists(r.Path):
			if r.Change == ChangeNew && tree != nil {
				r.Change = ChangeModify
			}
		case r.Change == ChangeNew && canBeNew(r.Path):
		default:
			continue // not a file of this repository
		}
		out = append(out, r)
	}
	for _, p := range untouchedOrder {
		if i, ok := at[p]; ok && rows[i].Change != ChangeModify {
			continue
		}
		if tree == nil || tree.File(p) {
			out = append(out, AffectedFile{Path: p, Module: path.Dir(p), From: []string{untouched[p]}, Change: ChangeReadOnly})
		}
	}
	return out
}

// Mention is a file one step's answers name.
type Mention struct {
	StepID, Path string
}

// Mentions lists the files each answer names, a bare name resolved as
// AffectedFiles resolves it (against the other named paths and known),
// once per step and path, in order.
func Mentions(texts []Named, known []string) []Mention {
	full := map[string]bool{}
	for _, k := range known {
		full[k] = true
	}
	type raw struct {
		step string
		m    mention
	}
	var all []raw
	for _, n := range texts {
		for _, m := range mentions(n.Text) {
			all = append(all, raw{n.StepID, m})
			if !m.bare {
				full[m.path] = true
			}
		}
	}
	var out []Mention
	seen := map[Mention]bool{}
	for _, r := range all {
		p := r.m.path
		if r.m.bare && !full[p] {
			var hits []string
			for f := range full {
				if path.Base(f) == p {
					hits = append(hits, f)
				}
			}
			switch {
			case len(hits) == 1:
				p = hits[0]
			case !r.m.quoted:
				continue
			}
		}
		if mn := (Mention{r.step, p}); !seen[mn] {
			seen[mn] = true
			out = append(out, mn)
		}
	}
	return out
}

// Listed reads the files the texts name as a person's own list of them,
// each checked against the tree: the files said to change or named in
// passing, and apart from them those said to stay as they are. A bare
// name counts only as a file at the root; a struck one counts in
// neither. It is how a quick-scan answer that names the files replaces
// the scan's candidates.
//
// Files named in a clause that adds to a list ("Add x.go") come back in
// added: they extend the scan's list rather than give one.
func Listed(tree Tree, texts ...string) (files, added, unchanged []string) {
	for _, text := range texts {
		for _, m := range mentions(text) {
			p := m.path
			if tree != nil && !tree.File(p) || slices.Contains(files, p) || slices.Contains(added, p) || slices.Contains(unchanged, p) {
				continue
			}
			switch {
			case struck.MatchString(m.clause) && !m.negated:
			case m.negated:
				unchanged = append(unchanged, p)
			case additive.MatchString(m.clause):
				added = append(added, p)
			default:
				files = append(files, p)
			}
		}
	}
	return files, added, unchanged
}
