package export

import (
	"testing"

	"github.com/rtgit/rtgit/model"
)

func TestEARS(t *testing.T) {
	for text, want := range map[string]string{
		"Given a range over the cap, When they export, Then the response is 422": "WHILE a range over the cap, WHEN they export THEN the system SHALL ensure that the response is 422",
		"When a customer exports, the system shall stream the file":              "WHEN a customer exports THEN the system SHALL stream the file",
	} {
		if got := ears(model.ParseCriterion("", text)); got != want {
			t.Errorf("%q:\n got %s\nwant %s", text, got, want)
		}
	}
}
