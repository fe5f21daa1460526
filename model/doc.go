// Package model owns the reading of an analysis's answers into structure:
// the functional requirements with their acceptance criteria split into
// Given/When/Then steps, the user stories and their priorities, the NFRs,
// the constraints, the architecture options, components and connections,
// the decisions with their options, the modules, the interface
// operations, the Directly Affected Files with their kind of change, the
// risks and their mitigations and the open questions, each with where it
// came from (step, question, file and line).
//
// "Model" here is the model of the analysis, not a language model: the
// package is pure. It reads what it is handed (answer texts, meta.json's
// fields, the paths of the repository's tree) and imports no git, GitHub,
// language-model or writing code. Build reads a whole analysis once into
// an Analysis; the Parse functions read one answer and are what Build is
// made of. ReadTransform reads the one answer an artifact renderer writes
// as its step completes, and the earlier answers it builds on, into a
// Reading with the same parsers; RequirementsAt, NFRsAt, StoriesAt,
// PrioritiesAt and DecisionsAt read one answer of a step in progress into
// the same items, each with its line, for the critic. No other package
// parses an answer's text for structure (boundary_test.go keeps it so):
// renderers, checks, plans and exports read the Analysis.
package model
