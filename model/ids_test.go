package model

import (
	"regexp"
	"slices"
	"strings"
	"testing"
)

func TestIDsNamedInPassing(t *testing.T) {
	got := IDs("Guard FR-002 and AC-002-01 (US-001, NFR-003); CON-001 holds. FR-002 again, not FR-0021, XFR-001, AC-002 or AC-002-011.")
	if want := []string{"FR-002", "AC-002-01", "US-001", "NFR-003", "CON-001"}; !slices.Equal(got, want) {
		t.Errorf("IDs = %q, want %q", got, want)
	}
	if got := IDs("no ids here"); got != nil {
		t.Errorf("IDs of a text naming none = %q, want nil", got)
	}
}

// idsRe is what IDs reads, as a regular expression.
var idsRe = regexp.MustCompile(`\b(?:FR-\d{3}|AC-\d{3}-\d{2}|US-\d{3}|NFR-\d{3}|CON-\d{3})\b`)

// FuzzIDs checks IDs against the regular expression it stands for.
func FuzzIDs(f *testing.F) {
	for _, s := range []string{"FR-001", "NFR-001 FR-001", "AC-001-01x AC-001-01", "xFR-001 _US-002 US-0033", "FR-001-02", "AC-001-1",
		"é-CON-001é", "NFR-NFR-001", "AC-AC-001-01", "FR--001 FR-00", "US-001US-002", "CON-001-", "-FR-001-"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		var want []string
		for _, id := range idsRe.FindAllString(text, -1) {
			if !slices.Contains(want, id) {
				want = append(want, id)
			}
		}
		if got := IDs(text); !slices.Equal(got, want) {
			t.Fatalf("IDs(%q) = %q, want %q", text, got, want)
		}
	})
}

// isIDRe is an analysis id as a whole string, the form IsID checks.
var isIDRe = regexp.MustCompile(`^(?:FR-\d{3}|AC-\d{3}-\d{2}|US-\d{3}|NFR-\d{3}|CON-\d{3})$`)

func TestIsID(t *testing.T) {
	for _, s := range []string{"FR-001", "AC-001-01", "US-001", "NFR-001", "CON-001"} {
		if !IsID(s) {
			t.Errorf("IsID(%q) = false", s)
		}
	}
	for _, s := range []string{"", "FR-", "FR-0001", "AC-001", "AC-001-1", " FR-001", "FR-001 ", "xFR-001", "FR-001.", "T001", "Q-001", "ADR-0001", "fr-001"} {
		if IsID(s) {
			t.Errorf("IsID(%q) = true", s)
		}
	}
}

// FuzzIsID checks IsID against the regular expression it stands for.
func FuzzIsID(f *testing.F) {
	for _, s := range []string{"FR-001", "AC-001-01", "AC-001-01-", "NFR-001x", "-FR-001", "CON-001-02"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := IsID(s), isIDRe.MatchString(s); got != want {
			t.Fatalf("IsID(%q) = %v, want %v", s, got, want)
		}
	})
}

// The FR and NFR ids among IDs are what `\bFR-\d{3}\b` and
// `\bNFR-\d{3}\b` find on their own, as a phase's summary counted them.
// (FuzzIDs checks IDs against the expression of every id at once.)
func TestIDsOfOnePrefix(t *testing.T) {
	fr, nfr := regexp.MustCompile(`\bFR-\d{3}\b`), regexp.MustCompile(`\bNFR-\d{3}\b`)
	for _, text := range []string{"FR-001 NFR-001 FR-001", "NFR-FR-001", "xNFR-001 FR-001-02 AC-001-01", "FR-0011 NFR-002.",
		"### FR-003: a\n### NFR-003: b\n(FR-003, NFR-004)", "_FR-001 éFR-002 FR-003é", "CON-001 US-002 NFR-00 FR-1234", ""} {
		var gotFR, gotNFR []string
		for _, id := range IDs(text) {
			switch {
			case strings.HasPrefix(id, "FR-"):
				gotFR = append(gotFR, id)
			case strings.HasPrefix(id, "NFR-"):
				gotNFR = append(gotNFR, id)
			}
		}
		for _, c := range []struct {
			re  *regexp.Regexp
			got []string
		}{{fr, gotFR}, {nfr, gotNFR}} {
			var want []string
			for _, id := range c.re.FindAllString(text, -1) {
				if !slices.Contains(want, id) {
					want = append(want, id)
				}
			}
			if !slices.Equal(c.got, want) {
				t.Errorf("%s of %q: IDs has %q, the expression finds %q", c.re, text, c.got, want)
			}
		}
	}
}
