// Package verify checks one change (a pull request's range, or a commit
// range) against the analyses the base branch holds, without a language
// model: what the change advances (the tasks whose files it touches or
// that it names), what it does that nobody planned (a file an analysis
// marks read-only, a file inside an analysis's footprint that no task
// names), whether the criteria the test tasks trace have a test naming
// them and whether that test passed in the JUnit reports given, and
// phantom work (a task whose issue is closed with nothing behind it).
//
// It owns the findings, their rules and levels, and their text, JSON and
// SARIF forms. Everything it reads comes through the small interfaces of
// Input, so it knows nothing of git or GitHub: the CLI (and the Action)
// implement them with gitops and review. Every finding names what an
// analysis wrote down and what the change did; nothing is inferred.
package verify
