// Package portfolio sees every analysis of a repository at once. It owns
// the questions no single analysis can answer: which open analyses plan to
// change the same files or define the same operations (overlaps), and what
// analyses already merged into the base branch decided about the files the
// current one touches (prior decisions).
//
// It works on what the analyses recorded — the Directly Affected Files of
// their impact analyses, the files of their build plans, the operations of
// their interface contracts and their ADRs — read through a small Reader,
// so it knows nothing of git. Nothing here summarises or infers: every
// file, operation and decision it reports is one an analysis wrote down.
package portfolio
