// Package follow keeps an analysis in view after it is merged: which of
// its tasks the base branch has done since (its build progress), which of
// the criteria its test tasks trace a test names and which of those last
// passed, and which changes reached the files it owns after the build
// (drift), counted from the commit a person last read the code against
// the analysis and accepted.
//
// It reads what the analysis recorded (meta.json, tasks.md, the impact
// analysis) and the base branch's first-parent history through a small
// Repo interface, so it knows nothing of git; the command line adapts
// gitops to it.
package follow
