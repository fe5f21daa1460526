package ai

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
)

// Credential files a quick scan may rank as candidates: by name, by
// folder, or only by what they hold. None reaches a prompt, and each is
// reported as withheld with its reason; the ordinary files beside them
// are sent.
func TestCredentialFilesAreWithheld(t *testing.T) {
	c, srv, root, _ := newTestClient(t, nil)
	c.maxExcerpts = 100
	files := map[string]string{
		".pgpass":                          "db.internal:5432:billing:billing:pgpassvalue\n",
		".kube/config":                     "apiVersion: v1\nusers:\n- name: ci\n  user:\n    token: kubetokenvalue\n",
		"deploy/gcp.json":                  "{\n  \"type\": \"service_account\",\n  \"project_id\": \"acme\",\n  \"private_key_id\": \"gcpkeyvalue\"\n}\n",
		"src/main/resources/db.properties": "db.url=jdbc:postgresql://db/billing\ndb.password=propertiesvalue\n",
		"web/.npmrc":                       "//registry.npmjs.org/:_authToken=npmrcvalue\n",
		".netrc":                           "machine api.acme.test login ci password netrcvalue\n",
		".git-credentials":                 "https://ci:gitcredvalue@github.com\n",
		"keys/id_ed25519":                  "-----BEGIN OPENSSH PRIVATE KEY-----\nsshkeyvalue\n-----END OPENSSH PRIVATE KEY-----\n",
		"billing/fixtures/tls.txt":         "notes\n-----BEGIN RSA PRIVATE KEY-----\nrsakeyvalue\n",
		"billing/settings.py":              "DEBUG = False\nSECRET_KEY = \"djangosecretvalue\"\n",
		"billing/client.go":                "package billing\n\nconst apiKey = \"sk-proj-abcdefghijklmnopqrstuvwx\" // tokenshapevalue\n",
		"ops/aws.ini":                      "[default]\naws_access_key_id = AKIAIOSFODNN7EXAMPLE\nnote = awskeyvalue\n",
		// Ordinary files that mention credentials without holding one.
		"billing/export.go": "package billing // exportfile\n\nfunc auth(r *Request) string {\n\ttoken := r.Header.Get(\"Authorization\")\n\tpassword = os.Getenv(\"PW\")\n\treturn token\n}\n",
		"config/app.yaml":   "# appconfigfile\ndatabase:\n  password: ${DB_PASSWORD}\n  api_key: <your key here>\n  token: \"\"\n",
		"README.md":         "Set the password in your secret store before the first export. readmefile\n",
	}
	var paths []string
	for rel, text := range files {
		p := filepath.Join(root, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, rel)
	}
	if _, err := c.Helpers().Drafter.Draft(context.Background(), draftReq(paths...)); err != nil {
		t.Fatal(err)
	}
	prompt := srv.Requests()[0].Prompt()
	for _, secret := range []string{"pgpassvalue", "kubetokenvalue", "gcpkeyvalue", "propertiesvalue", "npmrcvalue", "netrcvalue",
		"gitcredvalue", "sshkeyvalue", "rsakeyvalue", "djangosecretvalue", "tokenshapevalue", "awskeyvalue"} {
		if strings.Contains(prompt, secret) {
			t.Errorf("the prompt holds %q", secret)
		}
	}
	for _, ok := range []string{"exportfile", "appconfigfile", "readmefile"} {
		if !strings.Contains(prompt, ok) {
			t.Errorf("the prompt lacks the ordinary file holding %q", ok)
		}
	}
	withheld := map[string]string{}
	for _, w := range c.Helpers().Withheld(paths) {
		withheld[w.Path] = w.Reason
	}
	want := map[string]string{
		".pgpass":                          "by its name",
		".kube/config":                     "inside .kube/",
		"deploy/gcp.json":                  "service account",
		"src/main/resources/db.properties": "line 2 assigns a password",
		"web/.npmrc":                       "by its name",
		".netrc":                           "by its name",
		".git-credentials":                 "by its name",
		"keys/id_ed25519":                  "by its name",
		"billing/fixtures/tls.txt":         "private key",
		"billing/settings.py":              "line 2 assigns a secret",
		"billing/client.go":                "access token",
		"ops/aws.ini":                      "access key",
	}
	for rel, why := range want {
		if !strings.Contains(withheld[rel], why) {
			t.Errorf("%s: withheld as %q, want a reason saying %q", rel, withheld[rel], why)
		}
	}
	if len(withheld) != len(want) {
		t.Errorf("withheld %d files, want %d: %v", len(withheld), len(want), withheld)
	}
}

func TestSecretContent(t *testing.T) {
	for _, tc := range []struct {
		rel, text, want string
	}{
		{"a.properties", "user=app\npassword=hunter22\n", "line 2 assigns a password"},
		{"a.env.example", "export API_TOKEN=abcd1234efgh\n", "line 1 assigns a token"},
		{"a.json", "{\n  \"client_secret\": \"s3cr3tvalue\",\n}", "line 2 assigns a secret"},
		{"a.yaml", "auth:\n  apiKey: 'abcd-1234-efgh'\n", "line 2 assigns a key"},
		{"main.go", "var dbPassword = \"hunter22\"\n", "line 1 assigns a password"},
		{"main.go", "pw := \"x\"\ntoken := req.Token\npassword = flag.String(\"p\", \"\", \"\")\n", ""},
		{"a.yaml", "password: ${DB_PASSWORD}\ntoken: \"{{ .Token }}\"\nsecret: REDACTED\napi_key: <key>\n", ""},
		{"a.properties", "password=\ntoken=true\n", ""},
		{"doc.md", "The password must be rotated: token = a new one.\n", ""},
		{"x.txt", "-----BEGIN ENCRYPTED PRIVATE KEY-----\n", "holds a private key"},
		{"x.txt", "-----BEGIN PGP PRIVATE KEY BLOCK-----\n", "holds a private key"},
		{"x.txt", "-----BEGIN CERTIFICATE-----\n", ""},
		{"x.go", "// ghp_abcdefghijklmnopqrstuvwxyz0123456789\n", "holds an access token"},
	} {
		if got := secretContent(tc.rel, tc.text); !strings.Contains(got, tc.want) || (tc.want == "" && got != "") {
			t.Errorf("secretContent(%s, %q) = %q, want %q", tc.rel, tc.text, got, tc.want)
		}
	}
}

// What .gitignore keeps from the model is read from the tree the client
// is given (in the Action, the default branch's commit), not from the
// worktree, which holds the analysis branch there; .git/info/exclude,
// which no commit holds, is still read from the clone.
func TestGitignoreComesFromTheGivenTree(t *testing.T) {
	root := t.TempDir()
	for rel, text := range map[string]string{
		".gitignore":        "# the branch dropped main's rule\n",
		".git/info/exclude": "scratch/\n",
	} {
		p := filepath.Join(root, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	main := fstest.MapFS{".gitignore": {Data: []byte("notes/private.md\n")}}
	g := newGuard(root, main, nil)
	if ok, why := g.allowed("notes/private.md"); ok || why != "ignored by .gitignore" {
		t.Errorf("notes/private.md: allowed %v (%q); main's .gitignore keeps it out", ok, why)
	}
	if ok, why := g.allowed("scratch/todo.md"); ok || why != "ignored by .gitignore" {
		t.Errorf("scratch/todo.md: allowed %v (%q); .git/info/exclude keeps it out", ok, why)
	}
	if ok, _ := g.allowed("notes/public.md"); !ok {
		t.Error("notes/public.md is withheld; nothing ignores it")
	}
	// Without a tree, the worktree's own .gitignore decides, as locally.
	if ok, _ := newGuard(root, nil, nil).allowed("notes/private.md"); !ok {
		t.Error("with no tree given, the worktree's .gitignore (which allows it) was not the one read")
	}
}
