package main

import (
	"os"
	"strings"
)

// largeAnswer is one answer posted before the measured comments: prose
// as long as a GitHub comment allows, the deepest an answer may nest at
// that length, unclosed links all the way, and 65,000 ">", which rtgit
// refuses.
type largeAnswer struct {
	name, label, text string // name is for profile file names
	landed            bool   // whether rtgit records it, or refuses it
}

func largeAnswers() []largeAnswer {
	line := strings.Repeat("- ", 100) + "x\n"
	deep := strings.Repeat(line, 65000/len(line))
	deep += strings.Repeat("y", 65000-len(deep))
	prose := strings.Repeat("Customers export invoices for their bookkeeping. ", 65000/50)
	return []largeAnswer{
		{"prose", "65,000 characters of prose", prose, true},
		{"deep", "65,000 characters nested 100 deep", deep, true},
		{"links", "65,000 characters of `[a](`", strings.Repeat("[a](", 65000/4), true},
		{"quotes", "65,000 `>`, refused", strings.Repeat(">", 65000), false},
	}
}

// measureLarge times `rtgit action` on a plain comment on an analysis
// whose open step has just been given a large answer through a comment,
// against the same comment on a copy of the analysis without it. The two
// copies get their comments alternately, so both grow alike.
func (s *suite) measureLarge(dir, checkpoint string, a largeAnswer) (rt, before []sample) {
	rigs := make([]*actionRig, 2)
	names := []string{"before", "after"}
	for i, name := range names {
		cp := dir + "-" + name
		os.RemoveAll(cp)
		must("", "cp", "-a", dir, cp)
		rigs[i] = s.newActionRig(cp, checkpoint)
		defer os.RemoveAll(cp)
		defer os.RemoveAll(cp + "-origin.git")
		defer os.RemoveAll(cp + "-events")
		defer rigs[i].close()
	}
	_, out := rigs[1].comment("large-"+a.name+"-answer", "/rtgit answer problem\n"+a.text)
	if landed := strings.Contains(out, "done (1 commit)") && !strings.Contains(out, "I couldn't"); landed != a.landed {
		fatalf("the large answer (%s): recorded = %v, want %v:\n%s", a.label, landed, a.landed, tail(out))
	}
	for i := range s.reps {
		body := "Keep the column order stable across exports (note " + string(rune('a'+i%26)) + ")."
		for j, rig := range rigs {
			smp, out := rig.comment("large-"+a.name+"-"+names[j], body)
			if !strings.Contains(out, "done (1 commit)") {
				fatalf("rtgit action did not commit one comment:\n%s", tail(out))
			}
			if j == 0 {
				before = append(before, smp)
			} else {
				rt = append(rt, smp)
			}
		}
	}
	return rt, before
}
