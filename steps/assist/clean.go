package assist

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/rtgit/rtgit/internal/lazyre"
	"github.com/rtgit/rtgit/internal/quiet"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
)

// MaxTextBytes caps one model-written text. A longer reply is cut at a
// line boundary: a draft that long is not a draft anyone will read.
const MaxTextBytes = 8 << 10

var (
	commentRe = lazyre.New(`<!--`)
	detailsRe = lazyre.New(`(?i)</?details`)
	commandRe = lazyre.New(`(?i)^(\s*)(/rtgit\b.*)$`)
)

// Clean makes model output safe to place in an answer file, a discussion
// or a comment. Model output is data, never a command, so:
//
//   - every "<!--" is escaped, so no hidden rtgit marker (or any hidden
//     text) can reach a file or comment;
//   - a line that reads like an rtgit command ("/rtgit skip") is put in
//     code quotes, so nobody can mistake it for one;
//   - "<details>" tags are escaped, so a suggestion cannot close its box;
//   - every HTML block that runs until its own closing tag rather than a
//     blank line ("<pre", "<script", "<style", "<textarea", "<?", "<!X",
//     "<![CDATA[") has its "<" escaped, so a reply cut off inside one
//     cannot swallow the marker after it;
//   - an unclosed code fence is closed, so it cannot swallow a marker;
//   - invalid UTF-8 and NUL bytes are dropped, line endings become "\n",
//     and the text is capped at MaxTextBytes.
//
// The second result lists what was changed, for a warning.
func Clean(s string) (string, []string) {
	var changed []string
	if !utf8.ValidString(s) || strings.ContainsRune(s, 0) {
		s = strings.ToValidUTF8(strings.ReplaceAll(s, "\x00", ""), "")
		changed = append(changed, "invalid text dropped")
	}
	s = strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\r", "\n")
	s = strings.TrimSpace(s)
	if len(s) > MaxTextBytes {
		cut := strings.LastIndexByte(s[:MaxTextBytes], '\n')
		if cut < MaxTextBytes/2 {
			cut = MaxTextBytes
			for cut > 0 && !utf8.RuneStart(s[cut]) {
				cut--
			}
		}
		s = strings.TrimSpace(s[:cut]) + "\n\n[… cut at " + strconv.Itoa(MaxTextBytes) + " bytes]"
		changed = append(changed, "cut to size")
	}
	if commentRe.MatchString(s) {
		s = commentRe.ReplaceAllString(s, "&lt;!--")
		changed = append(changed, "hidden comments escaped")
	}
	if detailsRe.MatchString(s) {
		s = detailsRe.ReplaceAllStringFunc(s, func(m string) string { return "&lt;" + m[1:] })
		changed = append(changed, "details tags escaped")
	}
	if t, ok := escapeHTMLBlocks(s); ok {
		s = t
		changed = append(changed, "HTML blocks escaped")
	}
	lines := strings.Split(s, "\n")
	code, fence := quiet.Fenced(lines)
	for i, l := range lines {
		if !code[i] && commandRe.MatchString(l) {
			lines[i] = commandRe.ReplaceAllString(l, "$1`$2`")
			changed = append(changed, "command line quoted")
		}
	}
	s = strings.Join(lines, "\n")
	if fence != "" {
		s += "\n" + fence
		changed = append(changed, "code fence closed")
	}
	return s, changed
}

// mdParser is plain CommonMark: block structure is all that matters here.
var mdParser = goldmark.New()

// escapeHTMLBlocks escapes the "<" that opens each HTML block of the kinds
// CommonMark ends only at a closing tag (kinds 1 to 5), wherever it sits:
// at the top, in a list or in a quote. Escaping one block can turn text it
// held into a block of its own, so it parses again until none is left;
// each pass escapes at least one "<", so it ends.
func escapeHTMLBlocks(s string) (string, bool) {
	escaped := false
	for {
		src := []byte(s)
		var at []int
		_ = ast.Walk(mdParser.Parser().Parse(text.NewReader(src)), func(n ast.Node, entering bool) (ast.WalkStatus, error) {
			hb, ok := n.(*ast.HTMLBlock)
			if !entering || !ok || hb.HTMLBlockType > ast.HTMLBlockType5 || hb.Lines().Len() == 0 {
				return ast.WalkContinue, nil
			}
			seg := hb.Lines().At(0)
			if i := strings.IndexByte(string(src[seg.Start:seg.Stop]), '<'); i >= 0 {
				at = append(at, seg.Start+i)
			}
			return ast.WalkSkipChildren, nil
		})
		if len(at) == 0 {
			return s, escaped
		}
		for i := len(at) - 1; i >= 0; i-- {
			s = s[:at[i]] + "&lt;" + s[at[i]+1:]
		}
		escaped = true
	}
}
