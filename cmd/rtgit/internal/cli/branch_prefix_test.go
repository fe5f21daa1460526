package cli

import (
	"testing"

	"github.com/rtgit/rtgit/gitops"
	"github.com/rtgit/rtgit/steps/roundtable"
)

// gitops keeps its own copy of the analysis branch prefix (it imports no
// domain code) to keep analysis branches out of the default branch.
func TestAnalysisBranchPrefixAgrees(t *testing.T) {
	if gitops.AnalysisBranchPrefix != roundtable.BranchPrefix {
		t.Errorf("gitops.AnalysisBranchPrefix = %q, roundtable.BranchPrefix = %q", gitops.AnalysisBranchPrefix, roundtable.BranchPrefix)
	}
}
