// Package steps is rtgit's domain vocabulary, shared by every package
// that walks an analysis: a Step with its sections, questions, rules,
// mappings, criteria and prompts; a Phase; a Depth; a Persona; a Dialect;
// the Problems found in a step file; and the small helpers these need
// (a step's questions at a depth, a persona's acknowledgement, a heading's
// key, the way rtgit counts and lists things in prose).
//
// The packages below it own the rest: the step-file language
// (steps/stepfile), the library and the Route of phases and steps an
// analysis follows (steps/library), comment triage (steps/comment), the
// step machine (steps/roundtable). See docs/architecture.md.
//
// It imports nothing of rtgit's and knows nothing of git, GitHub or a
// language model, so that every rule about how an analysis proceeds can
// be tested on plain data. A new field of a step, phase or persona goes
// here; how a file spells it goes into steps/stepfile.
package steps
