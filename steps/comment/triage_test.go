package comment

import (
	"testing"

	"github.com/rtgit/rtgit/steps"
)

// TestTriage sorts remarks as they turn up on analysis pull requests.
func TestTriage(t *testing.T) {
	const (
		ack = KindAcknowledgement
		q   = KindQuestion
		fb  = KindFeedback
	)
	cases := []struct {
		text string
		want CommentKind
	}{
		// Acknowledgements: nothing in them to record.
		{"ok", ack},
		{"OK!", ack},
		{"okay", ack},
		{"thanks", ack},
		{"Thanks!", ack},
		{"thank you", ack},
		{"Thank you so much 🙏", ack},
		{"thx", ack},
		{"LGTM", ack},
		{"lgtm 👍", ack},
		{"+1", ack},
		{"👍", ack},
		{"🎉🎉", ack},
		{"✅", ack},
		{"❤️", ack},
		{"👍🏽", ack},
		{"sounds good", ack},
		{"Sounds good to me.", ack},
		{"Looks good!", ack},
		{"great, thanks", ack},
		{"Perfect.", ack},
		{"cool", ack},
		{"Got it", ack},
		{"agreed", ack},
		{"Yes, agreed.", ack},
		{"works for me", ack},
		{"Makes sense, thanks!", ack},
		{"nice 👌", ack},
		{"ship it", ack},
		{"SGTM", ack},
		{"Noted, thanks all", ack},
		{"   ", ack},

		// Questions: tracked as open questions.
		{"What about PowerShell users on Windows?", q},
		{"What about PowerShell users on Windows", q},
		{"Why does the export skip void invoices?", q},
		{"How big can a single export get", q},
		{"Should we include credit notes as well?", q},
		{"Can we reuse the PDF renderer for the totals?", q},
		{"Could the dashboard team own the button?", q},
		{"Is the date range inclusive on both ends?", q},
		{"Do we need line items from day one?", q},
		{"Who signs off on the column contract?", q},
		{"Which timezone do issued_on dates use?", q},
		{"When does finance close the month", q},
		{"Where do suspended customers end up?", q},
		{"Does this need a feature flag?", q},
		{"The PDF rounds to two places. Are we sure the CSV should not?", q},
		{"We talked about WAL mode last week -- is that still off the table? 🤔", q},
		{"Any reason we can't stream straight from the cursor?", q},
		{"Thoughts on using pandas here?", q},
		{"isn't the row cap too low for the biggest customer?", q},
		{"> Who are the users?\n\nDo auditors count as users too?", q},
		{"Won't this lock the database at month end?", q},
		{"How's this different from the JSON export", q},

		// Feedback: kept verbatim.
		{"Exports must be fast for our biggest customers.", fb},
		{"Should also handle PowerShell.", fb},
		{"Do not touch the PDF download.", fb},
		{"How we name the columns matters: scripts depend on them.", fb},
		{"What we need is a stable column order.", fb},
		{"Continue", fb},
		{"ok, but the PDF must stay byte for byte the same", fb},
		{"Thanks -- one more thing: auditors need line items.", fb},
		{"The support lead wants a status column.", fb},
		{"Finance ops closes on the 3rd working day, not the 1st.", fb},
		{"Keep the JSON endpoint as it is; two partners parse it.", fb},
		{"Line items are a must for accountants at year end.", fb},
		{"I'd rather we cap exports at 50,000 rows.", fb},
		{"Customers in Germany need semicolons.", fb},
		{"> What is the goal\n\nClose the month without retyping totals.", fb},
		{"This is great but the date filter should default to last month.", fb},
		{"Please mention the audit log in the NFRs.", fb},
		{"yes", ack},
		{"No, the export stays synchronous.", fb},
		{"Use api.py for the handler. Nothing else changes.", fb},
	}
	if len(cases) < 60 {
		t.Fatalf("only %d cases", len(cases))
	}
	for _, c := range cases {
		if got := Triage(c.text); got != c.want {
			t.Errorf("Triage(%q) = %s, want %s", c.text, got, c.want)
		}
	}
}

// TestDepthOnlyAsCommand: depth words change the depth only when the
// remark is the request itself.
func TestDepthOnlyAsCommand(t *testing.T) {
	for text, want := range map[string]steps.Depth{
		"deep": steps.Deep, "go deeper": steps.Deep, "Let's dig in!": steps.Deep, "more detail please": steps.Deep, "can we go deeper?": steps.Deep,
		"brief": steps.Brief, "keep it short": steps.Brief, "Keep it short, please.": steps.Brief, "just the highlights": steps.Brief, "speed it up": steps.Brief,
		"Exports must be fast for our biggest customers.": "", "a deep link into the dashboard": "", "quick question: is void included?": "",
		"the brief said nothing about refunds": "", "go deeper on the SQLite locking, it worries me": "",
	} {
		got, ok := DetectOverride(text)
		if got != want || ok != (want != "") {
			t.Errorf("DetectOverride(%q) = %q, %v; want %q", text, got, ok, want)
		}
	}
}
