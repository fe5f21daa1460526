package main

import "testing"

// The answerer's own plan says which test file tests which requirement;
// a derived test task holding another one is counted, one that holds only
// those is not, and one whose requirements that plan never tests is not
// judged.
func TestUntiedTestTasksReadTheAnswerersPlan(t *testing.T) {
	answers := []storedAnswer{{Question: "tasks", Text: "T001 test: Table tests | traces: FR-001, FR-002, AC-001-01 | files: flag_groups_test.go\n" +
		"- [ ] T002 [P] test: TestCompletion | traces: FR-004 | files: `completions_test.go`\n" +
		"T003 code: Add it | traces: FR-003 | files: flag_groups.go"}}
	tj := taskJSON{Tasks: []taskRow{
		{Kind: "test", Traces: []string{"FR-001"}, Files: []string{"flag_groups_test.go"}},
		{Kind: "test", Traces: []string{"FR-002"}, Files: []string{"flag_groups_test.go", "completions_test.go"}},
		{Kind: "test", Traces: []string{"FR-003"}, Files: []string{"other_test.go"}},
	}}
	untied, judged := untiedTestTasks(tj, answeredTestFiles(answers))
	if untied != 1 || judged != 2 {
		t.Errorf("untied, judged = %d, %d; want 1, 2", untied, judged)
	}
}
