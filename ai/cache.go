package ai

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/rtgit/rtgit/internal/atomicfile"
)

// CacheDir is where responses are kept, inside the repository's git
// directory: outside the worktree, so never committed or scanned, and
// shared by every worktree of a clone.
const CacheDir = "rtgit/ai-cache"

// entry is one cached response.
type entry struct {
	Model        string `json:"model"`
	Prompt       string `json:"prompt"` // the prompt's hash
	Text         string `json:"text"`
	InputTokens  int64  `json:"input_tokens"`
	OutputTokens int64  `json:"output_tokens"`
}

// cache maps a prompt's key to the response it got. A response is only
// ever written once: replaying it is what keeps a re-run from changing a
// text already committed.
type cache struct {
	dir string // "" disables the cache
}

// key hashes everything that decides a response: the endpoint, the model
// and the exact prompt.
func key(baseURL, model, prompt string) string {
	sum := sha256.Sum256([]byte(baseURL + "\x00" + model + "\x00" + prompt))
	return hex.EncodeToString(sum[:])
}

// promptHash is the short hash provenance names a prompt by.
func promptHash(prompt string) string {
	sum := sha256.Sum256([]byte(prompt))
	return hex.EncodeToString(sum[:6])
}

func (c cache) path(k string) string {
	return filepath.Join(c.dir, k[:2], k+".json")
}

func (c cache) get(k string) (entry, bool) {
	if c.dir == "" {
		return entry{}, false
	}
	data, err := os.ReadFile(c.path(k))
	if err != nil {
		return entry{}, false
	}
	var e entry
	if json.Unmarshal(data, &e) != nil || e.Text == "" {
		return entry{}, false // a damaged entry is asked again
	}
	return e, true
}

// put stores e atomically: a killed run leaves the entry whole or absent.
func (c cache) put(k string, e entry) error {
	if c.dir == "" {
		return nil
	}
	p := c.path(k)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	if _, err := os.Stat(p); err == nil {
		return nil
	} else if !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	data, err := json.MarshalIndent(e, "", "  ")
	if err != nil {
		return err
	}
	// Entries are private to the clone, like the rest of .git.
	if err := atomicfile.WriteFile(p, data, 0o600); err != nil {
		return fmt.Errorf("ai cache: %w", err)
	}
	return nil
}
