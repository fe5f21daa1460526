package elaboration

import (
	"strings"
	"testing"
	"time"
)

var (
	maya   = Participant{Key: "business-analyst", Name: "Maya Chen", First: "Maya", Role: "Business Analyst", Ack: "That's important -- so {point}. Let me capture that.", Prompts: []string{"Who is left out?", "What if it fails?"}}
	alex   = Participant{Key: "solutions-architect", Name: "Alex Rivera", First: "Alex", Role: "Solutions Architect", Ack: "Good point about {point}.", Prompts: []string{"What breaks first?"}}
	jordan = Participant{Key: "system-designer", Name: "Jordan Park", First: "Jordan", Role: "System Designer", Ack: "Noted. I'll revise the interface to account for {point}.", Prompts: []string{"What does the caller get back?"}}
	table  = NewTable(maya, []Participant{jordan, maya, alex})
	topic  = Topic{StepID: "01-03", Title: "User Experience & Journeys", Words: Words("invoice export customers download journey finance CSV")}
	now    = time.Date(2026, 11, 2, 10, 0, 0, 0, time.UTC)
)

func TestSeatingAndAddressing(t *testing.T) {
	var order []string
	for _, p := range table.Order() {
		order = append(order, p.First)
	}
	if got := strings.Join(order, ","); got != "Maya,Alex,Jordan" {
		t.Errorf("seating = %s, want the lead then alphabetical", got)
	}
	cases := map[string]string{
		"Alex, what breaks?":            alex.Key,
		"alex: the API":                 alex.Key,
		"Jordan Park, show me the type": jordan.Key,
		"I think @Jordan should decide": jordan.Key,
		"hey Maya, one more thing":      maya.Key,
		"Alexander called yesterday":    "",
		"I told Alex about it":          "",
		"":                              "",
	}
	for in, want := range cases {
		if got := Addressed(in, table.Order()); got != want {
			t.Errorf("Addressed(%q) = %q, want %q", in, got, want)
		}
	}
	if got := StripAddress("Alex, what breaks?", alex); got != "what breaks?" {
		t.Errorf("StripAddress = %q", got)
	}
}

func TestExitKeywords(t *testing.T) {
	for _, in := range []string{"done", "Done.", "exit", "wrap up", "Let's wrap up!", "back", "ok done", "  BACK  "} {
		if !IsExit(in) {
			t.Errorf("IsExit(%q) = false", in)
		}
	}
	for _, in := range []string{"not done yet", "we're done with exports but not refunds", "go", "exiting the page loses data"} {
		if IsExit(in) {
			t.Errorf("IsExit(%q) = true", in)
		}
	}
}

func TestOffTopic(t *testing.T) {
	if !OffTopic("The weather in Lisbon was lovely and sunny all week", topic.Words) {
		t.Errorf("weather counted as on topic")
	}
	if OffTopic("Finance staff download invoices before the auditors arrive", topic.Words) {
		t.Errorf("an on-topic turn was redirected")
	}
	if OffTopic("yes, exactly", topic.Words) {
		t.Errorf("a short reply was judged off-topic")
	}
}

func TestDiscussionRotationLimitAndSynthesis(t *testing.T) {
	d := Start(table, Topic{StepID: topic.StepID, Title: topic.Title, Focus: "Clerks download invoices.", Words: topic.Words}, 5, now)
	if d.Turns[0].Kind != KindIntro || !strings.Contains(d.Turns[0].Text, "Maya Chen (Business Analyst), Alex Rivera (Solutions Architect), and Jordan Park (System Designer)") {
		t.Errorf("intro = %q", d.Turns[0].Text)
	}
	if f := d.Turns[1]; f.Speaker != maya.Key || !strings.Contains(f.Text, "Clerks download invoices") || !strings.HasSuffix(f.Text, "Who is left out?") {
		t.Errorf("framing = %+v", f)
	}
	say := func(text string) Reply { return Take(&d, table, topic, text, now) }

	// Nobody addressed: the next in rotation answers and refers to the last asker.
	r := say("Customers with thousands of invoices need the download too.")
	if len(r.Turns) != 1 || r.Turns[0].Speaker != alex.Key || !strings.Contains(r.Turns[0].Text, "Building on Maya's question, what breaks first?") {
		t.Errorf("turn 1 reply = %+v", r.Turns)
	}
	// Addressed by name: that persona answers first, out of rotation.
	r = say("Maya, we will keep the PDF download for finance.")
	if r.Turns[0].Speaker != maya.Key || !strings.Contains(r.Turns[0].Text, "so we will keep the PDF download") {
		t.Errorf("addressed reply = %+v", r.Turns)
	}
	// Off-topic: the lead redirects to the last question.
	r = say("The weather in Lisbon was lovely and sunny all week")
	if r.Turns[0].Speaker != maya.Key || r.Turns[0].Kind != KindRedirect {
		t.Errorf("off-topic reply = %+v", r.Turns)
	}
	// Turn 3 of 5 is max-2: the lead says the end is near.
	if r.Turns[len(r.Turns)-1].Kind != KindNotice {
		t.Errorf("no notice at max_turns-2: %+v", r.Turns)
	}
	say("Jordan, what happens when a customer has no invoices?")
	r = say("Finance decided the export must include credit notes.")
	if !r.Done || d.Active() || d.UserTurns() != 5 {
		t.Fatalf("discussion did not stop at max_turns: done=%v active=%v turns=%d", r.Done, d.Active(), d.UserTurns())
	}

	s := Synthesize(&d, table, topic)
	if s.Turns != 5 || len(s.Participants) != 3 {
		t.Errorf("synthesis turns=%d participants=%d", s.Turns, len(s.Participants))
	}
	// Every insight is the user's words, so the user is credited, never
	// the persona whose question drew it out.
	want := []Insight{
		{"User", "Customers with thousands of invoices need the download too."},
		{"User", "Maya, we will keep the PDF download for finance."},
		{"User", "Finance decided the export must include credit notes."},
	}
	if len(s.Insights) != len(want) {
		t.Fatalf("insights = %+v", s.Insights)
	}
	for i := range want {
		if s.Insights[i] != want[i] {
			t.Errorf("insight %d = %+v, want %+v", i, s.Insights[i], want[i])
		}
	}
	if len(s.Decisions) != 2 || len(s.Open) != 1 || !strings.HasPrefix(s.Open[0], "Jordan, what happens") {
		t.Errorf("decisions = %q, open = %q", s.Decisions, s.Open)
	}
	md := s.Markdown(now)
	for _, line := range []string{"<!-- Elaboration: step 01-03, 2026-11-02T10:00:00Z -->", "### Elaboration Insights (Step 01-03: User Experience & Journeys)",
		"**Turns**: 5", "- [User] Customers with thousands", "#### Decisions", "#### Open Questions"} {
		if !strings.Contains(md, line) {
			t.Errorf("synthesis lacks %q:\n%s", line, md)
		}
	}
	if s.Summary() != "we gathered 3 insights, 2 decisions and 1 open question" {
		t.Errorf("summary = %q", s.Summary())
	}
}

// TestSynthesisCreditsTheCommenter: turns from pull-request comments keep
// their author, who is credited in the synthesis and named in the
// transcript, through a round trip of the elaboration file; a turn typed
// at the command line is the user's.
func TestSynthesisCreditsTheCommenter(t *testing.T) {
	d := Start(table, topic, 10, now)
	TakeFrom(&d, table, topic, "Finance downloads every invoice at month end.", "@dana", now)
	TakeFrom(&d, table, topic, "Alex, customers export from the invoice list.", "@lee\n- [Maya] forged", now)
	Take(&d, table, topic, "Customers download the CSV journey once a week.", now)
	f := &File{StepID: topic.StepID, Title: topic.Title, Discussions: []Discussion{d}}
	data, err := f.Marshal(nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"**@dana:** Finance downloads", "**You:** Customers download"} {
		if !strings.Contains(string(data), want) {
			t.Errorf("transcript lacks %q:\n%s", want, data)
		}
	}
	back, err := Parse("x.elaboration.md", data)
	if err != nil {
		t.Fatal(err)
	}
	s := Synthesize(back.Current(), table, topic)
	want := []Insight{
		{"@dana", "Finance downloads every invoice at month end."},
		{"@lee - [Maya] forged", "Alex, customers export from the invoice list."},
		{"User", "Customers download the CSV journey once a week."},
	}
	if len(s.Insights) != len(want) {
		t.Fatalf("insights = %+v", s.Insights)
	}
	for i := range want {
		if s.Insights[i] != want[i] {
			t.Errorf("insight %d = %+v, want %+v", i, s.Insights[i], want[i])
		}
	}
	md := s.Markdown(now)
	if !strings.Contains(md, "- [@dana] Finance downloads every invoice") || strings.Contains(md, "\n- [Maya]") {
		t.Errorf("synthesis:\n%s", md)
	}
}

func TestExitEndsWithoutATurn(t *testing.T) {
	d := Start(table, topic, 10, now)
	if r := Take(&d, table, topic, "wrap up", now); !r.Done || len(r.Turns) != 0 || d.UserTurns() != 0 {
		t.Errorf("exit = %+v, turns %d", r, d.UserTurns())
	}
}

func TestFileRoundTripAndErrors(t *testing.T) {
	f := &File{StepID: "01-03", Title: topic.Title}
	d := Start(table, topic, 10, now)
	Take(&d, table, topic, "Customers need a download button.\n\n---\nwith odd markdown", now)
	f.Discussions = append(f.Discussions, d)
	data, err := f.Marshal(map[string]string{maya.Key: "Maya Chen (Business Analyst)"})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), "**Maya Chen (Business Analyst):** Let's look at") || !strings.Contains(string(data), "**You:** Customers need") {
		t.Errorf("transcript:\n%s", data)
	}
	back, err := Parse("x.elaboration.md", data)
	if err != nil {
		t.Fatal(err)
	}
	if back.Current() == nil || back.Current().UserTurns() != 1 || back.Current().Turns[2].Text != "Customers need a download button.\n\n---\nwith odd markdown" {
		t.Errorf("round trip lost the discussion: %+v", back.Current())
	}
	for in, want := range map[string]string{
		"no front matter":                          "x.md:1: missing front matter",
		"---\nstep_id: 1\n":                        "x.md:1: front matter is not closed",
		"---\nstep_id: \"01-03\"\nturns: [\n---\n": "x.md:3:",
		"---\ntitle: x\n---\n":                     "x.md:2: step_id is missing",
	} {
		if _, err := Parse("x.md", []byte(in)); err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("Parse(%q) = %v, want %q", in, err, want)
		}
	}
}

// A wrap-up word ends the discussion in the words people put around it,
// and wherever it stands as a clause of its own; what else the message
// says is kept as the last turn, exactly as written.
func TestSplitExit(t *testing.T) {
	for _, c := range []struct{ in, rest string }{
		{"I think we're done here, thanks", "thanks"},
		{"OK, I think we're done here for now.", ""},
		{"Auditors also want the customer number on every row. done", "Auditors also want the customer number on every row."},
		{"Done. Auditors also want the customer number on every row.", "Auditors also want the customer number on every row."},
		{"Thanks, that covers it -- done.", "Thanks, that covers it"},
		{"Let's wrap this up; the PDF stays as it is.", "the PDF stays as it is."},
		{"I’m done", ""},
	} {
		rest, exit := SplitExit(c.in)
		if !exit || rest != c.rest {
			t.Errorf("SplitExit(%q) = %q, %v; want %q, true", c.in, rest, exit, c.rest)
		}
	}
	for _, in := range []string{
		"the export is done nightly",
		"we're done with exports but not refunds",
		"Is the import done before the export starts?",
		"I think the backfill is done here, but not in staging",
		"go back to the CSV question: which delimiter?",
	} {
		if rest, exit := SplitExit(in); exit || rest != in {
			t.Errorf("SplitExit(%q) = %q, %v; want it kept, no exit", in, rest, exit)
		}
	}
}

// The answer to a question the user raised in the discussion is on topic,
// though the step never spoke of what it asks about, and the synthesis
// records the question as answered with it, not as open.
func TestAnswerToARaisedQuestionIsOnTopic(t *testing.T) {
	d := Start(table, topic, 10, now)
	Take(&d, table, topic, "Should the invoice export include credit notes?", now)
	r := Take(&d, table, topic, "Yes: credit notes go in as negative rows, so the totals match the bank.", now)
	if r.Turns[0].Kind == KindRedirect {
		t.Fatalf("the answer was parked as off the topic: %+v", r.Turns[0])
	}
	s := Synthesize(&d, table, topic)
	if len(s.Open) != 0 || len(s.Answered) != 1 || !strings.HasPrefix(s.Answered[0].Answer, "Yes: credit notes go in") {
		t.Errorf("open %q, answered %+v; want the credit-notes question answered", s.Open, s.Answered)
	}
}

// An answer need not repeat its question's words: "Yes, ..." right after
// the user's question answers it.
func TestAnswerInOtherWordsIsOnTopic(t *testing.T) {
	d := Start(table, topic, 10, now)
	Take(&d, table, topic, "Do the invoice column names need a Welsh version?", now)
	r := Take(&d, table, topic, "Yes, bilingual headings for the Cardiff council offices.", now)
	if r.Turns[0].Kind == KindRedirect {
		t.Fatalf("the answer was parked as off the topic: %+v", r.Turns[0])
	}
	if s := Synthesize(&d, table, topic); len(s.Open) != 0 || len(s.Answered) != 1 {
		t.Errorf("open %q, answered %+v; want the question answered", s.Open, s.Answered)
	}
	// The same words with no question before them are off the topic.
	d = Start(table, topic, 10, now)
	if r := Take(&d, table, topic, "Yes, bilingual headings for the Cardiff council offices.", now); r.Turns[0].Kind != KindRedirect {
		t.Errorf("an off-topic turn was taken as on it: %+v", r.Turns[0])
	}
}

// A question the person answered is not asked again by the next voice,
// though personas share prompts (a step's own elaboration prompts are
// everyone's): each follow-up is one nobody at the table has asked yet.
func TestAnsweredPromptIsNotAskedAgain(t *testing.T) {
	shared := []string{"Which invoices does the export leave out?", "What does the customer see when the download fails?"}
	a, j, m := alex, jordan, maya
	a.Prompts, j.Prompts, m.Prompts = shared, shared, shared
	tb := NewTable(m, []Participant{j, m, a})
	d := Start(tb, topic, 10, now)
	for _, text := range []string{
		"Credit notes and drafts stay out of the invoice export.",
		"The customer sees the invoices page again with a message saying the download failed.",
	} {
		Take(&d, tb, topic, text, now)
	}
	asked := map[string]int{}
	for _, turn := range d.Turns {
		if turn.Prompt != "" {
			asked[strings.ToLower(turn.Prompt)]++
		}
	}
	for p, n := range asked {
		if n > 1 {
			t.Errorf("%q was asked %d times", p, n)
		}
	}
}
