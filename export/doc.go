// Package export owns exporting an analysis to the layouts other tools
// build from: OpenSpec's change folder, spec-kit's feature folder, Kiro's
// spec folder and Gherkin feature files.
//
// It is pure: it renders the model of the analysis (package model, read
// once from what roundtable.Source hands over: the answers of the
// completed steps, the affected files, the commit) with its build plan
// (package plan) and returns files, and never touches git, GitHub or a
// language model. Every sentence
// it writes is an answer, a piece of one, or a fixed label of the target
// layout; a criterion not written as Given/When/Then is exported as
// written and flagged, never rewritten into a scenario.
//
// The layouts are text/template files embedded under
// templates/export/<format>/, and a repository overrides any of them with a
// same-named file under .rtgit/templates/export/<format>/; a template that
// does not parse or run is an error naming the file.
package export
