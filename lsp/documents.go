package lsp

import (
	"context"
	"net/url"
	"path/filepath"

	"go.lsp.dev/protocol"

	"github.com/gortex/gortex/repofs"
	"github.com/gortex/gortex/workspace"
)

// maxFileBytes bounds a file read from disk for a request: the largest
// sources gortex indexes are a few megabytes.
const maxFileBytes = 16 << 20

// document is a file the editor has open, as its buffer holds it.
type document struct {
	version int32
	text    string
}

func (s *Server) didOpen(ctx context.Context, p *protocol.DidOpenTextDocumentParams) {
	s.mu.Lock()
	s.docs[p.TextDocument.URI] = &document{version: p.TextDocument.Version, text: p.TextDocument.Text}
	s.mu.Unlock()
	s.diagnose(p.TextDocument.URI)
}

// didChange keeps the buffer's text: the server asks for whole texts
// (TextDocumentSyncKindFull), so the last change holds all of it.
func (s *Server) didChange(ctx context.Context, p *protocol.DidChangeTextDocumentParams) {
	if len(p.ContentChanges) == 0 {
		return
	}
	s.mu.Lock()
	s.docs[p.TextDocument.URI] = &document{version: p.TextDocument.Version, text: p.ContentChanges[len(p.ContentChanges)-1].Text}
	s.mu.Unlock()
	s.diagnose(p.TextDocument.URI)
}

func (s *Server) didClose(ctx context.Context, p *protocol.DidCloseTextDocumentParams) {
	s.mu.Lock()
	delete(s.docs, p.TextDocument.URI)
	client := s.client
	s.mu.Unlock()
	// What was published for the buffer goes with it.
	_ = client.PublishDiagnostics(ctx, &protocol.PublishDiagnosticsParams{URI: p.TextDocument.URI, Diagnostics: []protocol.Diagnostic{}})
}

// text returns the text of the file at rel in w: the editor's buffer when
// it has the file open, else the file on disk, read inside the root.
func (s *Server) text(w *workspace.Workspace, u protocol.DocumentURI, rel string) (string, bool) {
	s.mu.Lock()
	d := s.docs[u]
	s.mu.Unlock()
	if d != nil {
		return d.text, true
	}
	b, err := repofs.ReadIn(w.Root, filepath.FromSlash(rel), maxFileBytes)
	if err != nil {
		return "", false
	}
	return string(b), true
}

// uriPath returns the file path of a file URI; "" for another scheme.
func uriPath(u protocol.DocumentURI) string {
	p, err := url.Parse(string(u))
	if err != nil || p.Scheme != "file" {
		return ""
	}
	return filepath.FromSlash(p.Path)
}

// fileURI returns the file URI of an absolute path.
func fileURI(path string) string {
	return (&url.URL{Scheme: "file", Path: filepath.ToSlash(path)}).String()
}

// relPath returns the repo-relative, slash-separated path of the file u
// names; false for a URI outside w's root or of another scheme.
func relPath(w *workspace.Workspace, u protocol.DocumentURI) (string, bool) {
	p := uriPath(u)
	if p == "" || !filepath.IsAbs(p) {
		return "", false
	}
	rel, ok := repofs.Rel(w.Root, filepath.Clean(p))
	if !ok {
		// The editor may name the file through a link to the root (a
		// temporary directory under /tmp on macOS), or the root may be one.
		root, err1 := filepath.EvalSymlinks(w.Root)
		real, err2 := filepath.EvalSymlinks(p)
		if err1 != nil || err2 != nil {
			return "", false
		}
		if rel, ok = repofs.Rel(root, real); !ok {
			return "", false
		}
	}
	return filepath.ToSlash(rel), rel != "."
}
