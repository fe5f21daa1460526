package elaboration

import (
	"fmt"
	"sort"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/rtgit/rtgit/internal/lazyre"
	"github.com/rtgit/rtgit/steps"
	"github.com/rtgit/rtgit/steps/comment"
)

// DefaultMaxTurns is the turn limit when meta.json sets none.
const DefaultMaxTurns = 10

// Topic is what a discussion is about: one step and what is known of it.
type Topic struct {
	StepID, Title string
	Focus         string // the answer so far that the lead frames the topic with, "" if none
	Words         map[string]bool
}

// Table is the roundtable for one step: the lead and the others, in the
// order they speak when nobody is addressed.
type Table struct {
	Lead   Participant
	Others []Participant // alphabetical by name
}

// NewTable seats lead first and everyone else in alphabetical order.
func NewTable(lead Participant, all []Participant) Table {
	t := Table{Lead: lead}
	for _, p := range all {
		if p.Key != lead.Key {
			t.Others = append(t.Others, p)
		}
	}
	sort.Slice(t.Others, func(i, j int) bool { return t.Others[i].Name < t.Others[j].Name })
	return t
}

// Order is the speaking rotation: the lead, then the others.
func (t Table) Order() []Participant { return append([]Participant{t.Lead}, t.Others...) }

func (t Table) find(key string) (Participant, bool) {
	for _, p := range t.Order() {
		if p.Key == key {
			return p, true
		}
	}
	return Participant{}, false
}

// Start opens a discussion: rtgit introduces it and the lead frames the
// topic with a focus question.
func Start(t Table, topic Topic, maxTurns int, now time.Time) Discussion {
	if maxTurns <= 0 {
		maxTurns = DefaultMaxTurns
	}
	d := Discussion{Started: now.UTC(), MaxTurns: maxTurns}
	var names []string
	for _, p := range t.Order() {
		names = append(names, fmt.Sprintf("%s (%s)", p.Name, p.Role))
	}
	example := t.Lead.First
	if len(t.Others) > 0 {
		example = t.Others[0].First
	}
	d.Turns = append(d.Turns, Turn{Kind: KindIntro, Text: fmt.Sprintf(
		"Elaboration mode: a roundtable on Step %s: %s with %s. Address anyone by name (\"%s, …\"); say \"done\" to wrap up. We have %d turns.",
		topic.StepID, topic.Title, steps.JoinAnd(names), example, maxTurns)})
	prompt := nextPrompt(&d, t.Lead, topic)
	frame := fmt.Sprintf("Let's look at %s together.", topic.Title)
	if topic.Focus != "" {
		frame += fmt.Sprintf(" So far we have: \"%s\".", gist(topic.Focus, 160))
	}
	d.Turns = append(d.Turns, Turn{Speaker: t.Lead.Key, Kind: KindQuestion, Prompt: prompt, Text: frame + " " + prompt})
	return d
}

// Reply is what happened on one user turn.
type Reply struct {
	Turns []Turn // what the personas said in response, in order
	Done  bool   // the discussion reached its turn limit or an exit keyword
}

// Take records one user turn and the roundtable's response. An exit keyword
// or the turn limit ends the discussion; the caller then synthesises it.
func Take(d *Discussion, t Table, topic Topic, text string, now time.Time) Reply {
	return TakeFrom(d, t, topic, text, "", now)
}

// TakeFrom is Take for a turn whose author rtgit knows ("@login" of a
// pull-request comment), who is then credited for what it said.
func TakeFrom(d *Discussion, t Table, topic Topic, text, by string, now time.Time) Reply {
	text = strings.TrimSpace(text)
	topic.Words = d.topicWords(topic.Words)
	if rest, exit := SplitExit(text); exit {
		// What came with the wrap-up word is the user's last turn; thanks
		// alone, or words off the topic, record nothing.
		if rest != "" && comment.Triage(rest) != comment.KindAcknowledgement {
			last := Turn{Speaker: UserSpeaker, Kind: KindUser, Text: rest, To: Addressed(rest, t.Order()), By: by}
			last.OffTopic = last.To == "" && OffTopic(rest, topic.Words) && !d.answersRaised(rest)
			d.Turns = append(d.Turns, last)
		}
		d.Ended = now.UTC()
		return Reply{Done: true}
	}
	user := Turn{Speaker: UserSpeaker, Kind: KindUser, Text: text, To: Addressed(text, t.Order()), By: by}
	if user.To == "" && OffTopic(text, topic.Words) && !d.answersRaised(text) {
		user.OffTopic = true
	}
	d.Turns = append(d.Turns, user)
	var r Reply
	switch {
	case user.OffTopic:
		last := lastQuestion(d)
		r.Turns = append(r.Turns, Turn{Speaker: t.Lead.Key, Kind: KindRedirect, Prompt: last.Prompt, Text: fmt.Sprintf(
			"That may matter, but it's outside %s, so let's park it. Back to the question: %s", topic.Title, last.Prompt)})
	default:
		p := t.Lead
		if user.To != "" {
			p, _ = t.find(user.To)
		} else {
			p = nextInRotation(d, t)
		}
		r.Turns = append(r.Turns, respond(d, t, topic, p, user))
	}
	d.Turns = append(d.Turns, r.Turns...)
	n := d.UserTurns()
	switch {
	case n >= d.MaxTurns:
		d.Ended = now.UTC()
		r.Done = true
	case n == d.MaxTurns-2:
		notice := Turn{Speaker: t.Lead.Key, Kind: KindNotice, Text: fmt.Sprintf(
			"We're nearing the end: two more turns, then I'll pull together what we've learned about %s.", topic.Title)}
		d.Turns = append(d.Turns, notice)
		r.Turns = append(r.Turns, notice)
	}
	return r
}

// respond is p's answer to a user turn: a reflection in p's own words, a
// cross-reference to whoever asked before, and p's next angle.
func respond(d *Discussion, t Table, topic Topic, p Participant, user Turn) Turn {
	prev := lastQuestion(d)
	said := StripAddress(user.Text, p)
	g := gist(said, 100)
	ack := steps.FillAck(p.Ack, lowerFirst(g), `"`+g+`"`)
	switch {
	case comment.Triage(said) == comment.KindQuestion:
		// rtgit cannot answer a question itself; it keeps it visible
		// as open, and the synthesis lists it.
		ack = fmt.Sprintf("That's a question for the team: \"%s\" An answer given here is recorded with it; unanswered, it stays open in the synthesis.", strings.TrimSpace(said))
	case ack == "":
		ack = fmt.Sprintf("So: %s.", gist(said, 100))
	}
	prompt := nextPrompt(d, p, topic)
	link, asked := "", prompt
	if asker, ok := t.find(prev.Speaker); ok && asker.Key != p.Key {
		link = fmt.Sprintf("Building on %s's question, ", asker.First)
		asked = lowerFirst(prompt)
	}
	// Prompt keeps the prompt as written, so nextPrompt knows it was
	// asked however the sentence around it cased it.
	return Turn{Speaker: p.Key, Kind: KindQuestion, Prompt: strings.TrimSpace(prompt), Text: strings.TrimSpace(ack + " " + link + asked)}
}

// nextInRotation is the participant after the last one who asked, so each
// voice gets a turn when nobody is addressed.
func nextInRotation(d *Discussion, t Table) Participant {
	order := t.Order()
	last := lastQuestion(d)
	for i, p := range order {
		if p.Key == last.Speaker {
			return order[(i+1)%len(order)]
		}
	}
	return t.Lead
}

// lastQuestion is the most recent persona question or redirect.
func lastQuestion(d *Discussion) Turn {
	for i := len(d.Turns) - 1; i >= 0; i-- {
		if k := d.Turns[i].Kind; k == KindQuestion || k == KindRedirect {
			return d.Turns[i]
		}
	}
	return Turn{}
}

// nextPrompt is p's first prompt that nobody at the table has asked in
// this discussion yet: a question the person answered is not asked
// again by the next voice. Once they are used up, the follow-up comes
// from what the user said last, which rtgit can quote but not judge.
func nextPrompt(d *Discussion, p Participant, topic Topic) string {
	asked := map[string]bool{}
	var said string
	for _, t := range d.Turns {
		if t.Prompt != "" {
			asked[t.Prompt] = true
		}
		if t.Kind == KindUser && !t.OffTopic {
			said = t.Text
		}
	}
	for _, pr := range p.Prompts {
		if !asked[pr] {
			return pr
		}
	}
	if said != "" {
		if pr := fmt.Sprintf("You said \"%s\": what is one real case of that, and what should happen in it?", gist(StripAddress(said, p), 100)); !asked[pr] {
			return pr
		}
	}
	return fmt.Sprintf("What about %s have we not written down yet?", topic.Title)
}

// sentenceEndRe ends a sentence: end punctuation before a space or the
// end, so "invoices/api.py" or "v1.2" is not cut.
var sentenceEndRe = lazyre.New(`[.!?](\s|$)`)

// gist is the first sentence of text, cut to at most n bytes on a word
// boundary: enough to reflect a point back without repeating it all. A
// code span is never cut open: the cut falls before its backtick.
func gist(text string, n int) string {
	t := strings.Join(strings.Fields(text), " ")
	if loc := sentenceEndRe.FindStringIndex(t); loc != nil && loc[0] > 0 && strings.Count(t[:loc[0]], "`")%2 == 0 {
		t = t[:loc[0]]
	}
	if len(t) > n {
		cut := strings.LastIndex(t[:n], " ")
		if cut < n/2 {
			cut = n
		}
		for cut > 0 && !utf8.RuneStart(t[cut]) {
			cut--
		}
		if strings.Count(t[:cut], "`")%2 == 1 {
			cut = strings.LastIndex(t[:cut], "`")
		}
		t = strings.TrimRight(t[:cut], " ,;:") + "…"
	}
	return t
}

func lowerFirst(s string) string {
	r, size := utf8.DecodeRuneInString(s)
	if size == 0 || (len(s) > size && unicode.IsUpper(rune(s[size]))) {
		return s // an acronym such as "CSV" keeps its case
	}
	return string(unicode.ToLower(r)) + s[size:]
}

// topicWords is what a turn is judged on topic against: the step's own
// words and those of the user's turns so far that were on it. The answer
// to a question raised in the discussion ("Should the export include
// credit notes?" then "Yes, as negative rows") is on topic because the
// question was, though the step never spoke of credit notes.
func (d *Discussion) topicWords(base map[string]bool) map[string]bool {
	out := make(map[string]bool, len(base))
	for w := range base {
		out[w] = true
	}
	for _, turn := range d.Turns {
		if turn.Kind == KindUser && !turn.OffTopic {
			for w := range Words(turn.Text) {
				out[w] = true
			}
		}
	}
	return out
}

// answersRaised reports whether text answers the question the user's last
// turn ended on ("Yes, bilingual headings" after "Do the column names
// need a Welsh version?"): an answer is on the topic its question was,
// whatever words it uses.
func (d *Discussion) answersRaised(text string) bool {
	for i := len(d.Turns) - 1; i >= 0; i-- {
		turn := d.Turns[i]
		if turn.Kind != KindUser {
			continue
		}
		if turn.OffTopic {
			return false
		}
		sents := sentenceRe.FindAllString(turn.Text, -1)
		if len(sents) == 0 {
			return false
		}
		q := strings.TrimSpace(sents[len(sents)-1])
		return isQuestion(q) && answers(q, text)
	}
	return false
}
