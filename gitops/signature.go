package gitops

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/object"
	"github.com/hiddeco/sshsig"
	"golang.org/x/crypto/ssh"
)

// SignedBy reports whether the commit sha carries a signature that one of
// keys verifies. A key is an OpenPGP public key, armored, or an SSH public
// key as the key part of an allowed_signers line ("ssh-ed25519 AAAA...");
// an SSH signature must be made for git (its namespace), as git makes
// them. A commit that is not signed, or signed by any other key, is not
// signed by these: false, with no error. What a key is worth (whose it
// is) is the caller's to know.
func (r *Repo) SignedBy(sha string, keys []string) (bool, error) {
	c, err := r.commitAt(sha)
	if err != nil {
		return false, err
	}
	sig := strings.TrimSpace(c.PGPSignature)
	if sig == "" || len(keys) == 0 {
		return false, nil
	}
	switch {
	case strings.HasPrefix(sig, "-----BEGIN PGP SIGNATURE-----"):
		for _, k := range keys {
			if !strings.HasPrefix(strings.TrimSpace(k), "-----BEGIN PGP PUBLIC KEY BLOCK-----") {
				continue
			}
			// One key at a time: go-git reads a single armored block
			// as the key ring.
			if _, err := c.Verify(k); err == nil {
				return true, nil
			}
		}
	case strings.HasPrefix(sig, "-----BEGIN SSH SIGNATURE-----"):
		s, err := sshsig.Unarmor([]byte(sig))
		if err != nil {
			return false, nil // not a signature anything verifies
		}
		payload, err := unsignedPayload(c)
		if err != nil {
			return false, err
		}
		for _, k := range keys {
			pub, _, _, _, err := ssh.ParseAuthorizedKey([]byte(strings.TrimSpace(k)))
			if err != nil {
				continue
			}
			if sshsig.Verify(bytes.NewReader(payload), s, pub, s.HashAlgorithm, "git") == nil {
				return true, nil
			}
		}
	}
	return false, nil
}

// unsignedPayload is the commit as it was signed: its encoding without
// the signature header.
func unsignedPayload(c *object.Commit) ([]byte, error) {
	o := &plumbing.MemoryObject{}
	if err := c.EncodeWithoutSignature(o); err != nil {
		return nil, fmt.Errorf("commit %s: %w", ShortHash(c.Hash.String()), err)
	}
	rd, err := o.Reader()
	if err != nil {
		return nil, err
	}
	defer rd.Close()
	return io.ReadAll(rd)
}

// FileVersion is one commit's version of a file: the commit, and the
// file's content there (nil when the commit has no such file).
type FileVersion struct {
	Commit string
	Data   []byte
}

// FileVersions lists the versions of path along rev's first parents,
// newest first, each with the commit that wrote it (the oldest commit
// holding it before an earlier version), down to the root or to limit
// versions. A history cut
// short (a shallow clone) ends where it ends. It is how sign-off finds
// the commit that wrote an entry into meta.json: the oldest of the
// versions, counted from the tip, that all hold it.
func (r *Repo) FileVersions(rev, path string, limit int) ([]FileVersion, error) {
	c, err := r.commitAt(rev)
	if err != nil {
		return nil, err
	}
	var out []FileVersion
	var last plumbing.Hash
	first := true
	for steps := 0; c != nil && len(out) < limit && steps < 100*limit; steps++ {
		blob, err := fileHash(c, path)
		if err != nil {
			return out, err
		}
		if first || blob != last {
			var v FileVersion
			if !blob.IsZero() {
				if v.Data, err = r.blobBytes(blob); err != nil {
					return out, err
				}
			}
			out = append(out, v)
			first, last = false, blob
		}
		// A version is credited to the oldest commit holding it: the
		// one that wrote it.
		out[len(out)-1].Commit = c.Hash.String()
		if len(c.ParentHashes) == 0 {
			break
		}
		next, err := object.GetCommit(r.st, c.ParentHashes[0])
		if err != nil {
			break // shallow, or an object missing: what was read stands
		}
		c = next
	}
	return out, nil
}

// fileHash is path's blob in c, zero when c has none.
func fileHash(c *object.Commit, path string) (plumbing.Hash, error) {
	t, err := c.Tree()
	if err != nil {
		return plumbing.ZeroHash, fmt.Errorf("commit %s: %w", ShortHash(c.Hash.String()), err)
	}
	e, err := t.FindEntry(path)
	if errors.Is(err, object.ErrEntryNotFound) || errors.Is(err, object.ErrDirectoryNotFound) {
		return plumbing.ZeroHash, nil
	}
	if err != nil {
		return plumbing.ZeroHash, err
	}
	return e.Hash, nil
}
