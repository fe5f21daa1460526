// Package quiet makes markdown rtgit did not write safe to post on
// GitHub: a quoted comment, and everything a model wrote. Posted as it
// is, such text could notify people (an @mention pings a user or a whole
// team), fetch from anywhere (an image is loaded, through GitHub's proxy,
// from the address it names, which can carry data out in its query), or
// send a reader away (a link to another host). Markdown quiets all three
// and leaves code alone, where none of them happens.
package quiet

import (
	"net/url"
	"strings"

	"github.com/rtgit/rtgit/internal/lazyre"
)

var (
	// mentionRe is what GitHub takes for a mention: @ not preceded by a
	// word character, then a login or org/team.
	mentionRe = lazyre.New(`(^|[^A-Za-z0-9_` + "`" + `])@([A-Za-z0-9])`)
	// refDefRe is a link reference definition, "[label]: url".
	refDefRe = lazyre.New(`^( {0,3})\[([^\]]+)\]:[ \t]*<?([^\s>]+)>?(.*)$`)
	// tokenRe finds, leftmost first: an inline image, a reference image,
	// an <img> tag, another tag that loads media, an inline link, an
	// autolink, a bare address GitHub would link, and <a> tags.
	tokenRe = lazyre.New(`!\[([^\]]*)\]\(([^)]*)\)` +
		`|!\[([^\]]*)\]\[[^\]]*\]` +
		`|(?i:<img\b([^>]*)>?)` +
		`|(?i:</?(?:picture|source|video|audio)\b[^>]*>?)` +
		`|\[([^\]]*)\]\(\s*<?([^)\s>]*)>?(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)` +
		`|<((?i:https?|ftp|mailto):[^>\s]*)>` +
		`|((?i:https?://|www\.)[^\s<>]*[^\s<>.,:;"')\]*_~?!])` +
		`|(?i:</?a\b[^>]*>)`)
	altRe = lazyre.New(`(?i)\balt\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))`)
)

// Markdown returns s quieted: every @mention is broken with a zero-width
// joiner, so it notifies nobody; every image is dropped, its alt text
// kept (or "(image)" when it has none); and every link, autolink, bare
// address and reference definition pointing anywhere but host (the
// repository's web host, "github.com") is shown as its text with the
// address in code, which GitHub neither links nor fetches. Relative links
// stay: they point into the repository. Fenced code and code spans are
// left as they are.
func Markdown(s, host string) string {
	lines := strings.Split(s, "\n")
	code, _ := Fenced(lines)
	for i, l := range lines {
		if !code[i] {
			lines[i] = line(l, host)
		}
	}
	return strings.Join(lines, "\n")
}

// line quiets one line outside its code spans.
func line(l, host string) string {
	if m := refDefRe.FindStringSubmatch(l); m != nil && !allowed(m[3], host) {
		return m[1] + `\[` + quietText(m[2], host) + `]: ` + code(m[3]) + quietText(m[4], host)
	}
	var b strings.Builder
	for len(l) > 0 {
		open := strings.IndexByte(l, '`')
		if open < 0 {
			b.WriteString(quietText(l, host))
			break
		}
		n := run(l[open:])
		closeAt := -1
		for j := open + n; j < len(l); {
			k := strings.IndexByte(l[j:], '`')
			if k < 0 {
				break
			}
			if m := run(l[j+k:]); m == n {
				closeAt = j + k
				break
			} else {
				j += k + m
			}
		}
		if closeAt < 0 {
			b.WriteString(quietText(l, host))
			break
		}
		b.WriteString(quietText(l[:open], host))
		b.WriteString(l[open : closeAt+n])
		l = l[closeAt+n:]
	}
	return b.String()
}

func run(s string) int {
	n := 0
	for n < len(s) && s[n] == '`' {
		n++
	}
	return n
}

// quietText quiets text that holds no code span.
func quietText(t, host string) string {
	t = mentionRe.ReplaceAllString(t, "${1}@\u200d${2}")
	return tokenRe.ReplaceAllStringFunc(t, func(tok string) string {
		m := tokenRe.FindStringSubmatch(tok)
		switch {
		case strings.HasPrefix(tok, "!["):
			alt := m[1] + m[3]
			if strings.TrimSpace(alt) == "" {
				return "(image)"
			}
			return alt
		case m[4] != "" || strings.HasPrefix(strings.ToLower(tok), "<img"):
			if a := altRe.FindStringSubmatch(m[4]); a != nil && strings.TrimSpace(a[1]+a[2]+a[3]) != "" {
				return a[1] + a[2] + a[3]
			}
			return "(image)"
		case strings.HasPrefix(tok, "["):
			if allowed(m[6], host) {
				return tok
			}
			if m[5] == "" || m[5] == m[6] {
				return code(m[6])
			}
			return m[5] + " (" + code(m[6]) + ")"
		case m[7] != "":
			if allowed(m[7], host) {
				return tok
			}
			return code(m[7])
		case m[8] != "":
			if allowed(m[8], host) {
				return tok
			}
			return code(m[8])
		}
		return "" // a media or <a> tag
	})
}

// allowed reports whether a link to addr may stay a link: it is relative
// (into the repository), or an http(s) address on host.
func allowed(addr, host string) bool {
	if strings.HasPrefix(strings.ToLower(addr), "www.") {
		addr = "https://" + addr
	}
	u, err := url.Parse(addr)
	if err != nil {
		return false
	}
	if u.Scheme == "" && u.Host == "" && !strings.HasPrefix(addr, "//") {
		return true
	}
	return (u.Scheme == "http" || u.Scheme == "https") && host != "" && strings.EqualFold(u.Hostname(), host)
}

// code is addr as a code span, which GitHub neither links nor loads.
func code(addr string) string {
	addr = strings.ReplaceAll(addr, "`", "%60")
	return "`" + addr + "`"
}
