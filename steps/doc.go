// Package steps is rtgit's domain vocabulary: step files, personas,
// phases, depth, skip_if conditions, section headings and the route that
// orders them (Route; docs/architecture.md).
//
// It reads files through io/fs and knows nothing of git or GitHub, so that
// every rule about how an analysis proceeds can be tested on plain data.
package steps
