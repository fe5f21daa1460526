package model

import "testing"

// An option's title is its first sentence as a tokenizer reads it: "e.g."
// and "3.x" inside it do not end it.
func TestOptionTitleIsItsFirstSentence(t *testing.T) {
	opts := ParseOptions("Option B: a separate command, e.g. flask routes-json, for the whole 3.x series. It costs a second entry point.")
	if len(opts) != 1 {
		t.Fatalf("ParseOptions = %+v", opts)
	}
	if want := "a separate command, e.g. flask routes-json, for the whole 3.x series"; opts[0].Title != want {
		t.Errorf("title %q, want %q", opts[0].Title, want)
	}
	if opts[0].Description != "It costs a second entry point." {
		t.Errorf("description %q", opts[0].Description)
	}
}
