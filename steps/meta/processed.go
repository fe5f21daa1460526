package meta

import (
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/rtgit/rtgit/internal/lazyre"
)

// GitHub numbers issue comments, review comments and reviews in three
// separate sequences, so a bare id can name three different comments. Each
// entry of processed_comments is therefore the comment's kind and id
// ("ic-1002", "rc-1002", "rv-1002"). Files written before kinds were
// recorded hold bare integers; those keep their old meaning (the id of any
// kind) and are written back unchanged.
var processedKeyRe = lazyre.New(`^(?:ic|rc|rv)-[1-9][0-9]{0,18}$`)

// ValidProcessedKey reports whether key is a kinded comment key.
func ValidProcessedKey(key string) bool { return processedKeyRe.MatchString(key) }

// Processed reports whether the comment with key ("ic-1002") was already
// acted on, either under its key or as an old bare id.
func (m *Meta) Processed(key string) bool {
	if slices.Contains(m.ProcessedComments, key) {
		return true
	}
	_, id, ok := strings.Cut(key, "-")
	return ok && slices.Contains(m.ProcessedComments, id)
}

// MarkProcessed records that the comment with key was acted on, once, so a
// later run does not apply it again.
func (m *Meta) MarkProcessed(key string) {
	if !m.Processed(key) {
		m.ProcessedComments = append(m.ProcessedComments, key)
	}
}

// processed reads processed_comments: kinded keys, or the bare integers of
// older files, kept as their decimal text.
func (p *parser) processed(v value, path string) ([]string, error) {
	items, err := p.array(v, path, "an array of comment keys")
	if err != nil {
		return nil, err
	}
	out := make([]string, 0, len(items))
	for i, it := range items {
		if kind(it.raw) == "number" {
			n, err := p.integer(it, index(path, i), math.MinInt64, math.MaxInt64)
			if err != nil {
				return nil, err
			}
			out = append(out, strconv.FormatInt(n, 10))
			continue
		}
		if kind(it.raw) != "string" {
			return nil, p.want(it, index(path, i), `a comment key such as "ic-1002"`)
		}
		s, err := p.str(it, index(path, i))
		if err != nil {
			return nil, err
		}
		if !ValidProcessedKey(s) {
			return nil, p.errAt(it.off, "%s: %q is not a comment key; want ic-, rc- or rv- and the comment's id", index(path, i), s)
		}
		out = append(out, s)
	}
	return out, nil
}

// processedJSON writes old bare ids back as numbers and keys as strings.
func processedJSON(keys []string, parent *object) []byte {
	buf := []byte{'['}
	for i, k := range keys {
		if i > 0 {
			buf = append(buf, ',')
		}
		if _, err := strconv.ParseInt(k, 10, 64); err == nil {
			buf = append(buf, k...)
			continue
		}
		if !ValidProcessedKey(k) {
			parent.fail("processed_comments[%d]: %q is not a comment key", i, k)
		}
		buf = strconv.AppendQuote(buf, k)
	}
	return append(buf, ']')
}
