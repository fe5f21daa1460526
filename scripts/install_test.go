package scripts

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/rtgit/rtgit/scripts/releasetest"
)

// archive is a release archive holding a stand-in rtgit that prints which
// build it is.
func archive(t *testing.T, build string) []byte {
	t.Helper()
	data, err := releasetest.Archive(
		releasetest.File{Name: "README.md", Mode: 0o644, Data: []byte("# rtgit\n")},
		releasetest.File{Name: "rtgit", Mode: 0o755, Data: []byte("#!/bin/sh\necho " + build + "\n")})
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// newRelease publishes tags of acme/rtgit, each with linux amd64 and arm64
// archives.
func newRelease(t *testing.T, tags ...string) *releasetest.Server {
	r := releasetest.New("acme/rtgit")
	t.Cleanup(r.Close)
	for _, tag := range tags {
		files := map[string][]byte{}
		for _, arch := range []string{"amd64", "arm64"} {
			files["rtgit_linux_"+arch+".tar.gz"] = archive(t, "rtgit "+tag+" linux/"+arch)
		}
		r.Publish(tag, files)
	}
	return r
}

type installRun struct {
	out, stderr string
	outputs     string // what the script wrote to GITHUB_OUTPUT
	err         error
	took        time.Duration
}

func install(t *testing.T, srv *releasetest.Server, cache, ref, arch string) installRun {
	t.Helper()
	tmp := t.TempDir()
	outFile := filepath.Join(tmp, "output")
	cmd := exec.Command("bash", "install.sh")
	cmd.Env = append(os.Environ(),
		"RTGIT_REF="+ref, "RTGIT_REPO=acme/rtgit",
		"GITHUB_API_URL="+srv.APIURL(), "GITHUB_SERVER_URL="+srv.URL,
		"RUNNER_OS=Linux", "RUNNER_ARCH="+arch, "RUNNER_TOOL_CACHE="+cache, "RUNNER_TEMP="+tmp,
		"GITHUB_OUTPUT="+outFile, "GITHUB_PATH="+filepath.Join(tmp, "path"), "GH_TOKEN=")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	err := cmd.Run()
	took := time.Since(start)
	outputs, _ := os.ReadFile(outFile)
	return installRun{stdout.String(), stderr.String(), string(outputs), err, took}
}

// installed runs the binary the script put in the cache.
func installed(t *testing.T, r installRun) string {
	t.Helper()
	var path string
	for _, l := range strings.Split(r.outputs, "\n") {
		if p, ok := strings.CutPrefix(l, "path="); ok {
			path = p
		}
	}
	if path == "" {
		t.Fatalf("no path= output:\n%s\n%s", r.outputs, r.stderr)
	}
	out, err := exec.Command(path).Output()
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimSpace(string(out))
}

func TestInstallRightArchiveVerified(t *testing.T) {
	srv := newRelease(t, "v1.2.3")
	cache := t.TempDir()
	r := install(t, srv, cache, "v1.2.3", "ARM64")
	if r.err != nil {
		t.Fatalf("install: %v\n%s", r.err, r.stderr)
	}
	if got := installed(t, r); got != "rtgit v1.2.3 linux/arm64" {
		t.Errorf("installed %q, want the linux/arm64 build of v1.2.3", got)
	}
	if !strings.Contains(r.outputs, "found=true") || !strings.Contains(r.stderr, "verified rtgit_linux_arm64.tar.gz of v1.2.3 (sha256 ") {
		t.Errorf("outputs %q, stderr %q", r.outputs, r.stderr)
	}
	if srv.Count("/acme/rtgit/releases/download/v1.2.3/rtgit_linux_amd64.tar.gz") != 0 {
		t.Errorf("downloaded the amd64 archive on an arm64 runner")
	}
	t.Logf("install from a loopback release: %v", r.took)

	// A second run on the same runner takes it from the tool cache.
	again := install(t, srv, cache, "v1.2.3", "ARM64")
	if again.err != nil || !strings.Contains(again.stderr, "from the tool cache") {
		t.Fatalf("second install: %v\n%s", again.err, again.stderr)
	}
	if n := srv.Count("/acme/rtgit/releases/download/v1.2.3/rtgit_linux_arm64.tar.gz"); n != 1 {
		t.Errorf("archive downloaded %d times, want once", n)
	}
	t.Logf("install from the tool cache: %v", again.took)
}

func TestInstallRefusesTamperedArchive(t *testing.T) {
	srv := newRelease(t, "v1.2.3")
	srv.Set("v1.2.3/rtgit_linux_amd64.tar.gz", archive(t, "evil"))
	cache := t.TempDir()
	r := install(t, srv, cache, "v1.2.3", "X64")
	if r.err == nil {
		t.Fatalf("a tampered archive installed:\n%s", r.stderr)
	}
	if !strings.Contains(r.stderr, "checksum mismatch for rtgit_linux_amd64.tar.gz of v1.2.3") || !strings.Contains(r.stderr, "refusing to install it") {
		t.Errorf("stderr: %s", r.stderr)
	}
	if strings.Contains(r.outputs, "found=") {
		t.Errorf("a refused install must not let the caller fall back: %q", r.outputs)
	}
	filepath.Walk(cache, func(p string, info os.FileInfo, err error) error {
		if err == nil && !info.IsDir() {
			t.Errorf("refused install left %s in the tool cache", p)
		}
		return nil
	})

	// checksums.txt without the archive's line is refused the same way.
	srv.Set("v1.2.3/checksums.txt", []byte("0000  rtgit_linux_arm64.tar.gz\n"))
	r = install(t, srv, cache, "v1.2.3", "X64")
	if r.err == nil || !strings.Contains(r.stderr, "lists no rtgit_linux_amd64.tar.gz") {
		t.Errorf("unlisted archive: %v\n%s", r.err, r.stderr)
	}
}

func TestInstallMajorTagIsNewestRelease(t *testing.T) {
	srv := newRelease(t, "v1.1.0", "v1.10.0", "v1.9.4", "v2.0.0")
	r := install(t, srv, t.TempDir(), "v1", "X64")
	if r.err != nil {
		t.Fatalf("install: %v\n%s", r.err, r.stderr)
	}
	if got := installed(t, r); got != "rtgit v1.10.0 linux/amd64" {
		t.Errorf("v1 installed %q, want v1.10.0 (the newest v1.x.y by version, not by text)", got)
	}
}

func TestInstallPinnedCommitIsItsRelease(t *testing.T) {
	srv := newRelease(t, "v1.1.0", "v1.2.3")
	r := install(t, srv, t.TempDir(), releasetest.TagCommit("v1.2.3"), "X64")
	if r.err != nil {
		t.Fatalf("install: %v\n%s", r.err, r.stderr)
	}
	if got := installed(t, r); got != "rtgit v1.2.3 linux/amd64" {
		t.Errorf("commit of v1.2.3 installed %q", got)
	}
}

func TestInstallWithoutReleaseBuildsFromSource(t *testing.T) {
	srv := newRelease(t, "v1.2.3")
	for _, ref := range []string{"main", "0123456789abcdef0123456789abcdef01234567", "v1.3.0", "v3", ""} {
		r := install(t, srv, t.TempDir(), ref, "X64")
		if r.err != nil {
			t.Errorf("%q: %v\n%s", ref, r.err, r.stderr)
			continue
		}
		if strings.TrimSpace(r.outputs) != "found=false" || !strings.Contains(r.stderr, "building rtgit from source instead") {
			t.Errorf("%q: outputs %q, stderr %q", ref, r.outputs, r.stderr)
		}
	}
}
