package elaboration

import (
	"regexp"
	"strings"
	"unicode"

	"github.com/rtgit/rtgit/internal/lazyre"
)

// Participant is a persona as the discussion needs it.
type Participant struct {
	Key, Name, First, Role string
	Ack                    string   // acknowledgment pattern with {point}
	Prompts                []string // step prompts first, then the persona's general ones
}

// StripAddress removes the name a turn opens with ("Alex, …"), so the
// persona reflects the point rather than its own name.
func StripAddress(text string, p Participant) string {
	t := strings.TrimSpace(text)
	for _, n := range names(p) {
		re := regexp.MustCompile(`(?i)^(?:hey\s+|ok\s+|so\s+)?@?` + regexp.QuoteMeta(n) + `\s*[,:]\s*`)
		if loc := re.FindStringIndex(t); loc != nil {
			return t[loc[1]:]
		}
	}
	return t
}

// Addressed returns the key of the persona the user spoke to, or "". A turn
// addresses a persona when it opens with the persona's name followed by a
// comma or colon ("Alex, what breaks?"), or mentions it as @Name anywhere.
func Addressed(text string, ps []Participant) string {
	t := strings.TrimSpace(text)
	for _, p := range ps {
		for _, n := range names(p) {
			if m := regexp.MustCompile(`(?i)(^|\s)@` + regexp.QuoteMeta(strings.ReplaceAll(n, " ", "")) + `\b`).MatchString(t); m {
				return p.Key
			}
		}
	}
	for _, p := range ps {
		for _, n := range names(p) {
			if regexp.MustCompile(`(?i)^(?:hey\s+|ok\s+|so\s+)?` + regexp.QuoteMeta(n) + `\s*[,:]`).MatchString(t) {
				return p.Key
			}
		}
	}
	return ""
}

func names(p Participant) []string {
	out := []string{p.Name}
	if p.First != "" && p.First != p.Name {
		out = append(out, p.First)
	}
	return out
}

// exitWords end a discussion when they are all the user says.
var exitWords = map[string]bool{"done": true, "exit": true, "wrap up": true, "back": true}

// IsExit reports whether the turn is one of the exit keywords ("done",
// "exit", "wrap up", "back"), allowing case, surrounding space, trailing
// punctuation, and the words people wrap them in: a leading "let's",
// "ok", "I think we're", "so we're", "I guess", and a trailing "here",
// "for now", "for today" or "then" ("I think we're done here"). Only
// those: "we're done with exports but not refunds" says something else.
func IsExit(text string) bool {
	t := strings.ToLower(strings.TrimSpace(text))
	t = strings.ReplaceAll(t, "’", "'")
	t = strings.TrimRightFunc(t, func(r rune) bool { return unicode.IsPunct(r) || unicode.IsSpace(r) })
	t = strings.Join(strings.FieldsFunc(t, func(r rune) bool { return unicode.IsSpace(r) || r == ',' }), " ")
	for trimmed := true; trimmed; {
		trimmed = false
		for _, p := range exitLead {
			if rest, ok := strings.CutPrefix(t, p+" "); ok {
				t, trimmed = rest, true
			}
		}
		for _, p := range exitTail {
			if rest, ok := strings.CutSuffix(t, " "+p); ok {
				t, trimmed = rest, true
			}
		}
	}
	return exitWords[t] || t == "go back" || t == "wrap it up" || t == "wrap this up"
}

// exitLead and exitTail are the words a wrap-up keyword may stand between
// and still be only that: "ok, I think we're done here for now".
var (
	exitLead = []string{"let's", "lets", "let us", "ok", "okay", "alright", "all right", "so", "well", "then", "good",
		"great", "i think", "i guess", "i believe", "we're", "we are", "were", "i'm", "i am", "im", "that's it", "that's all"}
	// Longer first: "for now" goes before "now" could leave "for".
	exitTail = []string{"for today", "for now", "with this", "with that", "already", "i think", "here", "then", "now"}
)

// clauseSepRe separates the clauses a wrap-up word can stand alone in:
// "Thanks, that covers it -- done." ends the discussion as "done" does;
// "the export is done nightly" does not.
var clauseSepRe = lazyre.New(`[.!?;,:\n]+|\s-{2,}\s*|\s*—\s*`)

// SplitExit finds a wrap-up word standing as its own clause anywhere in
// text. It returns whether one did, and the rest of the message, exactly
// as written but for the wrap-up clause: that is still the user's turn,
// recorded before the discussion ends.
func SplitExit(text string) (rest string, exit bool) {
	if IsExit(text) {
		return "", true
	}
	var b strings.Builder
	start := 0
	clause := func(end, sepEnd int) {
		if c := text[start:end]; strings.TrimSpace(c) != "" && IsExit(c) {
			exit = true // the clause goes, with the separator after it
		} else {
			b.WriteString(text[start:sepEnd])
		}
		start = sepEnd
	}
	for _, sep := range clauseSepRe.FindAllStringIndex(text, -1) {
		clause(sep[0], sep[1])
	}
	clause(len(text), len(text))
	if !exit {
		return text, false
	}
	return strings.TrimSpace(strings.TrimRight(strings.TrimSpace(b.String()), ",;:-— ")), true
}

// stopWords are words too common to say anything about the topic.
var stopWords = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`about above after again against also because been before being below between both
but could does doing down during each either else even every from further have having here hers herself
himself into itself just like more most much must need never only other ought ours over same should some
such than that their theirs them then there these they this those through under until very want were
what when where which while whom will with would your yours yourself thing things really maybe think
going make made good well still something anything everything nothing someone people today
week weeks month months year years days long last next first time times`) {
		stopWords[w] = true
	}
}

// Words returns the content words of text: lowercase, at least four letters,
// not stop words, with a trailing plural "s" dropped so "invoices" meets
// "invoice".
func Words(text string) map[string]bool {
	out := map[string]bool{}
	for _, w := range strings.FieldsFunc(strings.ToLower(text), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		if len([]rune(w)) < 4 || stopWords[w] {
			continue
		}
		if len(w) > 4 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") {
			w = strings.TrimSuffix(w, "s")
		}
		out[w] = true
	}
	return out
}

// minOffTopicWords keeps short replies ("yes, exactly", "not sure") from
// ever counting as off-topic: they carry too few words to judge.
const minOffTopicWords = 4

// OffTopic reports whether a turn shares no content word with the topic
// (the step's title, questions, answers and prompts, and the item's
// description) while having enough words of its own to judge.
func OffTopic(text string, topic map[string]bool) bool {
	w := Words(text)
	if len(w) < minOffTopicWords {
		return false
	}
	for k := range w {
		if topic[k] {
			return false
		}
	}
	return true
}
