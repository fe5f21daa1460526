package review

import (
	"fmt"
	"strings"

	"github.com/rtgit/rtgit/internal/lazyre"
	"github.com/rtgit/rtgit/steps"
	"github.com/rtgit/rtgit/steps/roundtable"
)

// AnalyzeCommand is what `/rtgit analyze` on an issue asks for.
type AnalyzeCommand struct {
	Type  string      // step library; "" lets the issue's labels decide
	Depth steps.Depth // "" for the quick scan's choice
	Slug  string      // "" derives it from the title
}

const analyzeUsage = "/rtgit analyze [--type feature|bug] [--depth brief|standard|deep] [--slug S]"

// libraryRe is a step library's name as --type may give it.
var libraryRe = lazyre.New(`^[a-z0-9][a-z0-9-]{0,39}$`)

// ParseAnalyze reads `/rtgit analyze [--type T] [--depth D] [--slug S]`
// from the first non-blank line of a comment. ok is false for any other
// comment; err says what is wrong with flags it does not accept.
func ParseAnalyze(body string) (cmd *AnalyzeCommand, ok bool, err error) {
	line := ""
	for _, l := range strings.Split(body, "\n") {
		if line = strings.TrimSpace(l); line != "" {
			break
		}
	}
	f := strings.Fields(line)
	if len(f) < 2 || !strings.EqualFold(f[0], "/rtgit") || !strings.EqualFold(f[1], "analyze") {
		return nil, false, nil
	}
	cmd = &AnalyzeCommand{}
	args := f[2:]
	for i := 0; i < len(args); i++ {
		name, val, has := strings.Cut(args[i], "=")
		if name != "--type" && name != "--depth" && name != "--slug" {
			return nil, true, fmt.Errorf("%q is not an option of /rtgit analyze; usage: %s", name, analyzeUsage)
		}
		if !has {
			if i+1 >= len(args) || strings.HasPrefix(args[i+1], "--") {
				return nil, true, fmt.Errorf("%s needs a value; usage: %s", name, analyzeUsage)
			}
			i++
			val = args[i]
		}
		switch name {
		case "--type":
			if !libraryRe.MatchString(val) {
				return nil, true, fmt.Errorf("--type %q is not a step library's name", val)
			}
			cmd.Type = val
		case "--depth":
			if d := steps.Depth(val); !d.Valid() {
				return nil, true, fmt.Errorf("--depth %q must be brief, standard or deep", val)
			}
			cmd.Depth = steps.Depth(val)
		case "--slug":
			if err := roundtable.ValidateSlug(val); err != nil {
				return nil, true, fmt.Errorf("--slug: %w", err)
			}
			cmd.Slug = val
		}
	}
	return cmd, true, nil
}

// IntakeOptions turn an issue into a new analysis: its title is the
// description and its body the draft of the first answer, marked as taken
// from the issue. The issue's bug label picks the bug library unless the
// command names a type.
func IntakeOptions(is *Issue, labels Labels, cmd AnalyzeCommand) roundtable.NewOptions {
	o := roundtable.NewOptions{Description: strings.Join(strings.Fields(is.Title), " "), Slug: cmd.Slug, Source: "github",
		SourceID: fmt.Sprintf("GH-%d", is.Number), SourceURL: is.URL, Library: cmd.Type, Depth: cmd.Depth}
	if o.Slug == "" {
		// Derived the same way every time, so asking again finds the
		// branch the first request made.
		if o.Slug = roundtable.DeriveSlug(o.Description); o.Slug == "" {
			o.Slug = fmt.Sprintf("issue-%d", is.Number)
		}
	}
	if o.Library == "" && labels.Bug != "" && is.HasLabel(labels.Bug) {
		o.Library = "bug"
	}
	if body := strings.TrimSpace(strings.ReplaceAll(is.Body, "\r\n", "\n")); body != "" {
		o.Draft = fmt.Sprintf("_Taken from issue [#%d](%s) as its author wrote it._\n\n%s", is.Number, is.URL, defang(body))
	}
	return o
}
