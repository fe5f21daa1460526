package library

import (
	"errors"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/rtgit/rtgit/steps"
)

const libStep = `---
step_id: "%s"
title: "%s"
persona: "business-analyst"
depth: "standard"
outputs: [notes.md]
---

## Standard Mode

- ` + "`q`" + ` What happened?

## Artifacts

- ` + "`q`" + ` -> notes.md#Notes
`

func libFile(id, title string) *fstest.MapFile {
	return &fstest.MapFile{Data: []byte(strings.Replace(strings.Replace(libStep, "%s", id, 1), "%s", title, 1))}
}

func TestLibraries(t *testing.T) {
	repo := fstest.MapFS{
		".rtgit/libraries/bug/steps/01-bug-report/03-logs.md":         libFile("01-03", "Logs"),
		".rtgit/libraries/bug/steps/01-bug-report/01-reproduction.md": libFile("01-01", "Our Reproduction"),
		".rtgit/libraries/incident/steps/00-triage/01-page.md":        libFile("00-01", "Who Was Paged"),
		".rtgit/steps/01-requirements/09-extra.md":                    libFile("01-09", "Feature Only"),
	}
	libs, err := Libraries(defaults, repo)
	if err != nil || strings.Join(libs, ",") != "feature,bug,incident" {
		t.Fatalf("Libraries = %v, %v", libs, err)
	}

	bug, err := LoadLibrary(defaults, repo, "bug")
	if err != nil {
		t.Fatal(err)
	}
	if bug.Library != "bug" || len(bug.Phases) != 4 {
		t.Fatalf("bug route: %s, %d phases", bug.Library, len(bug.Phases))
	}
	var keys []string
	for _, ph := range bug.Phases {
		keys = append(keys, ph.Phase.Key+"="+ph.Persona.Key)
	}
	if got := strings.Join(keys, " "); got != "00-quick-scan=business-analyst 01-bug-report=business-analyst 02-root-cause=solutions-architect 03-fix-strategy=system-designer" {
		t.Errorf("bug phases = %s", got)
	}
	if s, _ := bug.Step("01-01"); s == nil || s.Title != "Our Reproduction" {
		t.Errorf("repo step did not replace the bug library's 01-01: %+v", s)
	}
	if s, _ := bug.Step("01-03"); s == nil || s.Title != "Logs" {
		t.Errorf("repo step not added to the bug library: %+v", s)
	}
	if s, _ := bug.Step("01-09"); s != nil {
		t.Error("a .rtgit/steps file leaked into the bug library")
	}
	if ph := bug.Phase("02-root-cause"); ph == nil || ph.Phase.Name != "Root Cause" || !strings.Contains(ph.Phase.Activity, "blast radius") {
		t.Errorf("bug phase words = %+v", ph)
	}
	for _, pr := range Lint(bug) {
		if pr.Severity == steps.Error {
			t.Errorf("bug library: %s", pr)
		}
	}

	inc, err := LoadLibrary(defaults, repo, "incident")
	if err != nil || len(inc.Steps()) != 1 {
		t.Fatalf("incident: %v, %v", inc, err)
	}

	feature, err := Load(defaults, repo)
	if err != nil {
		t.Fatal(err)
	}
	if s, _ := feature.Step("01-09"); s == nil || feature.Library != DefaultLibrary {
		t.Error(".rtgit/steps no longer feeds the feature library")
	}

	_, err = LoadLibrary(defaults, repo, "nope")
	var unknown *UnknownLibraryError
	if !errors.As(err, &unknown) || !strings.Contains(err.Error(), "known: feature, bug, incident") {
		t.Errorf("unknown library error = %v", err)
	}
}
