package model

import (
	"strings"

	"github.com/rtgit/rtgit/internal/lazyre"
)

// What an answer can rule out of the build plan. The patterns read one
// sentence at a time: the thing and what is said of it must be in the
// same sentence, so "the changelog is written at release time" rules the
// changelog out and "release the changelog fix" does not.
var (
	changelogWord = lazyre.New(`(?i)\b(?:change ?log|changes file|release notes|news entry|history file)\b`)
	docsWord      = lazyre.New(`(?i)\b(?:docs?|documentation|readme|user guide)\b`)
	// elsewhereRe: the work is somebody else's, or later.
	elsewhereRe = lazyre.New(`(?i)\b(?:at release(?: time)?|release time|when (?:we|they|the maintainers?) release|(?:is|are|gets?|get) (?:written|done|handled|added|updated|generated) (?:later|elsewhere|separately|by (?:the )?(?:maintainers?|release)|at)|later|elsewhere|separately|in a follow-?up|(?:a |the )?separate (?:pr|pull request|change)|not (?:part of )?(?:this|the) (?:change|pr|pull request)|no (?:change ?log|docs?|documentation) (?:entry|change|update)s? (?:is |are )?(?:needed|required))\b`)
	// notTestableRe: a quality the person says no test can measure.
	notTestableRe = lazyre.New(`(?i)\b(?:not (?:\w+ )?(?:testable|measurable|automat\w+|be (?:tested|measured|automated))|untestable|unmeasurable|no (?:automated |unit )?test can|cannot be (?:tested|measured)|can't be (?:tested|measured)|checked? by hand|manual(?:ly)? (?:check|review|test)\w*|by (?:manual )?review)\b`)
)

// SaysChangelogElsewhere reports whether a sentence says the changelog is
// written elsewhere, later or at release time.
func SaysChangelogElsewhere(sentence string) bool {
	if !containsAny(sentence, "changelog", "change log", "changes file", "release notes", "news entry", "history file") {
		return false
	}
	return changelogWord.MatchString(sentence) && elsewhereRe.MatchString(sentence)
}

// SaysDocsElsewhere reports whether a sentence says the documentation is
// updated elsewhere or later. A sentence about the changelog is not one
// about the docs.
func SaysDocsElsewhere(sentence string) bool {
	if !containsAny(sentence, "doc", "readme", "user guide") {
		return false
	}
	return !changelogWord.MatchString(sentence) && docsWord.MatchString(sentence) && elsewhereRe.MatchString(sentence)
}

// SaysNotTestable reports whether a sentence calls a quality not testable
// or measurable by a test.
func SaysNotTestable(sentence string) bool {
	return notTestableRe.MatchString(sentence)
}

// containsAny reports whether s has one of the lower-case words in any
// case: a cheap test that spares most sentences the patterns.
func containsAny(s string, words ...string) bool {
	lower := strings.ToLower(s)
	for _, w := range words {
		if strings.Contains(lower, w) {
			return true
		}
	}
	return false
}
