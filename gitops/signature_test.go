package gitops

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ProtonMail/go-crypto/openpgp"
	"github.com/ProtonMail/go-crypto/openpgp/armor"
	gogit "github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing/object"
)

// pgpKey makes an OpenPGP key and returns it with its armored public
// key.
func pgpKey(t *testing.T, name string) (*openpgp.Entity, string) {
	t.Helper()
	e, err := openpgp.NewEntity(name, "", name+"@example.com", nil)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	w, err := armor.Encode(&buf, openpgp.PublicKeyType, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := e.Serialize(w); err != nil {
		t.Fatal(err)
	}
	w.Close()
	return e, buf.String()
}

// commitSigned commits a file through go-git, signed with key.
func commitSigned(t *testing.T, dir, file, content string, key *openpgp.Entity) string {
	t.Helper()
	writeFile(t, dir, file, content)
	repo, err := gogit.PlainOpen(dir)
	if err != nil {
		t.Fatal(err)
	}
	wt, err := repo.Worktree()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := wt.Add(file); err != nil {
		t.Fatal(err)
	}
	sig := &object.Signature{Name: "Dana", Email: "dana@example.com", When: time.Now()}
	h, err := wt.Commit("signed", &gogit.CommitOptions{Author: sig, Committer: sig, SignKey: key})
	if err != nil {
		t.Fatal(err)
	}
	return h.String()
}

func TestSignedByOpenPGP(t *testing.T) {
	dir, _ := newRepo(t, map[string]string{"README.md": "# shop\n"})
	dana, danaPub := pgpKey(t, "dana")
	_, otherPub := pgpKey(t, "maya")
	signed := commitSigned(t, dir, "a.txt", "a\n", dana)
	writeFile(t, dir, "b.txt", "b\n")
	git(t, dir, "add", "b.txt")
	git(t, dir, "commit", "-q", "-m", "unsigned")
	unsigned := git(t, dir, "rev-parse", "HEAD")
	r, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		sha  string
		keys []string
		want bool
	}{
		{"its key", signed, []string{danaPub}, true},
		{"its key among others", signed, []string{otherPub, "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOq", danaPub}, true},
		{"another key", signed, []string{otherPub}, false},
		{"no key", signed, nil, false},
		{"an unsigned commit", unsigned, []string{danaPub}, false},
	} {
		got, err := r.SignedBy(c.sha, c.keys)
		if err != nil || got != c.want {
			t.Errorf("%s: SignedBy = %v, %v; want %v", c.name, got, err, c.want)
		}
	}
}

func TestSignedBySSH(t *testing.T) {
	if _, err := exec.LookPath("ssh-keygen"); err != nil {
		t.Skip("no ssh-keygen to sign with")
	}
	dir, _ := newRepo(t, map[string]string{"README.md": "# shop\n"})
	keys := t.TempDir()
	pub := func(name string) string {
		path := filepath.Join(keys, name)
		if out, err := exec.Command("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", name, "-f", path).CombinedOutput(); err != nil {
			t.Fatalf("ssh-keygen: %v\n%s", err, out)
		}
		data, err := os.ReadFile(path + ".pub")
		if err != nil {
			t.Fatal(err)
		}
		return strings.TrimSpace(string(data))
	}
	dana, maya := pub("dana"), pub("maya")
	writeFile(t, dir, "a.txt", "a\n")
	git(t, dir, "add", "a.txt")
	git(t, dir, "-c", "gpg.format=ssh", "-c", "user.signingkey="+filepath.Join(keys, "dana"), "commit", "-q", "-S", "-m", "signed")
	signed := git(t, dir, "rev-parse", "HEAD")
	r, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if ok, err := r.SignedBy(signed, []string{dana}); !ok || err != nil {
		t.Errorf("signed with dana's key: SignedBy(dana) = %v, %v", ok, err)
	}
	if ok, err := r.SignedBy(signed, []string{maya}); ok || err != nil {
		t.Errorf("signed with dana's key: SignedBy(maya) = %v, %v", ok, err)
	}
	// The key part alone, as allowed_signers holds it, is enough.
	fields := strings.Fields(dana)
	if ok, _ := r.SignedBy(signed, []string{fields[0] + " " + fields[1]}); !ok {
		t.Error("dana's key without its comment did not verify")
	}
}

func TestFileVersions(t *testing.T) {
	dir, _ := newRepo(t, map[string]string{"README.md": "# shop\n"})
	commit := func(file, content string) string {
		writeFile(t, dir, file, content)
		git(t, dir, "add", file)
		git(t, dir, "commit", "-q", "-m", "change "+file)
		return git(t, dir, "rev-parse", "HEAD")
	}
	v1 := commit("m.json", "1")
	commit("other.txt", "x")
	v2 := commit("m.json", "2")
	commit("other.txt", "y")
	r, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	got, err := r.FileVersions("HEAD", "m.json", 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 3 || got[0].Commit != v2 || string(got[0].Data) != "2" || got[1].Commit != v1 || string(got[1].Data) != "1" || got[2].Data != nil {
		t.Fatalf("versions: %+v; want 2 at %s, 1 at %s, then none", got, v2[:7], v1[:7])
	}
	if got, _ := r.FileVersions("HEAD", "m.json", 1); len(got) != 1 {
		t.Errorf("limit 1: %d versions", len(got))
	}
}
