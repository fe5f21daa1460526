// Package elaboration runs elaboration mode: a roundtable discussion in
// which every persona brings its own angle to one step, the user answers
// turn by turn, and the discussion ends in a synthesis written into the
// step's artifacts.
//
// rtgit has no model, so the personas speak through authored prompts: the
// step file's `## Elaboration` section first, then each persona's general
// elaboration prompts. Everything here is plain data and text; the step
// machine decides where a discussion is stored and committed.
package elaboration

import (
	"bytes"
	"fmt"
	"strings"
	"time"

	"gopkg.in/yaml.v3"
)

// Turn kinds. A discussion is the list of its turns, so it can be rendered,
// resumed after a restart, and synthesised without hidden state.
const (
	KindIntro    = "intro"    // rtgit introduces the discussion
	KindQuestion = "question" // a persona reflects and asks its next angle
	KindRedirect = "redirect" // the lead brings an off-topic turn back
	KindNotice   = "notice"   // the lead says the end is near
	KindUser     = "user"     // the user speaks
)

// UserSpeaker marks the user's turns.
const UserSpeaker = "user"

// Turn is one thing said in a discussion.
type Turn struct {
	Speaker  string `yaml:"speaker"`             // persona key, UserSpeaker, or "" for rtgit
	Kind     string `yaml:"kind"`                // one of the Kind constants
	To       string `yaml:"to,omitempty"`        // persona key a user turn addressed
	Prompt   string `yaml:"prompt,omitempty"`    // the authored prompt a question used
	OffTopic bool   `yaml:"off_topic,omitempty"` // a user turn the lead redirected
	Text     string `yaml:"text"`
	// AI is the provenance of a turn a model wrote: "model=M prompt=HASH".
	AI string `yaml:"ai,omitempty"`
	// By is who said a user turn when rtgit knows: "@login" for a
	// pull-request comment, "" at the command line.
	By string `yaml:"by,omitempty"`
}

// Discussion is one elaboration of one step.
type Discussion struct {
	Started  time.Time `yaml:"started"`
	Ended    time.Time `yaml:"ended,omitempty"`
	MaxTurns int       `yaml:"max_turns"`
	Turns    []Turn    `yaml:"turns"`
}

// Active reports whether the discussion is still going on.
func (d *Discussion) Active() bool { return d.Ended.IsZero() }

// UserTurns counts the user's turns: the number the turn limit applies to.
func (d *Discussion) UserTurns() int {
	n := 0
	for _, t := range d.Turns {
		if t.Kind == KindUser {
			n++
		}
	}
	return n
}

// File is the elaboration file of one step: every discussion held on it,
// the last one possibly still active.
type File struct {
	StepID      string       `yaml:"step_id"`
	Title       string       `yaml:"title"`
	Discussions []Discussion `yaml:"discussions"`
}

// Current returns the active discussion, or nil.
func (f *File) Current() *Discussion {
	if n := len(f.Discussions); n > 0 && f.Discussions[n-1].Active() {
		return &f.Discussions[n-1]
	}
	return nil
}

// Parse reads an elaboration file: YAML front matter holding the state,
// followed by a rendered transcript that is only for reading.
func Parse(name string, data []byte) (*File, error) {
	data = bytes.ReplaceAll(data, []byte("\r\n"), []byte("\n"))
	rest, ok := bytes.CutPrefix(data, []byte("---\n"))
	if !ok {
		return nil, fmt.Errorf("%s:1: missing front matter: the file must start with ---", name)
	}
	end := bytes.Index(rest, []byte("\n---\n"))
	if end < 0 {
		return nil, fmt.Errorf("%s:1: front matter is not closed with ---", name)
	}
	var f File
	if err := yaml.Unmarshal(rest[:end+1], &f); err != nil {
		return nil, fmt.Errorf("%s:%s", name, yamlErr(err))
	}
	if f.StepID == "" {
		return nil, fmt.Errorf("%s:2: step_id is missing", name)
	}
	return &f, nil
}

// yamlErr turns yaml.v3's "yaml: line N: msg" into "N+1: msg": the front
// matter starts on the file's second line.
func yamlErr(err error) string {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	var line int
	if n, _ := fmt.Sscanf(msg, "line %d:", &line); n == 1 {
		_, rest, _ := strings.Cut(msg, ":")
		return fmt.Sprintf("%d:%s", line+1, rest)
	}
	return " " + msg
}

// Marshal writes the state and a readable transcript of every discussion.
// names maps persona keys to display names ("Maya Chen (Business Analyst)").
func (f *File) Marshal(names map[string]string) ([]byte, error) {
	state, err := yaml.Marshal(f)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	b.WriteString("---\n")
	b.Write(state)
	b.WriteString("---\n\n")
	fmt.Fprintf(&b, "# Roundtable: Step %s: %s\n\n", f.StepID, f.Title)
	b.WriteString("_rtgit keeps this discussion in the front matter above and rewrites the transcript below on every turn. Take part with `rtgit elaborate <slug> \"…\"` or a pull-request comment; say \"done\" to wrap up._\n")
	for i, d := range f.Discussions {
		fmt.Fprintf(&b, "\n## Discussion %d (%s)\n", i+1, d.Started.UTC().Format(time.RFC3339))
		for _, t := range d.Turns {
			who := names[t.Speaker]
			switch {
			case t.Speaker == UserSpeaker:
				who = userName(t.By, "You")
			case t.Speaker == "":
				who = "rtgit"
			case who == "":
				who = t.Speaker
			}
			fmt.Fprintf(&b, "\n**%s:** %s\n", who, strings.TrimSpace(t.Text))
			if t.AI != "" {
				fmt.Fprintf(&b, "\n_(written by a model: %s)_\n", t.AI)
			}
		}
		if !d.Active() {
			fmt.Fprintf(&b, "\n_Ended after %d turns._\n", d.UserTurns())
		}
	}
	return b.Bytes(), nil
}
