// Package library resolves which phases and steps an analysis follows,
// with which personas, at which depth: the step library.
//
// Load and LoadLibrary read a library (the embedded defaults, then the
// repository's .rtgit/steps, .rtgit/libraries and .rtgit/personas over
// them) into a Route: the ordered phases, each with its lead persona and
// its valid steps, and the problems found on the way. Around the Route:
// the personas a library is played by (LoadPersonas), the contributing
// personas a step draws (Contributors), the depth each phase runs at
// (DetermineDepth, from an override, then the quick scan) and the lint of
// a whole library (Lint).
//
// It reads files through io/fs (a repository through internal/repofs) and
// imports the vocabulary (steps), the step-file language (steps/stepfile),
// signoff (the areas a phase's answers belong to) and the internal YAML
// error wording; no git, GitHub or model code. A new library rule (how
// repository files replace or add steps, a new field of library.yaml, a
// new way a phase's lead or depth is chosen) goes here.
package library
