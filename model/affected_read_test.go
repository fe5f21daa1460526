package model

import (
	"slices"
	"testing"
)

// ReadAffected is AffectedFilesIn of the answers grouped by their part.
func TestReadAffectedGroupsTheAnswers(t *testing.T) {
	impact := []Named{{StepID: "02-01", Question: "radius", Text: "Change `src/a.go` and add a new `src/c.go`."}}
	scan := []Named{{StepID: "00-03", Question: "files", Text: "Strike lib/b.py, it is noise."}}
	others := []Named{{StepID: "03-01", Question: "design", Text: "src/a.go stays as it is."}}
	cands := []string{"lib/b.py", "src/d.go"}
	got := ReadAffected(AffectedAnswers{Impact: impact, Scan: scan, Others: others, Candidates: cands})
	want := AffectedFilesIn(nil, impact, cands, scan, others...)
	if len(got) == 0 || !slices.EqualFunc(got, want, func(a, b AffectedFile) bool {
		return a.Path == b.Path && a.Change == b.Change && slices.Equal(a.From, b.From)
	}) {
		t.Errorf("ReadAffected = %+v, want %+v", got, want)
	}
}

// The files a refresh looks up are those the analysis's answers name,
// once per step, a bare name resolved against the known files.
func TestFilesNamed(t *testing.T) {
	a := Build(Input{Answers: []Answer{
		{Step: "00-01", Question: "change", Text: "Touches `src/api.py` and api.py."},
		{Step: "02-01", Question: "radius", Text: "handler.go changes; so does src/api.py."},
	}})
	got := a.FilesNamed([]string{"pkg/handler.go"})
	want := []Mention{{"00-01", "src/api.py"}, {"02-01", "pkg/handler.go"}, {"02-01", "src/api.py"}}
	if !slices.Equal(got, want) {
		t.Errorf("FilesNamed = %v, want %v", got, want)
	}
}
