// Package signoff owns sign-off: the areas an analysis is approved in
// (requirements, architecture, design, tasks), the approval records kept in
// meta.json's acceptance list, the digests that bind an approval to the
// answers it covered, when an approval goes stale, and the policy a
// repository sets for what must be approved before building.
//
// It knows nothing of git, GitHub or files. The step machine describes each
// area as a Scope (its steps, which are open, and the answers of the
// finished ones); the command line and the GitHub Action say who approves.
// Everything here is a function of those values, so the same approval means
// the same thing wherever it was given.
package signoff
