// Package publish turns an analysis's build plan into issues: one issue
// per task, labelled, with what to do, the requirement ids it traces
// linked to their lines in the artifacts, the files and the tasks it
// waits for; a task list and a summary on the issue the analysis started
// from (or a tracking issue); and the issue number of each task, for
// meta.json.
//
// Publishing is idempotent. rtgit finds the issues it opened by a hidden
// marker naming the analysis and the task, counted only in issues opened
// by its own account, and never by meta.json alone, which an interrupted
// run leaves behind. A second publish edits only the issues whose task
// changed, and in them only rtgit's marked part of the body, and creates
// only what is new; a task removed from the plan gets one comment on its issue,
// which stays open. The tracker is listed once per run, so N tasks cost
// at most N creates and a constant number of other calls.
package publish
