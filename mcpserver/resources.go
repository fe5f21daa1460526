package mcpserver

import (
	"context"
	"mime"
	"net/url"
	"path"
	"slices"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The artifacts are resources, rtgit://<slug>/<file>, so a client can
// attach a document without a tool call. The list holds every artifact
// of every analysis; reading one goes through the template, which takes
// only a slug and a file name the analysis lists.
func (h *handlers) resources(s *mcp.Server) {
	s.AddResourceTemplate(&mcp.ResourceTemplate{
		Name:        "artifact",
		Description: "A document of an analysis, such as requirements-spec.md.",
		URITemplate: "rtgit://{slug}/{file}",
	}, h.read)
	rows, err := h.b.List()
	if err != nil {
		return
	}
	for _, r := range rows[:min(len(rows), maxList)] {
		names, err := h.b.Artifacts(r.Slug)
		if err != nil {
			continue
		}
		for _, f := range names {
			s.AddResource(&mcp.Resource{
				Name:     r.Slug + "/" + f,
				URI:      "rtgit://" + r.Slug + "/" + f,
				MIMEType: mimeOf(f),
			}, h.read)
		}
	}
}

func (h *handlers) read(_ context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	uri := req.Params.URI
	u, err := url.Parse(uri)
	if err != nil || u.Scheme != "rtgit" {
		return nil, mcp.ResourceNotFoundError(uri)
	}
	slug, file := u.Host, strings.TrimPrefix(u.Path, "/")
	if checkSlug(slug) != nil || file == "" || strings.ContainsAny(file, "/\\") || file == "." || file == ".." {
		return nil, mcp.ResourceNotFoundError(uri)
	}
	names, err := h.b.Artifacts(slug)
	if err != nil || !slices.Contains(names, file) {
		return nil, mcp.ResourceNotFoundError(uri)
	}
	data, err := h.b.Artifact(slug, file)
	if err != nil {
		return nil, err
	}
	return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: uri, MIMEType: mimeOf(file), Text: string(data)}}}, nil
}

func mimeOf(name string) string {
	switch path.Ext(name) {
	case ".md":
		return "text/markdown"
	case ".yaml", ".yml":
		return "application/yaml"
	case ".json":
		return "application/json"
	case ".csv":
		return "text/csv"
	}
	if t := mime.TypeByExtension(path.Ext(name)); t != "" {
		return t
	}
	return "text/plain"
}
