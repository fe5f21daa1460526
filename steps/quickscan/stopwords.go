package quickscan

import (
	"strings"
	"sync"
)

// stopWords are words that say nothing about where a change lives: English
// function words, and the verbs and nouns every feature request uses
// ("allow users to add a new option"). Domain nouns stay.
var stopWords = set(`
a about above after again against all also always am an and any are as at be
because been before being below between both but by can cannot could did do
does doing done down during each either else even ever every few for from
further get gets getting go goes going got had has have having he her here
hers him his how however i if in into is it its itself just least less let
lets like made many may me might more most much must my no nor not now of off
on once one only onto or other our ours out over own per please rather same
she should since so some such than that the their theirs them then there these
they this those though through thus to too under until up upon us very via
was we were what whatever when where whether which while who whom whose why
will with within without would yet you your yours
able add adds added adding allow allows allowed ask asked asks back become
better big bit change changes changed changing currently day days different
do else enable enables ensure etc everything example feature features find
first give gives given good instead keep know last later look looks lot make
makes making need needs needed new next nothing old option options part people
possible problem put really right see seem seems set show shows something
sure take takes thing things think today two use used uses using want wants
way ways well work works would yes fix fixes fixed update updates improve
improves implement implements handle handles
user users respect respects respected pass passes passed still already exactly
stay stays whole while instead everyone anyone someone nobody kept own
feat fix refactor perf chore nit wip support supports supported custom return
returns list remove removes removed added fixed changed updated improved moved
made implemented introduced simplify simplified cleanup clean cleaned minor
small tweak tweaks bug bugs issue issues closes close closed properly correctly
correct now still also missing broken case cases default code method methods
function functions value values check checks call calls called more less
instead around already actually again
`)

// isStop reports whether w is a stop word, or one inflected: the filler
// verbs of commit messages come in every tense (refactored, removing,
// updates). Only regular endings are undone, so a noun made from a stop
// word by more than an inflection (settings, from set) stays.
func isStop(w string) bool {
	if stopWords.has(w) {
		return true
	}
	for _, suf := range []string{"ing", "ed", "es", "s", "d"} {
		if base, ok := strings.CutSuffix(w, suf); ok && len(base) >= 3 {
			if stopWords.has(base) || (suf != "d" && suf != "s" && stopWords.has(base+"e")) {
				return true
			}
		}
	}
	return false
}

// fillerWords are never keywords even when written as a name: they are
// what commit subjects and feature requests open with.
var fillerWords = set("feat fix refactor perf chore nit wip")

// set is a set of words, read from a space-separated list when it is first
// asked: rtgit holds some thirty of them, and building them all when the
// program starts would cost every command, not only the quick scan.
func set(words string) *wordSet { return &wordSet{words: words} }

type wordSet struct {
	once  sync.Once
	words string
	m     map[string]bool
}

// has reports whether w is in the set.
func (s *wordSet) has(w string) bool {
	s.once.Do(func() {
		s.m = map[string]bool{}
		for _, w := range strings.Fields(s.words) {
			s.m[w] = true
		}
	})
	return s.m[w]
}
