// Package releasetest publishes rtgit releases on loopback the way GitHub
// serves them to scripts/install.sh: the releases and tags API of one
// repository, and each release's assets under
// <server>/<owner>/<name>/releases/download/<tag>/. The install script's
// tests and the benchmark of the Action's job both install from it.
package releasetest

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sort"
	"strings"
	"sync"
	"time"
)

// Server is a release host on loopback, counting what it serves.
type Server struct {
	*httptest.Server
	Repo string // owner/name

	mu     sync.Mutex
	assets map[string][]byte // "v1.2.3/rtgit_linux_amd64.tar.gz" -> bytes
	tags   []string
	hits   map[string]int
}

// New starts a server for repo (owner/name) with no releases.
func New(repo string) *Server {
	s := Handler(repo)
	s.Server = httptest.NewServer(s)
	return s
}

// Handler is a Server that is not started, to mount beside a fake GitHub
// API on one host as github.com serves both: it answers the API paths
// under any prefix (…/repos/<repo>/releases) and the download paths.
func Handler(repo string) *Server {
	return &Server{Repo: repo, assets: map[string][]byte{}, hits: map[string]int{}}
}

// APIURL is the value for GITHUB_API_URL; URL is GITHUB_SERVER_URL.
func (s *Server) APIURL() string { return s.URL + "/api" }

// Publish adds release tag with files as its assets and a checksums.txt
// of them, as goreleaser uploads it.
func (s *Server) Publish(tag string, files map[string][]byte) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.tags = append(s.tags, tag)
	for name, data := range files {
		s.assets[tag+"/"+name] = data
	}
	s.assets[tag+"/checksums.txt"] = Checksums(files)
}

// Set replaces one asset, "<tag>/<name>". The server is reached from the
// install script, a separate process, so the lock is what orders a
// caller's writes before the server's reads.
func (s *Server) Set(name string, data []byte) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.assets[name] = data
}

// Count is how often path was requested.
func (s *Server) Count(path string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.hits[path]
}

// Requests is how many requests the server has answered.
func (s *Server) Requests() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for _, c := range s.hits {
		n += c
	}
	return n
}

func (s *Server) ServeHTTP(w http.ResponseWriter, req *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.hits[req.URL.Path]++
	switch path := req.URL.Path; {
	case strings.HasSuffix(path, "/repos/"+s.Repo+"/tags"):
		type commit struct {
			SHA string `json:"sha"`
		}
		type tag struct {
			Name   string `json:"name"`
			Commit commit `json:"commit"`
		}
		out := []tag{}
		for _, t := range s.tags {
			out = append(out, tag{t, commit{TagCommit(t)}})
		}
		writeJSON(w, out)
		return
	case strings.HasSuffix(path, "/repos/"+s.Repo+"/releases"):
		type release struct {
			TagName string `json:"tag_name"`
			Draft   bool   `json:"draft"`
		}
		out := []release{}
		for _, t := range s.tags {
			out = append(out, release{TagName: t})
		}
		writeJSON(w, out)
		return
	}
	rest, ok := strings.CutPrefix(req.URL.Path, "/"+s.Repo+"/releases/download/")
	data, found := s.assets[rest]
	if !ok || !found {
		http.NotFound(w, req)
		return
	}
	w.Write(data)
}

// writeJSON indents as GitHub does, one field a line, which is what the
// install script's grep for "tag_name" reads.
func writeJSON(w http.ResponseWriter, v any) {
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Write(data)
}

// TagCommit is the (made-up) commit a release tag points at.
func TagCommit(tag string) string {
	sum := sha256.Sum256([]byte(tag))
	return hex.EncodeToString(sum[:20])
}

// File is one member of an archive.
type File struct {
	Name string
	Mode int64
	Data []byte
}

// Archive is a .tar.gz of files, in order, at the top level as goreleaser
// lays out rtgit's archives.
func Archive(files ...File) ([]byte, error) {
	var buf bytes.Buffer
	gz := gzip.NewWriter(&buf)
	tw := tar.NewWriter(gz)
	for _, f := range files {
		if err := tw.WriteHeader(&tar.Header{Name: f.Name, Mode: f.Mode, Size: int64(len(f.Data)), ModTime: time.Unix(0, 0)}); err != nil {
			return nil, err
		}
		if _, err := tw.Write(f.Data); err != nil {
			return nil, err
		}
	}
	if err := tw.Close(); err != nil {
		return nil, err
	}
	if err := gz.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// Checksums is a checksums.txt for files: one "<sha256>  <name>" line each,
// sorted by name.
func Checksums(files map[string][]byte) []byte {
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	sort.Strings(names)
	var b strings.Builder
	for _, name := range names {
		sum := sha256.Sum256(files[name])
		fmt.Fprintf(&b, "%s  %s\n", hex.EncodeToString(sum[:]), name)
	}
	return []byte(b.String())
}
