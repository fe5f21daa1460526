package model

import (
	"github.com/rtgit/rtgit/internal/lazyre"
	"github.com/rtgit/rtgit/steps/prose"
	"strings"
)

// Option is one architecture or technology option with its tradeoffs.
type Option struct {
	Label       string // "Option A", or the option's name
	Title       string
	Description string
	Pros, Cons  string
}

// Name is how the option is referred to in headings and ADRs.
func (o Option) Name() string {
	if o.Title == "" || o.Title == o.Label {
		return o.Label
	}
	return o.Label + ": " + o.Title
}

var (
	optionRe = lazyre.New(`(?i)^(option\s+[a-z0-9]+)\s*[:.)-]\s*(.*)$`)
	prosRe   = lazyre.New(`(?i)\bpros?\s*:\s*`)
	consRe   = lazyre.New(`(?i)\bcons?\s*:\s*`)
)

// ParseOptions reads "Option A: title. What it is. Pros: … Cons: …"
// paragraphs; lines that do not start an option continue the last one.
func ParseOptions(answer string) []Option {
	var out []Option
	for _, l := range answerLines(answer) {
		if m := optionRe.FindStringSubmatch(l); m != nil {
			out = append(out, Option{Label: strings.TrimSpace(m[1]), Description: m[2]})
			continue
		}
		if len(out) > 0 {
			out[len(out)-1].Description += " " + l
		}
	}
	for i := range out {
		o := &out[i]
		text := o.Description
		if loc := consRe.FindStringIndex(text); loc != nil {
			o.Cons, text = strings.TrimSpace(text[loc[1]:]), text[:loc[0]]
		}
		if loc := prosRe.FindStringIndex(text); loc != nil {
			o.Pros, text = strings.TrimSpace(text[loc[1]:]), text[:loc[0]]
		}
		text = strings.TrimSpace(text)
		// The title is the option's first sentence, as a tokenizer reads
		// it: "a separate command, e.g. flask routes-json" is one title.
		if ss := prose.Split(text); len(ss) > 1 {
			o.Title = strings.TrimSuffix(ss[0], ".")
			text = strings.TrimSpace(strings.TrimPrefix(text[strings.Index(text, ss[0])+len(ss[0]):], " "))
		} else {
			o.Title, text = strings.TrimSuffix(text, "."), ""
		}
		o.Description = text
	}
	return out
}

// Component is one "Name: responsibility" line of 03-03.
type Component struct{ Name, Role string }

// ParseComponents reads one component per line.
func ParseComponents(answer string) []Component {
	var out []Component
	for _, l := range answerLines(answer) {
		name, role, _ := strings.Cut(l, ":")
		out = append(out, Component{strings.TrimSpace(name), strings.TrimSpace(role)})
	}
	return out
}

// Connection is one "From -> To: what flows" line of 03-03.
type Connection struct{ From, To, What string }

var arrowRe = lazyre.New(`\s*-+>\s*`)

// ParseConnections reads one connection per line.
func ParseConnections(answer string) []Connection {
	var out []Connection
	for _, l := range answerLines(answer) {
		parts := arrowRe.Split(l, 2)
		if len(parts) != 2 {
			continue
		}
		to, what, _ := strings.Cut(parts[1], ":")
		out = append(out, Connection{strings.TrimSpace(parts[0]), strings.TrimSpace(to), strings.TrimSpace(what)})
	}
	return out
}
