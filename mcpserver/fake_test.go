package mcpserver

import (
	"errors"
	"fmt"
	"strings"
)

// fakeBackend serves analyses held in memory, and records comments.
type fakeBackend struct {
	analyses map[string]*Analysis
	files    map[string]string // "slug/name" -> content
	comments []string
}

func (f *fakeBackend) List() ([]Row, error) {
	var rows []Row
	for _, a := range f.analyses {
		rows = append(rows, Row{Slug: a.Slug, State: a.State, Tasks: len(a.Tasks)})
	}
	return rows, nil
}

func (f *fakeBackend) Load(slug string) (*Analysis, error) {
	if a, ok := f.analyses[slug]; ok {
		return a, nil
	}
	return nil, fmt.Errorf("no analysis %q", slug)
}

func (f *fakeBackend) Check(slug string) (*Check, error) {
	if _, err := f.Load(slug); err != nil {
		return nil, err
	}
	return &Check{Ready: true}, nil
}

func (f *fakeBackend) Artifacts(slug string) ([]string, error) {
	a, err := f.Load(slug)
	if err != nil {
		return nil, err
	}
	return a.Artifacts, nil
}

func (f *fakeBackend) Artifact(slug, name string) ([]byte, error) {
	if s, ok := f.files[slug+"/"+name]; ok {
		return []byte(s), nil
	}
	return nil, errors.New("no such artifact")
}

func (f *fakeBackend) Comment(slug, text string) (string, error) {
	f.comments = append(f.comments, slug+": "+text)
	return "Maya Chen: Noted.", nil
}

// bigAnalysis has n requirements of four long criteria each, a module
// per requirement and one task tracing all of them, the worst case for a
// task's context.
func bigAnalysis(n int) *Analysis {
	a := &Analysis{Slug: "big", State: "ready", Description: "A large analysis", TasksConfirmed: true}
	var traces []string
	for i := 1; i <= n; i++ {
		id := fmt.Sprintf("FR-%03d", i)
		r := Requirement{ID: id, Title: fmt.Sprintf("Requirement %d", i), Statement: strings.Repeat("The system shall do a thing. ", 20)}
		for j := 1; j <= 4; j++ {
			r.Criteria = append(r.Criteria, Criterion{ID: fmt.Sprintf("AC-%03d-%02d", i, j), Text: strings.Repeat("Given a state When an event Then an outcome ", 8)})
		}
		a.Requirements = append(a.Requirements, r)
		a.Modules = append(a.Modules, Module{Name: fmt.Sprintf("pkg.mod%d", i), Sections: map[string][]string{"Responsibilities": {strings.Repeat("owns things ", 30)}}})
		traces = append(traces, id)
	}
	var files []string
	for i := 1; i <= n; i++ {
		files = append(files, fmt.Sprintf("pkg/mod%d.py", i))
	}
	a.Tasks = []Task{{ID: "T001", Title: "Build everything", Kind: "code", Traces: traces, Files: files}}
	return a
}
