package ai

import (
	"path"
	"strconv"
	"strings"

	"github.com/rtgit/rtgit/internal/lazyre"
)

// A file's name is not enough to tell that it holds a credential: a
// database.properties, a service account's key.json or a config that a
// developer pasted a token into look like any other file. secretContent
// reads what would be sent and refuses it when it holds a private key, a
// cloud service account's key, a well-known token, or a line assigning a
// password, secret, token or key.

var (
	privateKeyRe = lazyre.New(`-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----`)
	// A Google service account's JSON key, an AWS access key id, an
	// Azure storage connection string.
	cloudKeyRe = lazyre.New(`"type"\s*:\s*"service_account"|"private_key(?:_id)?"\s*:\s*"|\b(?:AKIA|ASIA)[0-9A-Z]{16}\b|(?i)\baws_secret_access_key\b|AccountKey=[A-Za-z0-9+/=]{20,}`)
	// Tokens whose shape alone gives them away.
	tokenRe = lazyre.New(`\bgh[pousr]_[A-Za-z0-9]{36}\b|\bgithub_pat_[A-Za-z0-9_]{40,}|\bxox[abprs]-[A-Za-z0-9-]{10,}|\bsk-(?:proj-|ant-)?[A-Za-z0-9_-]{20,}|\bAIza[0-9A-Za-z_-]{35}\b|\bglpat-[A-Za-z0-9_-]{20}\b|\bnpm_[A-Za-z0-9]{36}\b`)
	// name = value, name: value, name := value, export NAME=value, with
	// the name ending in a word for a credential.
	assignRe = lazyre.New(`(?i)^\s*(?:(?:export|set|var|let|const|val|my|our|local|private|public|protected|static|final|readonly)\s+)*["']?[A-Za-z0-9_.\-]*?(password|passwd|passphrase|pwd|secret|token|api[_.\-]?key|apikey|access[_.\-]?key|secret[_.\-]?key|private[_.\-]?key|auth[_.\-]?key|client[_.\-]?secret|credentials?)["']?\s*(?::=|=|:)\s*(.*)$`)
	// What a value that only points elsewhere looks like: ${VAR}, $VAR,
	// %VAR%, {{ .x }}, <placeholder>, env("X"), a call or a member.
	referenceRe = lazyre.New(`^(?:\$\{?[A-Za-z_]|%[A-Za-z_]|\{\{|<[^>]*>$|[A-Za-z_][A-Za-z0-9_]*\(|[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)+$)`)
)

// configExts are the files whose unquoted values are values, not code.
var configExts = map[string]bool{"": true, ".properties": true, ".env": true, ".ini": true, ".cfg": true, ".conf": true,
	".config": true, ".yaml": true, ".yml": true, ".toml": true, ".txt": true, ".json": true, ".xml": true, ".cnf": true, ".npmrc": true}

// secretContent says why text (the start of the file rel) must not reach
// a prompt, or "" when nothing in it looks like a credential.
func secretContent(rel, text string) string {
	switch {
	case privateKeyRe.MatchString(text):
		return "holds a private key"
	case cloudKeyRe.MatchString(text):
		return "holds a cloud service account's or access key"
	case tokenRe.MatchString(text):
		return "holds an access token"
	}
	name := strings.ToLower(rel)
	for _, sfx := range []string{".example", ".sample", ".dist", ".template", ".tmpl", ".local"} {
		name = strings.TrimSuffix(name, sfx)
	}
	config := configExts[path.Ext(name)] || strings.HasPrefix(path.Base(name), ".env")
	for i, line := range strings.Split(text, "\n") {
		m := assignRe.FindStringSubmatch(strings.TrimRight(line, "\r"))
		if m == nil || !secretValue(m[2], config) {
			continue
		}
		return "line " + strconv.Itoa(i+1) + " assigns a " + credentialWord(m[1])
	}
	return ""
}

// secretValue reports whether v, what follows the `=` or `:`, is a
// credential itself rather than a reference to one, a placeholder or an
// empty value. Unquoted values count only in configuration files: in code
// they are expressions.
func secretValue(v string, config bool) bool {
	v = strings.TrimSpace(v)
	v = strings.TrimRight(v, ",;")
	if i := strings.Index(v, " #"); i >= 0 && config {
		v = strings.TrimSpace(v[:i])
	}
	quoted := len(v) >= 2 && (v[0] == '"' || v[0] == '\'' || v[0] == '`') && v[len(v)-1] == v[0]
	if quoted {
		v = v[1 : len(v)-1]
	} else if !config || strings.ContainsAny(v, " \t") {
		return false
	}
	if len(v) < 4 || referenceRe.MatchString(v) {
		return false
	}
	switch strings.ToLower(v) {
	case "true", "false", "null", "none", "nil", "yes", "no", "required", "optional", "string", "redacted", "xxxx", "****":
		return false
	}
	// A value of only asterisks or x's is a mask.
	return strings.Trim(v, "*xX.") != ""
}

func credentialWord(w string) string {
	w = strings.ToLower(w)
	switch {
	case strings.Contains(w, "pass") || w == "pwd":
		return "password"
	case strings.Contains(w, "token"):
		return "token"
	case strings.Contains(w, "secret"):
		return "secret"
	case strings.Contains(w, "credential"):
		return "credential"
	}
	return "key"
}
