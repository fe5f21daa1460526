package artifacts

import (
	"slices"
	"testing"

	"github.com/rtgit/rtgit/steps"
)

// The step-file linter only knows transform names from steps; a name there
// without a writer here would pass lint and fail at run time.
func TestTransformNamesMatchLint(t *testing.T) {
	lint := slices.Clone(steps.KnownTransforms)
	slices.Sort(lint)
	if got := TransformNames(); !slices.Equal(got, lint) {
		t.Fatalf("artifacts.Transforms %v, steps.KnownTransforms %v", got, lint)
	}
}
