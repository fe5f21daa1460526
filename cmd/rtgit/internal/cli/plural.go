package cli

// pluralNoun picks the noun form for a count, so a message never reads
// "1 commits" or hedges with "commit(s)".
func pluralNoun(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
