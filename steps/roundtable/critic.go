package roundtable

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"

	"github.com/rtgit/rtgit/internal/repofs"
	"github.com/rtgit/rtgit/steps"
	"github.com/rtgit/rtgit/steps/answers"
	"github.com/rtgit/rtgit/steps/critic"
)

// ConfigPath is the repository's settings file; the critic reads its
// `critic:` key.
const ConfigPath = ".rtgit/config.yaml"

// criticConfig reads the critic's settings: from Machine.Settings when
// set (the Action's, from the default branch), else from the worktree. A
// missing file is the defaults.
func (st *state) criticConfig() (critic.Config, error) {
	var data []byte
	var err error
	if st.m.Settings != nil {
		data, err = st.m.Settings()
	} else {
		data, err = fs.ReadFile(repofs.FS(st.m.Repo.Root()), ConfigPath)
	}
	if errors.Is(err, fs.ErrNotExist) {
		return critic.DefaultConfig(), nil
	}
	if err != nil {
		return critic.Config{}, fmt.Errorf("%s: %w", ConfigPath, err)
	}
	return critic.ParseConfig(ConfigPath, data)
}

// criticAnswers gathers the answers of every completed step, plus those of
// open (with its parsed file f), for the critic.
func (st *state) criticAnswers(open *steps.Step, f *answers.File) ([]critic.Answer, error) {
	var out []critic.Answer
	for _, s := range st.route.Steps() {
		sf := (*answers.File)(nil)
		switch {
		case open != nil && s.ID == open.ID:
			sf = f
		case st.meta.HasStep(s.ID):
			var err error
			if sf, err = st.answerFile(s); errors.Is(err, os.ErrNotExist) {
				continue
			} else if err != nil {
				return nil, err
			}
		default:
			continue
		}
		if sf == nil {
			continue
		}
		rel := st.it.answerPath(s)
		data, err := st.read(rel)
		if err != nil && !errors.Is(err, os.ErrNotExist) {
			return nil, err
		}
		lines := bytes.Split(data, []byte("\n"))
		for _, a := range sf.Answers {
			if !a.Answered {
				continue
			}
			out = append(out, critic.Answer{Ref: s.ID + "." + a.ID, Path: rel, Line: firstTextLine(lines, a.Line), Text: a.Text})
		}
		out = append(out, seedCriticAnswers(s, sf, rel, lines)...)
	}
	return out, nil
}

// firstTextLine is the file line of the first non-blank line after an
// answer's opening marker, where the answer's text starts.
func firstTextLine(lines [][]byte, marker int) int {
	for i := marker; i < len(lines); i++ {
		if len(bytes.TrimSpace(lines[i])) > 0 {
			return i + 1
		}
	}
	return marker + 1
}

// critique runs the critic as a step completes and keeps what it found in
// that step's own answer file: errors refuse the step like an invalid
// answer, warnings become review notes.
func (st *state) critique(cur *steps.Step, f *answers.File) ([]critic.Finding, error) {
	cfg, err := st.criticConfig()
	if err != nil {
		return nil, err
	}
	in, err := st.criticAnswers(cur, f)
	if err != nil {
		return nil, err
	}
	return critic.In(critic.Check(cfg, in), st.it.answerPath(cur)), nil
}

// sayFinding renders a finding as "path:line: Maya Chen: message [rule]".
func (st *state) sayFinding(f critic.Finding) string {
	who := ""
	if p, ok := steps.FindPersona(st.route.Personas, f.Persona); ok {
		who = p.Name + ": "
	}
	return fmt.Sprintf("%s:%d: %s%s [%s]", f.Path, f.Line, who, f.Message, f.Rule)
}

// reviewNotesHeading starts the list of review notes in an answer file.
// rtgit reads nothing outside its markers, so the notes never become part
// of an answer.
const reviewNotesHeading = "## Review notes"

// WithReviewNotes puts notes at the end of an answer file, replacing the
// notes an earlier completion left there.
func WithReviewNotes(data []byte, notes []string) []byte {
	s := string(data)
	if i := strings.LastIndex(s, "\n"+reviewNotesHeading+"\n"); i >= 0 && !strings.Contains(s[i+1:], "<!-- rtgit:") {
		s = s[:i+1]
	}
	if len(notes) == 0 {
		return []byte(s)
	}
	var b strings.Builder
	b.WriteString(strings.TrimRight(s, "\n"))
	b.WriteString("\n\n" + reviewNotesHeading + "\n\n")
	b.WriteString("_rtgit's critic read these answers when the step completed. None of these blocks the step; each is worth a second look. The id in brackets names the check._\n\n")
	for _, n := range notes {
		b.WriteString("- " + n + "\n")
	}
	return []byte(b.String())
}

// stageAnswerFile commits the completed step's answer file as the user
// left it, with the critic's review notes, if any, added at its end.
func (st *state) stageAnswerFile(c *changeset, cur *steps.Step, r *Reply) error {
	if len(st.notes) == 0 {
		return st.stageWithoutStaleNotes(c, cur, nil)
	}
	var notes, said []string
	p := st.route.PersonaOf(cur)
	for _, f := range st.notes {
		notes = append(notes, st.sayFinding(f))
		said = append(said, f.String())
	}
	if err := st.stageWithoutStaleNotes(c, cur, func(data []byte) []byte { return WithReviewNotes(data, notes) }); err != nil {
		return err
	}
	r.say(p.Name, fmt.Sprintf("Before we move on, %s -- nothing blocking, but worth a second look:\n\n- %s",
		plural(len(notes), "review note"), strings.Join(said, "\n- ")))
	return nil
}
