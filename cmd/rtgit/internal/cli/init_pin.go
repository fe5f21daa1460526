package cli

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/rtgit/rtgit/internal/lazyre"
)

// defaultActionRepo publishes the rtgit Action and its releases.
const defaultActionRepo = "rtgit/rtgit"

// templateUses is the Action reference in templates/init/rtgit.yml, which
// `rtgit init` replaces with the pinned one.
const templateUses = "uses: rtgit/rtgit@v1"

// actionPin is how the written workflow refers to the Action.
type actionPin struct {
	repo    string
	sha     string // full commit SHA, "" when it could not be learned
	version string // "v1.2.3", "" when unknown
	problem string // why the pin is weaker than a SHA, for the user
}

var (
	fullSHARe  = lazyre.New(`^[0-9a-f]{40}$`)
	releaseRe  = lazyre.New(`^v[0-9]+\.[0-9]+\.[0-9]+$`)
	actionRepo = lazyre.New(`^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+$`)
)

// pin decides the Action reference: a tag is turned into its commit with
// one GitHub API call, because a tag can be moved and a commit cannot.
// Offline, it falls back to the tag and says so.
func (o *initOptions) pin(s Streams) actionPin {
	p := actionPin{repo: o.actionRepo}
	if !actionRepo.MatchString(p.repo) {
		p.repo = defaultActionRepo
	}
	ref := o.ref
	if ref == "" {
		ref = Version()
	}
	switch {
	case fullSHARe.MatchString(ref):
		p.sha = ref
		return p
	case ref == "":
		p.problem = "this rtgit is a development build with no release version, so the workflow uses the moving tag v1; pin it with: rtgit init --force --ref vX.Y.Z"
		return p
	case !releaseRe.MatchString(ref):
		p.version = ref
		p.problem = fmt.Sprintf("%s is not a release (vX.Y.Z) or a full commit SHA, so it is used as it is", ref)
		return p
	}
	p.version = ref
	sha, err := resolveTag(o.getenv, p.repo, ref)
	if err != nil {
		p.problem = fmt.Sprintf("could not look up the commit of %s %s (%v), so the workflow names the tag; run rtgit init --force again with network access to pin the commit", p.repo, ref, err)
		return p
	}
	p.sha = sha
	return p
}

// uses is the workflow's uses: line.
func (p actionPin) uses() string {
	switch {
	case p.sha != "" && p.version != "":
		return fmt.Sprintf("uses: %s@%s # %s", p.repo, p.sha, p.version)
	case p.sha != "":
		return fmt.Sprintf("uses: %s@%s", p.repo, p.sha)
	case p.version != "":
		return fmt.Sprintf("uses: %s@%s", p.repo, p.version)
	}
	return fmt.Sprintf("uses: %s@v1", p.repo)
}

func (p actionPin) apply(workflow []byte) []byte {
	return bytes.Replace(workflow, []byte(templateUses), []byte(p.uses()), -1)
}

// explain tells the user what the pin is and how it stays current.
func (p actionPin) explain() string {
	var b strings.Builder
	fmt.Fprintf(&b, "The workflow runs the Action as `%s`.", p.uses())
	if p.problem != "" {
		fmt.Fprintf(&b, "\nNote: %s.", p.problem)
	}
	if p.sha != "" {
		b.WriteString(`
A commit SHA cannot be moved the way a tag can, so the workflow runs exactly
the code you reviewed. To be offered updates, let Dependabot watch Actions: it
bumps the SHA and the version comment together in a pull request. Add
.github/dependabot.yml:

  version: 2
  updates:
    - package-ecosystem: github-actions
      directory: /
      schedule:
        interval: weekly`)
	}
	return b.String()
}

// resolveTag asks the GitHub API for the commit a tag points at; the
// "sha" media type answers with the bare SHA, and follows annotated tags.
func resolveTag(getenv func(string) string, repo, tag string) (string, error) {
	api := strings.TrimSuffix(firstNonEmpty(getenv("GITHUB_API_URL"), "https://api.github.com"), "/")
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, api+"/repos/"+repo+"/commits/"+tag, nil)
	if err != nil {
		return "", err
	}
	req.Header.Set("Accept", "application/vnd.github.sha")
	if token := firstNonEmpty(getenv("GITHUB_TOKEN"), getenv("GH_TOKEN")); token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 1024))
	if err != nil {
		return "", err
	}
	if resp.StatusCode != http.StatusOK {
		return "", fmt.Errorf("GitHub answered %s", resp.Status)
	}
	sha := strings.TrimSpace(string(body))
	if !fullSHARe.MatchString(sha) {
		return "", fmt.Errorf("GitHub answered %q, not a commit SHA", sha)
	}
	return sha, nil
}
