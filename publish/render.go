package publish

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/rtgit/rtgit/plan"
)

// maxTitle is GitHub's limit on an issue title.
const maxTitle = 256

func (p *publisher) title(t plan.Task) string {
	title := fmt.Sprintf("%s: %s %s", p.Slug, t.ID, strings.Join(strings.Fields(t.Title), " "))
	if r := []rune(title); len(r) > maxTitle {
		title = string(r[:maxTitle])
	}
	return title
}

// defang keeps text from the plan from opening an HTML comment, which
// could carry a marker or hide the rest of the body.
func defang(s string) string { return strings.ReplaceAll(s, "<!--", "&lt;!--") }

// body is a task's issue: what to do, what it traces to, where, and what
// it waits for, every part taken from the plan.
func (p *publisher) body(t plan.Task) string {
	var b strings.Builder
	b.WriteString(taskMarker(p.Slug, t.ID) + "\n")
	fmt.Fprintf(&b, "**%s** (%s) of the build plan of `%s`", t.ID, defang(t.Kind), p.Slug)
	if p.PR > 0 {
		fmt.Fprintf(&b, ", analysed in #%d", p.PR)
	}
	b.WriteString(".\n\n")
	fmt.Fprintf(&b, "%s\n", defang(strings.Join(strings.Fields(t.Title), " ")))
	if len(t.Traces) > 0 {
		var refs []string
		for _, id := range t.Traces {
			refs = append(refs, p.traceLink(id))
		}
		fmt.Fprintf(&b, "\n**Traces:** %s\n", strings.Join(refs, ", "))
	}
	if len(t.Files) > 0 {
		var fs []string
		for _, f := range t.Files {
			fs = append(fs, "`"+strings.ReplaceAll(defang(f), "`", "")+"`")
		}
		fmt.Fprintf(&b, "\n**Files:** %s\n", strings.Join(fs, ", "))
	}
	if len(t.DependsOn) > 0 {
		var deps []string
		for _, d := range t.DependsOn {
			if n := p.res.Issues[d]; n > 0 {
				deps = append(deps, fmt.Sprintf("#%d (%s)", n, d))
			} else {
				deps = append(deps, defang(d))
			}
		}
		fmt.Fprintf(&b, "\n**Depends on:** %s\n", strings.Join(deps, ", "))
	}
	if len(t.BlockedBy) > 0 {
		fmt.Fprintf(&b, "\n**Blocked by open questions:** %s\n", defang(strings.Join(t.BlockedBy, ", ")))
	}
	if t.Parallel {
		b.WriteString("\nIt can be built in parallel with the other parallel tasks of its phase.\n")
	}
	return b.String()
}

// traceLink links a requirement id to the first line of the artifacts
// that names it, at the analysis commit; an id no artifact names stays
// plain text.
func (p *publisher) traceLink(id string) string {
	path, line := FindID(p.Artifacts, id)
	if path == "" || p.BlobURL == "" || p.Commit == "" {
		return defang(id)
	}
	return fmt.Sprintf("[%s](%s/%s/%s#L%d)", id, strings.TrimRight(p.BlobURL, "/"), p.Commit, path, line)
}

// FindID is the first file and line (1-based) that names id as a whole
// word; "" when none does.
func FindID(files []File, id string) (string, int) {
	re, err := regexp.Compile(`(^|[^A-Za-z0-9-])` + regexp.QuoteMeta(id) + `($|[^A-Za-z0-9-])`)
	if err != nil || id == "" {
		return "", 0
	}
	for _, f := range files {
		for i, line := range strings.Split(f.Content, "\n") {
			if re.MatchString(line) {
				return f.Path, i + 1
			}
		}
	}
	return "", 0
}

// summary is the task list and the counts, posted once on the target
// issue and edited on every later publish.
func (p *publisher) summary() string {
	var b strings.Builder
	b.WriteString(summaryMarker(p.Slug) + "\n")
	fmt.Fprintf(&b, "**rtgit published the build plan of `%s`**: %d tasks (%d new, %d updated, %d unchanged",
		p.Slug, len(p.Tasks), len(p.res.Created), len(p.res.Updated), len(p.res.Unchanged))
	if n := len(p.res.Removed); n > 0 {
		fmt.Fprintf(&b, "; %d no longer in the plan", n)
	}
	b.WriteString(").")
	repoURL := strings.TrimSuffix(strings.TrimRight(p.BlobURL, "/"), "/blob")
	switch {
	case p.PR > 0 && repoURL != "":
		// By its address as well as its number: the summary is read on
		// the issue, and often in mail, where a bare #8 links nothing.
		fmt.Fprintf(&b, " The analysis pull request: [#%d](%s/pull/%d).", p.PR, repoURL, p.PR)
	case p.PR > 0:
		fmt.Fprintf(&b, " The analysis pull request: #%d.", p.PR)
	case repoURL != "":
		fmt.Fprintf(&b, " The analysis branch: [rtgit/%s](%s/tree/rtgit/%s) (no open pull request).", p.Slug, repoURL, p.Slug)
	}
	if p.BlobURL != "" && p.Commit != "" {
		fmt.Fprintf(&b, " The artifacts: [docs/requirements/%s](%s/%s/docs/requirements/%s).", p.Slug,
			strings.Replace(strings.TrimRight(p.BlobURL, "/"), "/blob", "/tree", 1), p.Commit, p.Slug)
	}
	b.WriteString("\n\n")
	for _, t := range p.Tasks {
		if n := p.res.Issues[t.ID]; n > 0 {
			fmt.Fprintf(&b, "- [ ] #%d\n", n)
		} else {
			fmt.Fprintf(&b, "- [ ] %s %s\n", t.ID, defang(strings.Join(strings.Fields(t.Title), " ")))
		}
	}
	return b.String()
}
