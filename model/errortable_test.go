package model

import (
	"reflect"
	"testing"
)

func TestParseErrorRowsKeepsProseAndCodeGloss(t *testing.T) {
	rows, notes := ParseErrorRows("The router answers these errors:\n405 (unknown method) | the method is not routed | a 405 with Allow | no\nThat is all.")
	want := []ErrorRow{{Code: "405", Aside: "unknown method", Meaning: "the method is not routed", Caller: "a 405 with Allow", Retry: "no"}}
	if !reflect.DeepEqual(rows, want) {
		t.Errorf("rows = %+v, want %+v", rows, want)
	}
	if !reflect.DeepEqual(notes, []string{"The router answers these errors:", "That is all."}) {
		t.Errorf("notes = %q", notes)
	}
}

func TestModuleNotesKeepsTextOutsideBlocks(t *testing.T) {
	if got := ModuleNotes("None. No new type crosses a module boundary."); got != "None. No new type crosses a module boundary." {
		t.Errorf("whole answer: %q", got)
	}
	if got := ModuleNotes("No new module in the file sense.\n\nModule: flask.sessions\nResponsible for: x"); got != "No new module in the file sense." {
		t.Errorf("preamble: %q", got)
	}
	m := ParseModules("Module: app\nResponsible for: x\n**What stays the same:** the rest")
	if len(m) != 1 || len(m[0].Sections["Boundaries"]) != 1 {
		t.Errorf("what stays the same: %+v", m)
	}
}

func TestStoryAsThe(t *testing.T) {
	if s := ParseStories("As the author of a plugin, I want hooks, so that I can extend it"); len(s) != 1 {
		t.Errorf("stories = %+v", s)
	}
}
