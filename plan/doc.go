// Package plan owns the build plan: the tasks an analysis turns into once
// its requirements, architecture and design are settled.
//
// A plan is a list of Tasks, each traced to the requirement, story,
// criterion, NFR or risk ids it serves, the files it touches, the tasks it
// waits for and the open questions that block it. Plans are written by hand
// in a one-task-per-line format (see Parse and Format) so that a person can
// read and edit one in a pull request, and they are derived from an
// analysis's answers and quick scan without an AI model (see Derive), so
// every word of a derived task comes from something a person said or the
// scan found. The sources a plan is derived from are gathered from the
// model of the analysis (SourcesOf, package model), so tasks.md and an
// export's draft are one plan: the requirements, priorities, stories,
// NFRs, modules and contract operations come typed, as the model read
// them, and the plan never reads their answers' text for structure; only
// what answers say in passing (an NFR not testable, tests first, docs
// done elsewhere, the mitigations, the fix) is read from their text.
//
// The package is pure domain: it reads and writes text and structs, and
// imports no git, GitHub or AI code.
package plan
