package publish

import (
	"fmt"
	"net/url"
	"regexp"
	"strings"

	"github.com/rtgit/rtgit/internal/quiet"
	"github.com/rtgit/rtgit/layout"
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

// text is branch text (a task's title, kind, blocking questions, the
// analysis's description) as an issue body shows it: one line, quieted as
// quoted comments are, so that publishing N issues pings nobody N times
// and loads no image; links may keep pointing into the repository's host.
func (p *publisher) text(s string) string {
	return defang(quiet.Markdown(strings.Join(strings.Fields(s), " "), p.linkHost()))
}

// linkHost is the host of the repository's web address.
func (p *publisher) linkHost() string {
	u, err := url.Parse(p.BlobURL)
	if err != nil {
		return ""
	}
	return u.Hostname()
}

// body is a task's issue: what to do, what it traces to, where, and what
// it waits for, every part taken from the plan.
func (p *publisher) body(t plan.Task) string {
	var b strings.Builder
	b.WriteString(taskMarker(p.Slug, t.ID) + "\n")
	fmt.Fprintf(&b, "**%s** (%s) of the build plan of `%s`", t.ID, p.text(t.Kind), p.Slug)
	if p.PR > 0 {
		fmt.Fprintf(&b, ", analysed in #%d", p.PR)
	}
	b.WriteString(".\n\n")
	fmt.Fprintf(&b, "%s\n", p.text(t.Title))
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
				deps = append(deps, p.text(d))
			}
		}
		fmt.Fprintf(&b, "\n**Depends on:** %s\n", strings.Join(deps, ", "))
	}
	if len(t.BlockedBy) > 0 {
		fmt.Fprintf(&b, "\n**Blocked by open questions:** %s\n", p.text(strings.Join(t.BlockedBy, ", ")))
	}
	if t.Parallel {
		b.WriteString("\nIt can be built in parallel with the other parallel tasks of its phase.\n")
	}
	b.WriteString(taskEnd + "\n")
	return b.String()
}

// traceLink links a requirement id to the line of the artifacts that
// defines it (DefinedAt), at the analysis commit; an id no artifact names
// stays plain text.
func (p *publisher) traceLink(id string) string {
	path, line := DefinedAt(p.Artifacts, id)
	if path == "" || p.BlobURL == "" || p.Commit == "" {
		return p.text(id)
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

// summary is the task list, posted once on the target issue and edited
// by a later publish whose plan or issues differ.
func (p *publisher) summary() string {
	var b strings.Builder
	b.WriteString(summaryMarker(p.Slug) + "\n")
	// The plan, not this run: a publish that changes nothing leaves the
	// summary as it is (the run's counts are in its own reply).
	fmt.Fprintf(&b, "**rtgit published the build plan of `%s`**: %d tasks.", p.Slug, len(p.Tasks))
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
		dir := p.Dir
		if dir == "" {
			dir = layout.Default().Dir(p.Slug)
		}
		fmt.Fprintf(&b, " The artifacts: [%s](%s/%s/%s).", dir,
			strings.Replace(strings.TrimRight(p.BlobURL, "/"), "/blob", "/tree", 1), p.Commit, dir)
	}
	b.WriteString("\n\n")
	for _, t := range p.Tasks {
		if n := p.res.Issues[t.ID]; n > 0 {
			fmt.Fprintf(&b, "- [ ] #%d\n", n)
		} else {
			fmt.Fprintf(&b, "- [ ] %s %s\n", t.ID, p.text(t.Title))
		}
	}
	return b.String()
}
