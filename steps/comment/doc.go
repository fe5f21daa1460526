// Package comment reads what a remark on an analysis is, before anything
// is recorded: an acknowledgement to answer with a reaction, a question to
// track as open, feedback to keep verbatim (Triage), or a depth phrase
// said on its own that asks for another depth (DetectOverride).
//
// Comments are handled in two places, and both read remarks here: the step
// machine's comment parser (steps/roundtable, ParseComment) and an
// elaboration discussion's turns (steps/elaboration). Triage cannot live in
// steps/roundtable, which imports steps/elaboration, without a circle of
// imports; so it is a package of its own below both.
//
// It imports only the vocabulary (steps, for Depth): pure text in, a kind
// out, no git, GitHub or model code. A new kind of remark, or a new way of
// saying one, goes here.
package comment
