package artifacts

import (
	"fmt"
	"maps"
	"path"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/rtgit/rtgit/internal/lazyre"
	"github.com/rtgit/rtgit/model"
	"github.com/rtgit/rtgit/steps/prose"
)

var (
	adrNameRe = lazyre.New(`^adr-(\d{4})-(.+)\.md$`)
)

// adrs writes one MADR 4.0 record per decision: from 03-02's decision
// lines, or from 03-01's options and chosen option. Files are named
// adr-NNNN-<title>.md inside the item folder, so two branches never share
// a number; a decision keeps its number when its step runs again. A
// decision 03-02 no longer lists keeps its file and number, as MADR
// wants, with its status set to deprecated; listed again, it is accepted
// again.
func adrs(in Input) (Result, error) {
	var ds []model.Decision
	drivers, _ := look(in, "03-01.criteria")
	if parsed := in.Model.Decisions; len(parsed) > 0 {
		ds = parsed
		arch, _ := look(in, "03-01.chosen")
		rationale, _ := look(in, in.StepID+".rationale")
		var titles []string
		for _, d := range ds {
			titles = append(titles, d.Title)
		}
		for i := range ds {
			ds[i].Context = fmt.Sprintf("Building \"%s\" needs a decision on %s.", in.Description, strings.ToLower(ds[i].Title))
			if arch != "" {
				ds[i].Context += " It has to fit the chosen architecture: " + firstSentence(arch)
			}
			ds[i].Why = RationaleFor(rationale, ds[i].Title, titles)
		}
	} else if strings.TrimSpace(in.Answer) != "" {
		opts := in.Model.Options
		d := model.Decision{Title: "Architecture approach", Why: strings.Join(strings.Fields(in.Answer), " ")}
		d.Context = fmt.Sprintf("Which architecture should carry \"%s\"?", in.Description)
		chosen := -1
		low := strings.ToLower(in.Answer)
		for i, o := range opts {
			if strings.Contains(low, strings.ToLower(o.Label)) && (chosen < 0 || len(o.Label) > len(opts[chosen].Label)) {
				chosen = i
			}
		}
		if chosen < 0 {
			d.Chosen = model.Option{Label: firstSentence(in.Answer)}
			d.Options = append([]model.Option{d.Chosen}, opts...)
		} else {
			d.Chosen = opts[chosen]
			d.Options = append([]model.Option{opts[chosen]}, append(append([]model.Option{}, opts[:chosen]...), opts[chosen+1:]...)...)
		}
		ds = []model.Decision{d}
	}
	numbers, err := existingADRs(in)
	if err != nil {
		return Result{}, err
	}
	var res Result
	if len(ds) > 0 && len(in.Model.Decisions) > 0 {
		res.Files = numbers.restatus(in, ds)
	}
	for _, d := range ds {
		name := fileSlug(d.Title)
		n, ok := numbers.bySlug[name]
		if !ok {
			numbers.max++
			n = numbers.max
			numbers.bySlug[name] = n
		}
		p := fmt.Sprintf("%s/adr-%04d-%s.md", in.ItemDir, n, name)
		vars := map[string]string{"title": d.Title, "date": in.Now.Format("2006-01-02"), "status": "accepted"}
		add := func(sec, body string) {
			res.Fills = append(res.Fills, Fill{Path: p, Template: "adr.md", Vars: vars, Section: sec, Body: body})
		}
		add("Context and Problem Statement", d.Context)
		if drivers == "" {
			drivers = "No decision drivers were recorded in step 03-01."
		}
		add("Decision Drivers", drivers)
		var opts strings.Builder
		for _, o := range d.Options {
			fmt.Fprintf(&opts, "* %s\n", o.Name())
		}
		add("Considered Options", opts.String())
		outcome := fmt.Sprintf("Chosen option: \"%s\"", d.Chosen.Name())
		if d.Chosen.Pros != "" {
			outcome += ", because " + strings.TrimSuffix(d.Chosen.Pros, ".") + "."
		} else {
			outcome += "."
		}
		if d.Why != "" {
			outcome += "\n\n" + d.Why
		}
		add("Decision Outcome", outcome)
		add("Consequences", prosCons(d.Chosen))
		var pc strings.Builder
		for i, o := range d.Options {
			if i > 0 {
				pc.WriteString("\n")
			}
			fmt.Fprintf(&pc, "### %s\n\n", o.Name())
			if o.Description != "" {
				pc.WriteString(o.Description + "\n\n")
			}
			pc.WriteString(prosCons(o))
		}
		add("Pros and Cons of the Options", pc.String())
		numbers.titles[path.Base(p)] = d.Title
	}
	if len(ds) > 0 {
		res.Fills = append(res.Fills, Fill{Path: in.ItemDir + "/architecture-overview.md", Template: "architecture-overview.md",
			Section: "Architecture Decision Records", Key: "adr-index", Body: numbers.index()})
	}
	return res, nil
}

type adrSet struct {
	bySlug     map[string]int
	titles     map[string]string // file name -> title
	deprecated map[string]bool   // file name -> marked deprecated
	data       map[string][]byte // file name -> content as found
	max        int
}

// Statuses rtgit sets; any other status was a person's call and is kept.
const (
	statusAccepted   = "accepted"
	statusDeprecated = "deprecated"
)

// restatus marks the decision records 03-02 wrote earlier and no longer
// lists as deprecated, and those it lists again as accepted. The records
// 03-01 writes ("Architecture approach") are its own and left alone.
func (s *adrSet) restatus(in Input, ds []model.Decision) []File {
	current := map[string]bool{fileSlug("Architecture approach"): true}
	for _, d := range ds {
		current[fileSlug(d.Title)] = true
	}
	var out []File
	for _, n := range slices.Sorted(maps.Keys(s.titles)) {
		slug := adrNameRe.FindStringSubmatch(n)[2]
		from, to := statusAccepted, statusDeprecated
		if current[slug] {
			from, to = statusDeprecated, statusAccepted
		}
		if next := withStatus(s.data[n], from, to); next != nil {
			out = append(out, File{Path: in.ItemDir + "/" + n, Data: next})
			s.deprecated[n] = to == statusDeprecated
		}
	}
	return out
}

func hasStatus(doc []byte, status string) bool { return withStatus(doc, status, status) != nil }

// withStatus returns doc with its front matter's "status: from" changed to
// "status: to", or nil when it has no such line.
func withStatus(doc []byte, from, to string) []byte {
	s := string(doc)
	if !strings.HasPrefix(s, "---\n") {
		return nil
	}
	end := strings.Index(s[4:], "\n---\n")
	if end < 0 {
		return nil
	}
	lines := strings.Split(s[4:4+end], "\n")
	for i, l := range lines {
		if k, v, ok := strings.Cut(l, ":"); ok && k == "status" && strings.TrimSpace(v) == from {
			lines[i] = "status: " + to
			return []byte("---\n" + strings.Join(lines, "\n") + s[4+end:])
		}
	}
	return nil
}

// existingADRs reads the ADRs already in the item folder.
func existingADRs(in Input) (*adrSet, error) {
	s := &adrSet{bySlug: map[string]int{}, titles: map[string]string{}, deprecated: map[string]bool{}, data: map[string][]byte{}}
	if in.List == nil {
		return s, nil
	}
	names, err := in.List(in.ItemDir)
	if err != nil {
		return nil, err
	}
	for _, n := range names {
		m := adrNameRe.FindStringSubmatch(n)
		if m == nil {
			continue
		}
		num, _ := strconv.Atoi(m[1])
		s.bySlug[m[2]] = num
		if num > s.max {
			s.max = num
		}
		title := m[2]
		if data, _ := in.Read(in.ItemDir + "/" + n); data != nil {
			s.data[n] = data
			s.deprecated[n] = hasStatus(data, statusDeprecated)
			for _, l := range strings.Split(string(data), "\n") {
				if strings.HasPrefix(l, "# ") {
					title = strings.TrimSpace(l[2:])
					break
				}
			}
		}
		s.titles[n] = title
	}
	return s, nil
}

// index lists every ADR of the item as links, in number order.
func (s *adrSet) index() string {
	var names []string
	for n := range s.titles {
		names = append(names, n)
	}
	sort.Strings(names)
	var b strings.Builder
	for _, n := range names {
		num := strings.SplitN(n, "-", 3)[1]
		note := ""
		if s.deprecated[n] {
			note = " (deprecated)"
		}
		fmt.Fprintf(&b, "- [ADR-%s: %s](%s)%s\n", num, s.titles[n], n, note)
	}
	return b.String()
}

// rationaleLabelRe finds "<label>:" where a paragraph, line or sentence
// starts: how people head the part of a rationale about one decision.
var rationaleLabelRe = lazyre.New(`(?m)(?:^|[.!?]\s+)\s*(?:[-*+]\s+)?(?:\*\*)?([A-Za-z][A-Za-z0-9 /&'-]{0,48}?)(?:\*\*)?:\s`)

// RationaleFor is the part of a rationale answer about the decision titled
// title: each part starts with a label naming one of the decisions and runs
// to the next such label. A label names the decision it matches best --
// the same words, one inside the other ("Encoding" for "File encoding"),
// or a shared word -- so no paragraph lands under the wrong decision.
func RationaleFor(rationale, title string, titles []string) string {
	var b []string
	for _, p := range rationaleParts(rationale, titles) {
		if p.title == title {
			b = append(b, p.text)
		}
	}
	return strings.Join(strings.Fields(strings.Join(b, " ")), " ")
}

type rationalePart struct{ title, text string }

func rationaleParts(rationale string, titles []string) []rationalePart {
	type cut struct {
		at    int
		title string
		lead  int // where the label's line marker ("- ", "**") starts
	}
	var cuts []cut
	for _, m := range rationaleLabelRe.FindAllStringSubmatchIndex(rationale, -1) {
		label := rationale[m[2]:m[3]]
		best, score := "", 0
		for _, t := range titles {
			if s := labelScore(label, t); s > score {
				best, score = t, s
			}
		}
		if score > 0 {
			at := m[2]
			if strings.HasSuffix(rationale[:at], "**") {
				at -= 2 // the label's bold is the person's, kept whole
			}
			cuts = append(cuts, cut{at, best, labelLead(rationale, m[2])})
		}
	}
	var out []rationalePart
	for i, c := range cuts {
		end := len(rationale)
		if i+1 < len(cuts) {
			end = cuts[i+1].lead
		}
		out = append(out, rationalePart{c.title, strings.TrimSpace(rationale[c.at:end])})
	}
	return out
}

// labelLead backs from a label at i over the bold and list marker that
// open it on its line, so the part before does not end with a stray "-".
func labelLead(s string, i int) int {
	j := strings.TrimRight(s[:i], "*")
	j = strings.TrimRight(j, " \t")
	if k := len(j); k > 0 && strings.ContainsRune("-*+", rune(j[k-1])) && (k == 1 || j[k-2] == ' ' || j[k-2] == '\t' || j[k-2] == '\n') {
		return k - 1
	}
	return len(strings.TrimRight(s[:i], "*"))
}

// labelScore rates how well a rationale label names a decision title.
func labelScore(label, title string) int {
	l, t := strings.ToLower(strings.TrimSpace(label)), strings.ToLower(strings.TrimSpace(title))
	switch {
	case l == t:
		return 3
	case strings.Contains(t, l) || strings.Contains(l, t):
		return 2
	}
	for _, w := range strings.Fields(l) {
		if len(w) >= 4 && slices.Contains(strings.Fields(t), w) {
			return 1
		}
	}
	return 0
}

// prosCons lists what was said for and against an option. Nothing is
// written for a side nobody stated: "Good, because none was stated" reads
// like a judgement nobody made.
func prosCons(o model.Option) string {
	var b strings.Builder
	if strings.TrimSpace(o.Pros) != "" {
		fmt.Fprintf(&b, "* Good, because %s\n", sentence(o.Pros))
	}
	if strings.TrimSpace(o.Cons) != "" {
		fmt.Fprintf(&b, "* Bad, because %s\n", sentence(o.Cons))
	}
	if b.Len() == 0 {
		b.WriteString("_No pros or cons were given._\n")
	}
	return b.String()
}

// firstSentence is the first sentence as the person wrote it, never cut
// at "e.g." or "3.x" (steps/prose), on one line.
func firstSentence(s string) string {
	return strings.Join(strings.Fields(prose.First(s)), " ")
}

// sentence finishes a pros or cons fragment, or says none was stated.
func sentence(s string) string {
	s = strings.TrimSuffix(strings.TrimSpace(s), ".")
	if s == "" {
		return "none was stated."
	}
	return s + "."
}
