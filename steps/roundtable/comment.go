package roundtable

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/rtgit/rtgit/internal/nearest"

	"github.com/rtgit/rtgit/signoff"
	"github.com/rtgit/rtgit/steps"
	"github.com/rtgit/rtgit/steps/answers"
	"github.com/rtgit/rtgit/steps/comment"
	"github.com/rtgit/rtgit/steps/library"
	"github.com/rtgit/rtgit/steps/meta"
)

// Command is what a comment asks for.
type Command struct {
	Kind       string // continue, skip, elaborate, depth, status, refresh, help, answer, revise, resolve, approve, ack, question, feedback
	Depth      steps.Depth
	QuestionID string // the answered question, or the Q-NNN resolved
	StepID     string // the finished step to revise
	Text       string // the answer, the question or the feedback
	Unknown    string // an unrecognised /rtgit subcommand
	// Suggest is the command a mistyped Unknown most likely meant
	// ("/rtgit continue" for "/rtgit contine"), "" when none is close.
	Suggest string
}

// commandWords are the /rtgit subcommands a comment may use, for the "did
// you mean" of a mistyped one (publish is read by the Action itself).
var commandWords = []string{"continue", "skip", "elaborate", "status", "help", "refresh", "deep", "brief", "standard",
	"depth", "resolve", "approve", "revise", "answer", "publish", "abandon", "defer"}

// unknownCommand is the help reply's command for an unknown subcommand,
// with the nearest known one.
func unknownCommand(sub string) Command {
	c := Command{Kind: "help", Unknown: sub}
	if near := nearest.Words(strings.ToLower(sub), commandWords); len(near) > 0 {
		c.Suggest = "/rtgit " + near[0]
	}
	return c
}

// MaxCommentBytes bounds what a comment may carry into an answer file.
const MaxCommentBytes = 256 << 10

// ParseComment classifies a comment as interface-spec §5.3 orders it:
// /rtgit commands, then the single letters C, E and S, then a depth phrase
// said on its own; anything else is triaged (comment.Triage) into an
// acknowledgement, a question or feedback. "Continue" spelled out is
// natural language, not [C].
func ParseComment(text string) Command {
	text = strings.ReplaceAll(text, "\r\n", "\n")
	trimmed := strings.TrimSpace(text)
	first, rest, _ := strings.Cut(trimmed, "\n")
	if f := strings.Fields(first); len(f) > 0 && strings.EqualFold(f[0], "/rtgit") {
		if len(f) == 1 {
			return Command{Kind: "help"}
		}
		sub := strings.ToLower(f[1])
		switch sub {
		case "continue", "skip", "elaborate", "status", "help", "refresh":
			return Command{Kind: sub}
		case "deep", "brief", "standard":
			return Command{Kind: "depth", Depth: steps.Depth(sub)}
		case "depth":
			// "/rtgit depth standard" says what "/rtgit standard" says.
			if len(f) == 3 && steps.Depth(strings.ToLower(f[2])).Valid() {
				return Command{Kind: "depth", Depth: steps.Depth(strings.ToLower(f[2]))}
			}
			c := Command{Kind: "help", Unknown: strings.Join(f[1:], " ")}
			if len(f) >= 3 {
				given := strings.ToLower(f[2])
				if near := nearest.Words(given, []string{"brief", "standard", "deep"}); len(near) > 0 {
					c.Suggest = "/rtgit " + near[0]
				}
				for _, d := range []string{"brief", "standard", "deep"} {
					if c.Suggest == "" && strings.Contains(given, d) { // "superdeep", "extra-brief"
						c.Suggest = "/rtgit " + d
					}
				}
			}
			if c.Suggest == "" {
				c.Suggest = "/rtgit brief`, `/rtgit standard` or `/rtgit deep"
			}
			return c
		case "resolve":
			return parseResolve(first, f, rest)
		case "approve":
			return Command{Kind: "approve", Text: strings.Join(f[2:], " ")}
		case "abandon", "defer":
			// The reason follows, on the same line or the lines below.
			inline := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(strings.SplitN(first, f[1], 2)[1]), ":"))
			return Command{Kind: sub, Text: strings.TrimSpace(strings.Join(nonEmpty(inline, rest), "\n"))}
		case "revise":
			if len(f) < 3 {
				return Command{Kind: "help", Unknown: "revise needs a step id"}
			}
			return Command{Kind: "revise", StepID: f[2]}
		case "answer":
			if len(f) < 3 {
				return Command{Kind: "help", Unknown: "answer needs a question id"}
			}
			// "/rtgit answer users: text" and "/rtgit answer users" + lines
			// are both common; the colon belongs to neither id nor answer.
			id, inlineColon := strings.CutSuffix(f[2], ":")
			if id == "" {
				return Command{Kind: "help", Unknown: "answer needs a question id"}
			}
			inline := strings.TrimSpace(strings.SplitN(first, f[2], 2)[1])
			if !inlineColon {
				inline = strings.TrimSpace(strings.TrimPrefix(inline, ":"))
			}
			body := strings.TrimSpace(strings.Join(nonEmpty(inline, rest), "\n"))
			return Command{Kind: "answer", QuestionID: id, Text: body}
		}
		return unknownCommand(f[1])
	}
	switch strings.ToUpper(trimmed) {
	case "C":
		return Command{Kind: "continue"}
	case "E":
		return Command{Kind: "elaborate"}
	case "S":
		return Command{Kind: "skip"}
	}
	if d, ok := comment.DetectOverride(trimmed); ok {
		return Command{Kind: "depth", Depth: d}
	}
	switch comment.Triage(trimmed) {
	case comment.KindAcknowledgement:
		return Command{Kind: "ack", Text: trimmed}
	case comment.KindQuestion:
		return Command{Kind: "question", Text: trimmed}
	}
	return Command{Kind: "feedback", Text: trimmed}
}

// parseResolve reads "/rtgit resolve Q-003 the answer", the answer inline
// or on the lines below.
func parseResolve(first string, f []string, rest string) Command {
	if len(f) < 3 {
		return Command{Kind: "help", Unknown: "resolve needs a question id, like Q-001"}
	}
	id := strings.ToUpper(strings.TrimSuffix(f[2], ":"))
	inline := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(strings.SplitN(first, f[2], 2)[1]), ":"))
	body := strings.TrimSpace(strings.Join(nonEmpty(inline, rest), "\n"))
	return Command{Kind: "resolve", QuestionID: id, Text: body}
}

func nonEmpty(parts ...string) []string {
	var out []string
	for _, p := range parts {
		if strings.TrimSpace(p) != "" {
			out = append(out, p)
		}
	}
	return out
}

// HelpText lists the commands a comment may use.
const HelpText = "Commands: `/rtgit continue` (or `C`), `/rtgit elaborate` (or `E`), `/rtgit skip` (or `S`), " +
	"`/rtgit brief`, `/rtgit standard`, `/rtgit deep`, `/rtgit status`, `/rtgit refresh`, `/rtgit help`, `/rtgit answer <id>` with the answer on the next lines, " +
	"`/rtgit resolve Q-001 <answer>` to settle an open question, `/rtgit abandon <reason>` or `/rtgit defer <reason>` to set the analysis aside, `/rtgit approve [area...]` to sign off requirements, architecture, design or tasks, `/rtgit revise <step>` to reopen a finished step's answers, " +
	"and `/rtgit answer <step>/<id>` to change an answer of a finished step. " +
	"A question is tracked as an open question; anything else is taken as feedback on the current step."

// Origin is who wrote a comment and where, for the record of a question
// it raises. Both are empty for a comment typed at the command line.
type Origin struct {
	Author string // a login or a name
	Link   string // the comment's URL
	// Key is the comment's processed-comment key ("ic-1002"). When set, a
	// commit the comment causes also records it as processed.
	Key string
	// Commit is the commit a review was given on, the one its reviewer
	// saw; "" when unknown (a comment), which means the branch's tip.
	Commit string
}

// Comment handles text as a pull-request comment is handled.
func (m *Machine) Comment(slug, text string) (*Reply, error) {
	return m.CommentFrom(slug, text, Origin{})
}

// CommentFrom is Comment with the comment's author and link.
func (m *Machine) CommentFrom(slug, text string, from Origin) (*Reply, error) {
	if len(text) > MaxCommentBytes {
		return nil, fmt.Errorf("comment is %d bytes; the limit is %d", len(text), MaxCommentBytes)
	}
	if !utf8.ValidString(text) || strings.ContainsRune(text, 0) {
		return nil, fmt.Errorf("comment is not valid UTF-8 text")
	}
	if meta.ValidProcessedKey(from.Key) {
		m.comment = from.Key
		defer func() { m.comment = "" }()
	}
	// Whatever this comment confirms (a model's draft, above all) is
	// credited to its author, not to whoever the machine was started as.
	if from.Author != "" {
		prev := m.Actor
		m.Actor = from.Author
		defer func() { m.Actor = prev }()
	}
	cmd := ParseComment(text)
	if cmd.Kind == "question" {
		if r, handled, err := m.finishedQuestion(slug, text, from); handled {
			return r, err
		}
	}
	if cmd.Kind == "feedback" || cmd.Kind == "question" || (cmd.Kind == "depth" && !strings.HasPrefix(strings.TrimSpace(text), "/")) {
		return m.withOpen(slug, func(st *state, cur *steps.Step, ph *library.RoutePhase, f *answers.File) (*Reply, error) {
			return st.spoken(cur, ph, f, cmd, text, from)
		})
	}
	switch cmd.Kind {
	case "ack":
		return m.acknowledge(slug)
	case "resolve":
		return m.Resolve(slug, cmd.QuestionID, cmd.Text, from.Author)
	case "continue":
		return m.Next(slug)
	case "skip":
		return m.Skip(slug)
	case "elaborate":
		return m.Elaborate(slug, "")
	case "depth":
		return m.SetDepth(slug, cmd.Depth)
	case "status":
		return m.StatusReply(slug)
	case "refresh":
		return m.Refresh(slug)
	case "answer":
		return m.Answer(slug, cmd.QuestionID, cmd.Text)
	case "revise":
		return m.Revise(slug, cmd.StepID)
	case "approve":
		return m.Approve(slug, strings.Fields(cmd.Text), signoff.Approve, m.speaker(from))
	case "abandon":
		return m.Abandon(slug, cmd.Text)
	case "defer":
		return m.Defer(slug, cmd.Text)
	case "help":
		r := &Reply{}
		switch {
		case cmd.Unknown != "" && cmd.Suggest != "":
			r.say("", fmt.Sprintf("I don't know the command %q; did you mean `%s`? Nothing was changed.", cmd.Unknown, cmd.Suggest))
		case cmd.Unknown != "":
			r.say("", fmt.Sprintf("I don't know the command %q.", cmd.Unknown))
		}
		r.say("", HelpText)
		return r, nil
	}
	return nil, fmt.Errorf("unhandled comment kind %q", cmd.Kind)
}

// spoken handles words rather than commands, under the same lock as the
// state they are judged against: during a discussion they are the user's
// next turn, depth phrases included; otherwise a depth phrase changes the
// depth and anything else is feedback.
func (st *state) spoken(cur *steps.Step, ph *library.RoutePhase, f *answers.File, cmd Command, text string, from Origin) (*Reply, error) {
	ef, err := st.elaborationFile(cur)
	if err != nil {
		return nil, err
	}
	if d := ef.Current(); d != nil {
		return st.discuss(cur, ph, ef, d, text, from.Author)
	}
	switch cmd.Kind {
	case "depth":
		return st.setDepth(cur, ph, f, cmd.Depth)
	case "question":
		return st.question(cur, ph, cmd.Text, from)
	}
	return st.feedback(cur, ph, cmd.Text)
}

// feedback records natural input on the open step: it is kept verbatim in
// the answer file, carried into the step's artifacts, and reflected back
// as a quote followed by the persona's acknowledgment.
func (st *state) feedback(cur *steps.Step, ph *library.RoutePhase, text string) (*Reply, error) {
	rel := st.it.answerPath(cur)
	data, err := st.m.readFile(rel)
	if err != nil {
		return nil, err
	}
	out, err := st.m.parsed().AppendFeedback(rel, data, text)
	if err != nil {
		return nil, err
	}
	if err := st.m.writeFile(rel, out); err != nil {
		return nil, err
	}
	r := &Reply{Changed: []string{rel}}
	p := st.route.PersonaOf(cur)
	where := st.feedbackWhere(cur, st.stepDepth(cur, ph))
	if lines, ok := st.respond(cur, ph, text, false); ok {
		r.say(p.Name, quoted(text))
		r.Lines = append(r.Lines, lines...)
		r.say("", where)
	} else {
		r.say(p.Name, Reflect(p, text, where))
	}
	r.Step = st.view(cur, ph, st.stepDepth(cur, ph))
	return r, nil
}

// Reflect is a persona's answer to feedback: the words quoted exactly as
// written, then the persona's acknowledgment pattern (interface-spec §5.5)
// naming what the comment was about in the comment's own words, then where
// the comment went. Nothing in the quote is lowercased or reworded: the
// quote is the record.
func Reflect(p steps.Persona, text, where string) string {
	out := quoted(text) + "\n\n" + steps.FillAck(p.Acknowledgment, ackClause(text), ackSubject(text))
	if where != "" {
		out += "\n\n" + where
	}
	return out
}

// ackSubject is what an acknowledgment says the comment was about: its
// first noun phrase, or else its first words, quoted.
func ackSubject(text string) string {
	if s := commentSubject(text); s != "" {
		return s
	}
	return `"` + clip(firstSentence(text), 60) + `"`
}

// ackClause is the sentence an acknowledgment puts after "so": the
// comment's first clause, or else what it was about.
func ackClause(text string) string {
	if c := commentClause(text); c != "" {
		return c
	}
	return "this is about " + ackSubject(text)
}

// feedbackWhere says where feedback on the open step went: into the
// answer file's feedback now, and into the first section the step's
// answers fill once it completes (see applyArtifacts).
func (st *state) feedbackWhere(cur *steps.Step, d steps.Depth) string {
	rel := st.it.answerPath(cur)
	out, section := st.feedbackTarget(cur, d)
	if out == "" {
		return fmt.Sprintf("It is kept in the feedback of %s; step %s fills no document section, so it stays there.", rel, cur.ID)
	}
	return fmt.Sprintf("It is kept in the feedback of %s, and goes into %s under \"%s\" when step %s completes.", rel, out, section, cur.ID)
}

// feedbackTarget is the section a step's feedback is carried into: the
// first markdown section its answers at depth d fill, as applyArtifacts
// orders them; "" when the step writes only whole files.
func (st *state) feedbackTarget(s *steps.Step, d steps.Depth) (path, section string) {
	asked := map[string]bool{}
	for _, q := range s.Questions(d) {
		asked[q.ID] = true
	}
	for _, mp := range s.Mappings {
		if !asked[mp.Question] && (mp.Question != steps.AllAnswers || len(asked) == 0) {
			continue
		}
		if mp.Section == "" || strings.Contains(mp.Output, "*") {
			continue
		}
		return st.it.outputPath(mp.Output), mp.Section
	}
	return "", ""
}

// quoted is text as a block quote, exactly as written.
func quoted(text string) string {
	var b strings.Builder
	for i, l := range strings.Split(strings.TrimSpace(text), "\n") {
		if i > 0 {
			b.WriteString("\n")
		}
		b.WriteString(strings.TrimRight("> "+l, " "))
	}
	return b.String()
}

// acknowledge answers "ok", "thanks" or a 👍 with one line and records
// nothing: there is nothing in it to keep.
func (m *Machine) acknowledge(slug string) (*Reply, error) {
	if err := ValidateSlug(slug); err != nil {
		return nil, err
	}
	r := &Reply{Acknowledged: true}
	r.say("", "👍 Noted -- nothing to record. Comment `/rtgit continue` when the step is done.")
	return r, nil
}
