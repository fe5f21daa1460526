package meta

// Revision records one finished step whose answers were changed after it
// was completed, and applied again. Records are only ever appended, so
// meta.json keeps the history of corrections; steps_completed is left as
// the seed defines it.
type Revision struct {
	StepID string `json:"step_id"`
	// Commit is the commit the revision was applied on top of: the
	// revision's own commit is its child, "rtgit: revise <step> <title>".
	Commit string `json:"commit"`
	At     string `json:"at"` // RFC 3339, UTC
}

// AddRevision appends a revision record.
func (m *Meta) AddRevision(stepID, commit, at string) {
	m.Revisions = append(m.Revisions, Revision{StepID: stepID, Commit: commit, At: at})
}

// SetDigest records the digest of the answers a step's artifacts were
// last rendered from.
func (m *Meta) SetDigest(stepID, digest string) {
	if m.AnswerDigests == nil {
		m.AnswerDigests = map[string]string{}
	}
	m.AnswerDigests[stepID] = digest
}

func (p *parser) revisions(v value, path string) ([]Revision, error) {
	return arrayOf(p, v, path, func(r *Revision, mb member) (err error) {
		switch mb.key {
		case "step_id":
			r.StepID, err = p.str(mb.value, mb.path)
		case "commit":
			r.Commit, err = p.str(mb.value, mb.path)
		case "at":
			r.At, err = p.str(mb.value, mb.path)
		}
		return err
	})
}

func (p *parser) digests(v value, path string) (map[string]string, error) {
	return p.strMap(v, path, nil)
}

// addRevisions writes the two fields, each only once it has content.
func (m *Meta) addRevisions(o *object) {
	if len(m.Revisions) > 0 {
		o.add("revisions", m.Revisions)
	}
	if len(m.AnswerDigests) > 0 {
		o.add("answer_digests", m.AnswerDigests)
	}
}
