package artifacts

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"time"

	"gopkg.in/yaml.v3"
)

// Input is what a structured transform knows about the answer it turns
// into a file.
type Input struct {
	Slug, Description string
	ItemDir           string // docs/requirements/<slug>
	StepID, StepTitle string
	Output            string // the declared output key
	OutputPath        string // where that key lives
	Question          string
	QuestionText      string
	Answer            string // "" when unanswered
	// Read returns a file's current content (nil when absent).
	Read func(path string) ([]byte, error)
	// Lookup resolves placeholders such as "01-06.requirements".
	Lookup func(name string) (string, bool)
	Now    time.Time
}

// File is one file a transform writes.
type File struct {
	Path string
	Data []byte
}

// Transform turns one answer into files.
type Transform func(Input) ([]File, error)

// Transforms are the structured writers step files may name with `as`.
var Transforms = map[string]Transform{
	"user-stories":   userStories,
	"traceability":   traceability,
	"nfr-matrix":     nfrMatrix,
	"adr":            adrs,
	"module-design":  moduleDesigns,
	"interface-spec": interfaceSpec,
}

// Story is one entry of user-stories.json.
type Story struct {
	ID                 string   `json:"id"`
	AsA                string   `json:"as_a"`
	IWant              string   `json:"i_want"`
	SoThat             string   `json:"so_that"`
	AcceptanceCriteria []string `json:"acceptance_criteria"`
	Priority           string   `json:"priority"`
	LinkedRequirements []string `json:"linked_requirements"`
}

var (
	storyRe = regexp.MustCompile(`(?i)^as an?\s+(.+?),\s*i want(?: to)?\s+(.+?),\s*so that\s+(.+?)\.?$`)
	reqIDRe = regexp.MustCompile(`\b(?:FR|NFR|CON)-\d{3}\b`)
	bullet  = regexp.MustCompile(`^\s*(?:[-*+]|\d+[.)])\s+`)
)

func answerLines(s string) []string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimSpace(bullet.ReplaceAllString(l, "")); l != "" {
			out = append(out, l)
		}
	}
	return out
}

// ParseStories reads "As a …, I want …, so that …" lines; lines after a
// story (Given/When/Then, AC:) become its acceptance criteria.
func ParseStories(answer string) []Story {
	stories := []Story{}
	for _, l := range answerLines(answer) {
		if m := storyRe.FindStringSubmatch(l); m != nil {
			stories = append(stories, Story{ID: fmt.Sprintf("US-%03d", len(stories)+1), AsA: m[1], IWant: m[2], SoThat: m[3],
				AcceptanceCriteria: []string{}, LinkedRequirements: uniq(reqIDRe.FindAllString(l, -1))})
			continue
		}
		if len(stories) > 0 {
			st := &stories[len(stories)-1]
			st.AcceptanceCriteria = append(st.AcceptanceCriteria, strings.TrimPrefix(l, "AC: "))
			st.LinkedRequirements = uniq(append(st.LinkedRequirements, reqIDRe.FindAllString(l, -1)...))
		}
	}
	return stories
}

func uniq(in []string) []string {
	out := []string{}
	seen := map[string]bool{}
	for _, s := range in {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

func userStories(in Input) ([]File, error) {
	data, err := json.MarshalIndent(ParseStories(in.Answer), "", "  ")
	if err != nil {
		return nil, err
	}
	return []File{{in.OutputPath, append(data, '\n')}}, nil
}

// traceability writes one row per requirement/story link, taking
// priorities from the answer ("FR-001: Must Have") and links from
// user-stories.json.
func traceability(in Input) ([]File, error) {
	prio := map[string]string{}
	var order []string
	for _, l := range answerLines(in.Answer) {
		id := reqIDRe.FindString(l)
		if id == "" {
			continue
		}
		if _, seen := prio[id]; !seen {
			order = append(order, id)
		}
		for _, p := range []string{"Must Have", "Should Have", "Could Have", "Won't Have"} {
			if strings.Contains(strings.ToLower(l), strings.ToLower(p)) {
				prio[id] = p
			}
		}
	}
	var stories []Story
	if data, _ := in.Read(in.ItemDir + "/user-stories.json"); data != nil {
		_ = json.Unmarshal(data, &stories)
	}
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	_ = w.Write([]string{"Requirement", "User Story", "Priority", "Status"})
	for _, id := range order {
		linked := false
		for _, s := range stories {
			for _, r := range s.LinkedRequirements {
				if r == id {
					_ = w.Write([]string{id, s.ID, prio[id], "Draft"})
					linked = true
				}
			}
		}
		if !linked {
			_ = w.Write([]string{id, "", prio[id], "Draft"})
		}
	}
	w.Flush()
	return []File{{in.OutputPath, buf.Bytes()}}, w.Error()
}

// nfrMatrix keeps one shared table; this item's rows are replaced, every
// other item's rows are kept as they were.
func nfrMatrix(in Input) ([]File, error) {
	existing, err := in.Read(in.OutputPath)
	if err != nil {
		return nil, err
	}
	head := "# NFR Matrix\n\nNon-functional requirements across analysed items.\n\n| Item | ID | Category | Requirement |\n|---|---|---|---|\n"
	var rows []string
	if existing != nil {
		parts := strings.SplitN(string(existing), "|---|---|---|---|\n", 2)
		if len(parts) == 2 {
			head = parts[0] + "|---|---|---|---|\n"
			for _, r := range strings.Split(strings.TrimRight(parts[1], "\n"), "\n") {
				if r != "" && !strings.HasPrefix(r, "| "+in.Slug+" |") {
					rows = append(rows, r)
				}
			}
		}
	}
	for i, l := range answerLines(in.Answer) {
		cat, req, ok := strings.Cut(l, ":")
		if !ok {
			cat, req = "General", l
		}
		rows = append(rows, fmt.Sprintf("| %s | NFR-%03d | %s | %s |", in.Slug, i+1, cell(cat), cell(req)))
	}
	return []File{{in.OutputPath, []byte(head + strings.Join(rows, "\n") + "\n")}}, nil
}

func cell(s string) string { return strings.ReplaceAll(strings.TrimSpace(s), "|", `\|`) }

var decisionRe = regexp.MustCompile(`(?i)^decision:\s*(.+?)\s*--\s*chosen:\s*([^;]+?)\s*(?:;\s*alternatives?:\s*(.+))?$`)

// adrs writes one MADR file per "Decision: … -- chosen: …" line, numbered
// within the item so two branches never collide.
func adrs(in Input) ([]File, error) {
	var out []File
	n := 0
	for _, l := range answerLines(in.Answer) {
		m := decisionRe.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		n++
		title, chosen := m[1], m[2]
		options := []string{chosen}
		for _, a := range strings.Split(m[3], ",") {
			if a = strings.TrimSpace(a); a != "" {
				options = append(options, a)
			}
		}
		var b strings.Builder
		fmt.Fprintf(&b, "---\nstatus: accepted\ndate: %s\n---\n\n# %s\n\n## Context and Problem Statement\n\n%s (step %s, %s)\n\n## Considered Options\n\n", in.Now.Format("2006-01-02"), title, in.Description, in.StepID, in.StepTitle)
		for _, o := range options {
			fmt.Fprintf(&b, "* %s\n", o)
		}
		fmt.Fprintf(&b, "\n## Decision Outcome\n\nChosen option: \"%s\".\n\n### Consequences\n\n* See the tradeoffs recorded in architecture-overview.md.\n", chosen)
		out = append(out, File{fmt.Sprintf("%s/adr-%04d-%s.md", in.ItemDir, n, fileSlug(title)), []byte(b.String())})
	}
	return out, nil
}

func fileSlug(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(s) {
		if (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') {
			b.WriteRune(r)
			dash = false
		} else if !dash && b.Len() > 0 {
			b.WriteByte('-')
			dash = true
		}
	}
	out := strings.Trim(b.String(), "-")
	if len(out) > 40 {
		out = strings.Trim(out[:40], "-")
	}
	if out == "" {
		out = "untitled"
	}
	return out
}

var moduleRe = regexp.MustCompile(`(?im)^\s*(?:[-*]\s*)?module:\s*(.+?)\s*$`)

// moduleDesigns writes module-design-<name>.md per "Module: name" block,
// keeping the block (fenced code included) verbatim.
func moduleDesigns(in Input) ([]File, error) {
	locs := moduleRe.FindAllStringSubmatchIndex(in.Answer, -1)
	var out []File
	for i, loc := range locs {
		end := len(in.Answer)
		if i+1 < len(locs) {
			end = locs[i+1][0]
		}
		name := in.Answer[loc[2]:loc[3]]
		body := strings.TrimSpace(in.Answer[loc[1]:end])
		doc := fmt.Sprintf("# Module Design: %s\n\n**Item**: %s\n\n## Responsibilities and Interfaces\n\n%s\n", name, in.Description, body)
		out = append(out, File{fmt.Sprintf("%s/module-design-%s.md", in.ItemDir, fileSlug(name)), []byte(doc)})
	}
	return out, nil
}

// interfaceSpec builds interface-spec.yaml from several answers: the
// contract answer is kept when it is already a YAML mapping and otherwise
// recorded line by line as operations, so the file always parses; any other
// question lands under its own key. Earlier answers in the file survive.
func interfaceSpec(in Input) ([]File, error) {
	doc := map[string]any{}
	if old, err := in.Read(in.OutputPath); err != nil {
		return nil, err
	} else if old != nil {
		if err := yaml.Unmarshal(old, &doc); err != nil || doc == nil {
			doc = map[string]any{}
		}
	}
	if in.Question == "contracts" {
		var given map[string]any
		if err := yaml.Unmarshal([]byte(stripFence(in.Answer)), &given); err == nil && given != nil {
			for k, v := range given {
				doc[k] = v
			}
		} else {
			doc["operations"] = append([]string{}, answerLines(in.Answer)...)
		}
	} else {
		doc[in.Question] = strings.TrimSpace(in.Answer)
	}
	doc["item"] = in.Slug
	data, err := yaml.Marshal(doc)
	if err != nil {
		return nil, err
	}
	return []File{{in.OutputPath, append([]byte("# Interface specification for "+in.Slug+", from step "+in.StepID+".\n"), data...)}}, nil
}

func stripFence(s string) string {
	t := strings.TrimSpace(s)
	if strings.HasPrefix(t, "```") {
		if i := strings.Index(t, "\n"); i >= 0 {
			t = t[i+1:]
		}
		t = strings.TrimSuffix(strings.TrimSpace(t), "```")
	}
	return t
}
