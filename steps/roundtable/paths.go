package roundtable

import (
	"fmt"
	"path"
	"path/filepath"
	"strings"
	"unicode"

	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"

	"github.com/rtgit/rtgit/internal/lazyre"
	"github.com/rtgit/rtgit/internal/repofs"
	"github.com/rtgit/rtgit/layout"
	"github.com/rtgit/rtgit/steps"
)

// BranchPrefix starts every analysis branch.
const BranchPrefix = "rtgit/"

var slugRe = lazyre.New(`^[a-z0-9]+(-[a-z0-9]+)*$`)

// reservedSlugs would make awkward or dangerous folder or branch names.
var reservedSlugs = map[string]bool{"con": true, "prn": true, "aux": true, "nul": true, "head": true, "common": true,
	"com1": true, "com2": true, "com3": true, "com4": true, "com5": true, "com6": true, "com7": true, "com8": true, "com9": true,
	"lpt1": true, "lpt2": true, "lpt3": true, "lpt4": true, "lpt5": true, "lpt6": true, "lpt7": true, "lpt8": true, "lpt9": true}

// ValidateSlug refuses anything that is not lowercase [a-z0-9-], at most 64
// characters, so a slug can never name a path outside its folder.
func ValidateSlug(slug string) error {
	switch {
	case slug == "":
		return fmt.Errorf("empty slug")
	case len(slug) > 64:
		return fmt.Errorf("slug %q is longer than 64 characters", slug)
	case !slugRe.MatchString(slug):
		return fmt.Errorf("slug %q must use only a-z, 0-9 and single dashes between them", slug)
	case reservedSlugs[slug]:
		return fmt.Errorf("slug %q is a reserved name", slug)
	}
	return nil
}

// MaxDerivedSlug is the longest slug DeriveSlug makes: short enough to
// type, and to read in a branch list.
const MaxDerivedSlug = 40

// stopWords carry no meaning in a feature's name ("Let customers export
// invoices as CSV" is about exporting invoices as CSV).
var stopWords = map[string]bool{
	"a": true, "an": true, "the": true, "and": true, "or": true, "as": true, "at": true, "by": true,
	"for": true, "from": true, "in": true, "into": true, "of": true, "on": true, "onto": true, "to": true,
	"with": true, "via": true, "be": true, "is": true, "are": true, "it": true, "its": true, "this": true,
	"that": true, "so": true, "let": true, "lets": true, "allow": true, "allows": true, "enable": true,
	"enables": true, "should": true, "can": true, "could": true, "must": true, "will": true, "would": true,
	"we": true, "our": true, "us": true, "i": true, "my": true, "me": true, "you": true, "your": true,
	"they": true, "their": true, "them": true, "customer": true, "customers": true, "user": true,
	"users": true, "people": true, "someone": true, "want": true, "wants": true, "able": true,
}

// foldMarks takes the accents off letters ("Überweisung für" becomes
// "Uberweisung fur"), so a slug keeps the word rather than its pieces.
var foldMarks = transform.Chain(norm.NFD, runes.Remove(runes.In(unicode.Mn)), norm.NFC)

// DeriveSlug turns a description into a slug: its lowercase words of
// [a-z0-9] with accents folded away, stop words dropped, joined by dashes
// and cut at a word boundary to MaxDerivedSlug characters. A word with a
// letter that has no a-z spelling (ß, 発) is left out whole rather than cut
// into pieces.
func DeriveSlug(desc string) string {
	if folded, _, err := transform.String(foldMarks, desc); err == nil {
		desc = folded
	}
	var words []string
	var cur strings.Builder
	foreign := false
	flush := func() {
		if cur.Len() > 0 && !foreign {
			words = append(words, cur.String())
		}
		cur.Reset()
		foreign = false
	}
	for _, r := range strings.ToLower(desc) {
		switch {
		case (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9'):
			cur.WriteRune(r)
		case unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r):
			cur.WriteRune(r)
			foreign = true
		default:
			flush()
		}
	}
	flush()
	var kept []string
	for _, w := range words {
		if !stopWords[w] {
			kept = append(kept, w)
		}
	}
	if len(kept) == 0 {
		kept = words // only stop words: keep them rather than nothing
	}
	slug := ""
	for _, w := range kept {
		next := w
		if slug != "" {
			next = slug + "-" + w
		}
		if len(next) > MaxDerivedSlug {
			if slug == "" {
				slug = w[:MaxDerivedSlug]
			}
			break
		}
		slug = next
	}
	if reservedSlugs[slug] {
		slug += "-item"
	}
	return slug
}

// item names the files of one analysis, all repo-relative with slashes.
type item struct {
	slug string
	lay  layout.Layout
}

func (it item) dir() string      { return it.lay.Dir(it.slug) }
func (it item) metaPath() string { return it.dir() + "/meta.json" }
func (it item) branch() string   { return BranchPrefix + it.slug }

// answerPath is answers/<step_id>-<name>.md, named after the step file so
// the folder reads in order.
func (it item) answerPath(s *steps.Step) string {
	base := path.Base(filepath.ToSlash(s.Source))
	name := strings.TrimLeft(base, "0123456789")
	name = strings.TrimPrefix(name, "-")
	return it.dir() + "/answers/" + s.ID + "-" + name
}

// outputPath resolves an output key; nfr-matrix.md is shared across items.
func (it item) outputPath(output string) string {
	if output == "nfr-matrix.md" {
		return it.lay.NFRMatrix()
	}
	return it.dir() + "/" + output
}

// readFile reads a repo-relative file of the worktree; a symlink leading
// out of the repository is refused (repofs.ReadFile).
func (m *Machine) readFile(rel string) ([]byte, error) { return repofs.ReadFile(m.Repo.Root(), rel) }

// item names the analysis slug's files in the machine's layout.
func (m *Machine) item(slug string) item { return item{slug: slug, lay: m.Layout} }
