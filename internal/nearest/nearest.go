// Package nearest finds the known words closest to a mistyped one, for the
// "did you mean" of the CLI and of pull-request commands alike.
package nearest

import "sort"

// Distance is the Levenshtein distance, with a transposition of two
// neighbours counting once (the commonest typo).
func Distance(a, b string) int {
	prev2 := make([]int, len(b)+1)
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}

// Words returns up to three of known within a typo's reach of given
// (a third of its length, one to three edits), closest first.
func Words(given string, known []string) []string {
	type cand struct {
		w string
		d int
	}
	var cs []cand
	limit := max(1, min(3, len(given)/3))
	for _, k := range known {
		if d := Distance(given, k); d <= limit {
			cs = append(cs, cand{k, d})
		}
	}
	sort.SliceStable(cs, func(i, j int) bool { return cs[i].d < cs[j].d })
	out := []string{}
	for i := 0; i < len(cs) && i < 3; i++ {
		out = append(out, cs[i].w)
	}
	return out
}
