package model

import "strings"

// Reading is what the model reads for one artifact transform as its step
// completes: the answer the transform renders, and the earlier answers it
// builds on. The renderers of package artifacts write it as markdown,
// JSON or CSV and read no answer text themselves. A field is filled only
// for the transforms named in its comment; the rest stay zero.
type Reading struct {
	// Requirements and Preamble are the answer's FR-NNN and the text
	// before the first (requirements).
	Requirements []Requirement
	Preamble     string
	// NFRs are the answer's non-functional requirements (nfrs,
	// nfr-matrix).
	NFRs []NFR
}

// ReadTransform reads answer, the answer of a step in progress mapped with
// `as name`, into what that transform renders. lookup resolves the
// earlier answers ("01-06.requirements") the transform builds on; a blank
// one counts as unanswered, as it does for the transform.
func ReadTransform(name, answer string, lookup func(string) (string, bool)) Reading {
	var r Reading
	switch name {
	case "requirements":
		r.Requirements, r.Preamble = ParseRequirements(answer)
	case "nfrs", "nfr-matrix":
		r.NFRs = ParseNFRs(answer)
	}
	return r
}

// earlier resolves an earlier answer, treating a blank one as unknown.
func earlier(lookup func(string) (string, bool), ref string) (string, bool) {
	if lookup == nil {
		return "", false
	}
	v, ok := lookup(ref)
	v = strings.TrimSpace(v)
	return v, ok && v != ""
}
