package stepfile

import (
	"strings"

	"github.com/yuin/goldmark/ast"

	"github.com/rtgit/rtgit/internal/lazyre"
	"github.com/rtgit/rtgit/steps"
)

// idLikeRe is what a backticked lead must look like to count as an id:
// question ids, persona keys, and * for "every answer".
var idLikeRe = lazyre.New(`^[A-Za-z*][A-Za-z0-9_*-]*$`)

// sectionAliases maps a folded heading to the section it opens. Headings
// are matched case-insensitively, ignoring numbering, emphasis, a trailing
// colon and extra spaces, so "## 1. brief  mode:" opens Brief Mode.
var sectionAliases = map[string]string{
	"brief mode": secBrief, "brief": secBrief, "brief depth": secBrief,
	"standard mode": secStandard, "standard": secStandard, "standard depth": secStandard, "default mode": secStandard,
	"deep mode": secDeep, "deep": secDeep, "deep depth": secDeep, "deep dive": secDeep,
	"validation": secValidation, "validation criteria": secValidation, "validation rules": secValidation,
	"artifacts": secArtifacts, "artifact": secArtifacts, "artifact updates": secArtifacts, "artifact instructions": secArtifacts,
	"elaboration": secElaboration, "elaboration prompts": secElaboration,
	"criteria": secCriteria, "review criteria": secCriteria,
}

// canonicalSection returns the section a heading opens, or "" when the
// heading is not one of the schema's sections.
func canonicalSection(heading string) string {
	h := foldHeading(heading)
	if c, ok := sectionAliases[h]; ok {
		return c
	}
	// "Brief Mode (condensed)", "Standard Mode -- default prompts",
	// "Validation: criteria for answers": the name comes first.
	h = parenRe.ReplaceAllString(h, " ")
	for _, sep := range []string{" -- ", " - ", " — ", " – ", ":"} {
		if i := strings.Index(h, sep); i > 0 {
			h = h[:i]
		}
	}
	h = strings.Join(strings.Fields(h), " ")
	return sectionAliases[h]
}

var parenRe = lazyre.New(`\([^)]*\)|\[[^\]]*\]`)

func foldHeading(h string) string {
	h = strings.ToLower(h)
	h = strings.NewReplacer("*", " ", "_", " ", "`", " ", "#", " ").Replace(h)
	h = strings.TrimSpace(h)
	// A leading section number: "1.", "2)", "3 -".
	i := 0
	for i < len(h) && (h[i] >= '0' && h[i] <= '9' || h[i] == '.') {
		i++
	}
	if i > 0 {
		h = strings.TrimLeft(h[i:], " .)-:")
	}
	h = strings.TrimRight(h, " :.-")
	return strings.Join(strings.Fields(h), " ")
}

// detectDialect decides a file's grammar before its body is read: any list
// item in a schema section that starts with an id in backticks makes it
// rtgit's dialect, held to every strict rule; a file with none is read as
// the seed's prose dialect. A mixed file is therefore rtgit's, and its
// prose items are reported rather than guessed at.
func detectDialect(b *bodyParser, doc ast.Node) steps.Dialect {
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		if n.Kind() != ast.KindList {
			continue
		}
		for item := n.FirstChild(); item != nil; item = item.NextSibling() {
			lines, _ := b.rawLines(item)
			if len(lines) == 0 {
				continue
			}
			if m := leadIDRe.FindStringSubmatch(strings.TrimSpace(lines[0])); m != nil && idLikeRe.MatchString(strings.TrimSpace(m[1])) {
				return steps.DialectRtgit
			}
		}
	}
	return steps.DialectSeed
}
