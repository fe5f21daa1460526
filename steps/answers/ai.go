package answers

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"

	"github.com/rtgit/rtgit/internal/lazyre"
)

// A model-written text in an answer file carries its provenance in a
// hidden marker line, so a reader (and rtgit, later) can tell it from
// what a person wrote:
//
//	<!-- rtgit:ai id=scope model=gpt-4o-mini prompt=3f2a9c01b7de text=9be1c0aa42f3 -->
//
// It stands just before the answer block it drafted. prompt is a hash of
// the exact prompt the model answered and text a hash of what it wrote
// ([TextHash]): an answer whose text still has that hash is the model's
// draft, confirmed unchanged.
//
// In standard and deep depth a model's suggestion sits under the question
// instead, collapsed, with a box to tick to use it:
//
//	<!-- rtgit:suggestion id=scope model=gpt-4o-mini prompt=3f2a9c01b7de text=9be1c0aa42f3 -->
//	<details>
//	<summary>…</summary>
//
//	the suggestion
//
//	</details>
//
//	- [ ] Use this suggestion as my answer
//	<!-- rtgit:end suggestion id=scope -->

// AIMark is the provenance of one model-written text.
type AIMark struct {
	ID     string // the question
	Model  string
	Prompt string // hash of the prompt
	Text   string // TextHash of what the model wrote
	// Chosen: a person chose the text, by ticking its suggestion's box,
	// so it is their answer although a model wrote it. Written as
	// chosen=yes; a draft left as it was is not chosen.
	Chosen bool
}

// Suggestion is a model's suggested answer shown beside a question.
type Suggestion struct {
	AIMark
	Body   string // the suggestion as shown
	Ticked bool   // the user ticked its box to use it
}

// AI is a model-written text to render for a question: a draft in the
// answer area, or (Suggest) a suggestion beside it.
type AI struct {
	Text    string
	Model   string
	Prompt  string
	By      string // the persona presenting it: "Maya"
	Suggest bool
}

// modelRe is what a model id may be in a marker: model names use ':' and
// '/' ("llama3.1:8b", "org/model"), but never spaces or "-->".
var modelRe = lazyre.New(`^[A-Za-z0-9][A-Za-z0-9._:/@+-]*$`)

// TextHash is the short hash provenance compares texts by, taken over the
// text as an answer area reads back (line endings and surrounding blank
// lines do not count).
func TextHash(s string) string {
	sum := sha256.Sum256([]byte(strings.TrimSpace(trimBlankLines(normalise(s)))))
	return hex.EncodeToString(sum[:6])
}

// SafeModel makes a model id fit a marker attribute.
func SafeModel(model string) string {
	if modelRe.MatchString(model) {
		return model
	}
	var b strings.Builder
	for _, r := range model {
		if r < 128 && (r == '.' || r == '_' || r == ':' || r == '/' || r == '@' || r == '+' || r == '-' ||
			(r >= '0' && r <= '9') || (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z')) {
			b.WriteRune(r)
		} else {
			b.WriteByte('_')
		}
	}
	s := strings.TrimLeft(b.String(), "._:/@+-")
	if s == "" {
		return "model"
	}
	return s
}

func aiMarker(kind string, m AIMark) string {
	chosen := ""
	if m.Chosen {
		chosen = " chosen=yes"
	}
	return fmt.Sprintf("<!-- rtgit:%s id=%s model=%s prompt=%s text=%s%s -->", kind, m.ID, SafeModel(m.Model), m.Prompt, m.Text, chosen)
}

const suggestionTick = "Use this suggestion as my answer"

// suggestionBlock renders a suggestion's whole block, markers included.
func suggestionBlock(m AIMark, by, body string) string {
	who := "A suggestion"
	if by != "" {
		who = by + "'s suggestion"
	}
	return strings.Join([]string{
		aiMarker("suggestion", m),
		"<details>",
		fmt.Sprintf("<summary>%s, written by the model %s: tick the box below to use it, or copy what helps into your answer</summary>", who, SafeModel(m.Model)),
		"",
		body,
		"",
		"</details>",
		"",
		"- [ ] " + suggestionTick,
		"<!-- rtgit:end suggestion id=" + m.ID + " -->",
	}, "\n")
}

// parseAIArgs reads "id= model= prompt= text=" in any order, and for a
// draft an optional "chosen=yes".
func parseAIArgs(kind string, args []string) (AIMark, error) {
	var m AIMark
	want := fmt.Sprintf("want <!-- rtgit:%s id=ID model=MODEL prompt=HASH text=HASH -->", kind)
	for _, a := range args {
		k, v, _ := strings.Cut(a, "=")
		var dst *string
		switch k {
		case "chosen":
			if kind != "ai" || v != "yes" || m.Chosen {
				return AIMark{}, fmt.Errorf("%s marker has a bad or repeated %q; only a draft may say chosen=yes; %s", kind, a, want)
			}
			m.Chosen = true
			continue
		case "id":
			dst = &m.ID
		case "model":
			dst = &m.Model
		case "prompt":
			dst = &m.Prompt
		case "text":
			dst = &m.Text
		default:
			return AIMark{}, fmt.Errorf("%s marker has unknown attribute %q; %s", kind, a, want)
		}
		ok := tokenRe.MatchString(v)
		if k == "model" {
			ok = modelRe.MatchString(v)
		}
		if *dst != "" || !ok {
			return AIMark{}, fmt.Errorf("%s marker has a bad or repeated %s=; %s", kind, k, want)
		}
		*dst = v
	}
	if m.ID == "" || m.Model == "" || m.Prompt == "" || m.Text == "" {
		return AIMark{}, fmt.Errorf("%s marker needs id, model, prompt and text; %s", kind, want)
	}
	return m, nil
}

var tickedRe = lazyre.New(`^\s{0,3}[-*+][ \t]+\[[xX]\]`)

// parseSuggestion reads a suggestion block's body: the text inside its
// <details> and whether its box is ticked.
func parseSuggestion(m AIMark, body string) Suggestion {
	s := Suggestion{AIMark: m}
	lines := strings.Split(body, "\n")
	start, end := 0, len(lines)
	for i, l := range lines {
		t := strings.TrimSpace(l)
		if strings.HasPrefix(t, "<summary>") && start == 0 {
			start = i + 1
		}
		if t == "</details>" {
			end = i
		}
	}
	if start > end {
		start = end
	}
	s.Body = trimBlankLines(strings.Join(lines[start:end], "\n"))
	for _, l := range lines[end:] {
		if tickedRe.MatchString(l) {
			s.Ticked = true
		}
	}
	return s
}

// Suggested returns the suggestion for question id.
func (f *File) Suggested(id string) (Suggestion, bool) {
	for _, s := range f.Suggestions {
		if s.ID == id {
			return s, true
		}
	}
	return Suggestion{}, false
}

// Drafted returns the provenance of question id's answer when the answer
// is still exactly what a model wrote: an AI draft, confirmed unchanged.
// A suggestion copied into the answer word for word counts too.
func (f *File) Drafted(id string) (AIMark, bool) {
	a, ok := f.Answer(id)
	if !ok || !a.Answered {
		return AIMark{}, false
	}
	h := TextHash(a.Text)
	for _, m := range f.AI {
		if m.ID == id && m.Text == h {
			return m, true
		}
	}
	if s, ok := f.Suggested(id); ok && s.Text == h {
		return s.AIMark, true
	}
	return AIMark{}, false
}
