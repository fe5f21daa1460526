package model

// AffectedAnswers are the answers the Directly Affected Files table is
// read from while a step completes, grouped by what they are to the
// table. The step machine knows which step writes the impact analysis and
// which belong to the quick scan; the reading of what they say of files
// is the model's.
type AffectedAnswers struct {
	// Tree says which files the repository holds at the analysis's base;
	// nil is unknown.
	Tree Tree
	// Impact are the answers of the steps that write the impact
	// analysis, Scan those of the quick scan, and Others every other
	// step's, which add no row but say of a file that it changes or stays
	// as it is.
	Impact, Scan, Others []Named
	// Candidates are the quick scan's candidate files.
	Candidates []string
}

// ReadAffected reads the rows of the Directly Affected Files table from
// the answers, as AffectedFilesIn does. It is the step machine's reading
// of the table while a step completes, before Build has the answers; the
// consumers of a finished analysis read Analysis.Affected.
func ReadAffected(in AffectedAnswers) []AffectedFile {
	return AffectedFilesIn(in.Tree, in.Impact, in.Candidates, in.Scan, in.Others...)
}

// FilesNamed lists the files each answer of the analysis names (the
// files a refresh looks up in the base's history), once per step and
// path, in order: a bare name resolved against the other named paths and
// known, as Mentions resolves it.
func (a *Analysis) FilesNamed(known []string) []Mention {
	texts := make([]Named, 0, len(a.Answers))
	for _, x := range a.Answers {
		texts = append(texts, Named{StepID: x.Step, Question: x.Question, Text: x.Text})
	}
	return Mentions(texts, known)
}
