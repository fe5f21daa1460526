package publish

import (
	"path"
	"regexp"
	"strings"
)

// Where each kind of id is defined, in the order the files are tried: a
// requirement and its criteria in the requirements spec, a story in
// user-stories.json (or the spec's stories), an NFR in its table.
var definedIn = []struct {
	prefix string
	files  []string
}{
	{"FR-", []string{"requirements-spec.md"}},
	{"AC-", []string{"requirements-spec.md"}},
	{"US-", []string{"user-stories.json", "requirements-spec.md"}},
	{"NFR-", []string{"nfr-matrix.md", "requirements-spec.md"}},
}

// DefinedAt is the file and line (1-based) that defines id: in the file
// its kind is defined in, the line that starts with it (a heading, a list
// item, "FR-001:"), names it in a table cell of its own, or gives it as a
// JSON "id". Failing that, the first line that names it (FindID).
func DefinedAt(files []File, id string) (string, int) {
	if id == "" {
		return "", 0
	}
	def := regexp.MustCompile(`^\s*(?:#+\s*|[-*+]\s+(?:\[.\]\s+)?|\*\*)?` + regexp.QuoteMeta(id) + `\b|\|\s*` +
		regexp.QuoteMeta(id) + `\s*\||"id"\s*:\s*"` + regexp.QuoteMeta(id) + `"`)
	for _, d := range definedIn {
		if !strings.HasPrefix(id, d.prefix) {
			continue
		}
		for _, name := range d.files {
			for _, f := range files {
				if path.Base(f.Path) != name {
					continue
				}
				for i, line := range strings.Split(f.Content, "\n") {
					if def.MatchString(line) {
						return f.Path, i + 1
					}
				}
			}
		}
	}
	return FindID(files, id)
}
