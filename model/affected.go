package model

import (
	"path"
	"regexp"
	"slices"
	"strings"
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
)

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
	Change string   // modify, new or delete
}

var (
	// pathToken is a run of characters a repository path is made of;
	// braces are included so that a route such as /a/{id}/b.csv stays
	// one token and is refused as a whole.
	pathToken = regexp.MustCompile("`[^`\n]+`|[A-Za-z0-9_./@+{}-]+")
	extRe     = regexp.MustCompile(`\.([A-Za-z][A-Za-z0-9]{0,7})$`)
	// qualifiedName is an "extension" that is a capitalised word: the
	// member of a qualified name (`invoice.Total`, `os.Exit`), which code
	// paths name as often as files. File extensions are lower case, or
	// upper case throughout (.R, .PL).
	qualifiedName = regexp.MustCompile(`^[A-Z][a-z]`)
	newBefore     = regexp.MustCompile(`(?i)\b(?:new|create[sd]?|creating|add(?:s|ed|ing)?(?:\s+an?)?(?:\s+new)?)(?:\s+(?:file|module|test))?\s*$`)
	delBefore     = regexp.MustCompile(`(?i)\b(?:delete[sd]?|deleting|remove[sd]?|removing|drop(?:s|ped)?)(?:\s+the)?(?:\s+(?:file|module))?\s*$`)
	// notAffected marks a clause that names a file to say it stays as it is.
	notAffected = regexp.MustCompile(`(?i)\b(?:unaffected|not affected|untouched|not touched|unchanged|stays? (?:exactly )?(?:the same|as (?:it is|they are))|irrelevant|unrelated|out of scope|(?:must|does|do|will) not change|needs? no change)\b`)
	// struck marks a clause of a quick-scan answer that takes a candidate off the list.
	struck = regexp.MustCompile(`(?i)\b(?:strike|struck|drop|remove|exclude|not relevant|irrelevant|unrelated|ignore|noise|false positive|not needed|off the list)\b`)
	// clauseEnd splits text into clauses without cutting a path at its dot.
	clauseEnd = regexp.MustCompile(`[.;!?](?:\s|$)|\n|;`)
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
}

// mentions finds the file paths an answer names. A path has a directory
// and a file name with an extension, or is a bare name with a source
// extension; URLs, absolute paths, routes with placeholders and rtgit's
// own analysis folders are not files of the change.
func mentions(text string) []mention {
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
		out = append(out, mention{path: p, bare: !strings.Contains(p, "/"), quoted: quoted,
			before: text[cs:loc[0]], clause: text[cs:ce]})
	}
	return out
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

// AffectedFiles lists the files an impact analysis names: every path in
// the impact answers (except those a clause says stay untouched), then the
// quick scan's candidate files that no quick-scan answer struck, and the
// files those answers added. A bare name ("api.py") becomes the full path
// it abbreviates when exactly one named or candidate path ends with it, and
// is dropped otherwise unless it was written in backticks (then it is a
// file at the repository root). The order is the order of first mention.
func AffectedFiles(impact []Named, candidates []string, scan []Named) []AffectedFile {
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
	for _, n := range impact {
		for _, m := range mentions(n.Text) {
			impactMentions = append(impactMentions, named{m, n.StepID + " " + n.Question})
			if !m.bare {
				full[m.path] = true
			}
		}
	}
	for _, n := range scan {
		for _, m := range mentions(n.Text) {
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
	untouched := map[string]bool{}
	for _, n := range impactMentions {
		p, ok := resolve(n.m)
		if !ok {
			continue
		}
		if notAffected.MatchString(n.m.clause) {
			untouched[p] = true
			continue
		}
		add(p, n.from, changeOf(n.m.before))
	}
	off := map[string]bool{}
	var added []named
	// A candidate the user struck in the quick scan is off the table even
	// where an impact answer mentions it in passing.
	for _, n := range scanMentions {
		if p, ok := resolve(n.m); ok && struck.MatchString(n.m.clause) {
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
	for _, n := range scanMentions {
		p, ok := resolve(n.m)
		if !ok {
			continue
		}
		if struck.MatchString(n.m.clause) {
			off[p] = true
			continue
		}
		if notAffected.MatchString(n.m.clause) {
			untouched[p] = true
			continue
		}
		n.m.path = p
		added = append(added, n)
	}
	for _, c := range candidates {
		if !off[c] && !untouched[c] {
			add(c, "quick scan", ChangeModify)
		}
	}
	for _, n := range added {
		if !off[n.m.path] && !untouched[n.m.path] {
			add(n.m.path, n.from, changeOf(n.m.before))
		}
	}
	return rows
}

var (
	affectedHeading = regexp.MustCompile(`(?i)^#{2,3}\s+.*\bDirectly Affected Files`)
	sectionHeading  = regexp.MustCompile(`^#{2,3}\s`)
	affectedRow     = regexp.MustCompile("^\\|\\s*`([^`]+)`\\s*\\|")
)

// ImpactFiles reads the Directly Affected Files table of an impact
// analysis: the paths in backticks that start its rows, in order, once
// each. It reads the table the way build tools do (the section runs to the
// next heading of level two or three), so what rtgit checks for staleness
// is exactly what they check.
func ImpactFiles(doc []byte) []string {
	lines := strings.Split(strings.ReplaceAll(string(doc), "\r\n", "\n"), "\n")
	start := -1
	for i, l := range lines {
		if affectedHeading.MatchString(l) {
			start = i + 1
			break
		}
	}
	if start < 0 {
		return nil
	}
	var out []string
	for _, l := range lines[start:] {
		if sectionHeading.MatchString(l) {
			break
		}
		if m := affectedRow.FindStringSubmatch(l); m != nil {
			p := strings.TrimPrefix(strings.TrimPrefix(m[1], "./"), "/")
			if !slices.Contains(out, p) {
				out = append(out, p)
			}
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
