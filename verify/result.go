package verify

// ResultOf is the result the JUnit reports give the tests refs that name
// criterion id (passed, failed, skipped or not-run), as Run reads it, for
// the build progress rtgit status shows.
func ResultOf(id string, refs []TestRef, reports []TestResult) string {
	return resultOf(id, refs, reports)
}
