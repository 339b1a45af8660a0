package lsp

import (
	"context"
	"path/filepath"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"

	"github.com/gortex/gortex/repofs"
	"github.com/gortex/gortex/workspace"
)

// methodShowDocument asks the client to open a document (LSP 3.16), which
// go.lsp.dev/protocol v0.12.0 has no call for.
const methodShowDocument = "window/showDocument"

// showDocumentParams are window/showDocument's parameters.
type showDocumentParams struct {
	URI       protocol.DocumentURI `json:"uri"`
	TakeFocus bool                 `json:"takeFocus,omitempty"`
	Selection *protocol.Range      `json:"selection,omitempty"`
}

// showDocumentResult is window/showDocument's result.
type showDocumentResult struct {
	Success bool `json:"success"`
}

// executeCommand runs gortex.open (a code lens's command): it asks the
// client to open the document, a file under the served repository or a
// memory file, at the line.
func (s *Server) executeCommand(ctx context.Context, p *protocol.ExecuteCommandParams) (any, error) {
	if p.Command != openCommand {
		return nil, jsonrpc2.Errorf(jsonrpc2.InvalidParams, "unknown command %q", p.Command)
	}
	u, line, ok := openArgs(p.Arguments)
	if !ok {
		return nil, jsonrpc2.Errorf(jsonrpc2.InvalidParams, "%s takes a file URI and a line", openCommand)
	}
	v, err := s.view(ctx)
	if err != nil {
		return nil, err
	}
	if !openable(v, u) {
		return nil, jsonrpc2.Errorf(jsonrpc2.InvalidParams, "%s opens only the repository's documents and memories", openCommand)
	}
	at := protocol.Position{Line: uint32(line - 1)}
	var res showDocumentResult
	s.mu.Lock()
	conn := s.conn
	s.mu.Unlock()
	_, err = conn.Call(ctx, methodShowDocument, showDocumentParams{URI: u, TakeFocus: true,
		Selection: &protocol.Range{Start: at, End: at}}, &res)
	return nil, err
}

// openArgs reads gortex.open's arguments: a URI and a 1-based line.
func openArgs(args []any) (protocol.DocumentURI, int, bool) {
	if len(args) != 2 {
		return "", 0, false
	}
	u, ok1 := args[0].(string)
	line, ok2 := args[1].(float64)
	if !ok1 || !ok2 || line < 1 || line > 1<<31-1 {
		return "", 0, false
	}
	return protocol.DocumentURI(u), int(line), true
}

// openable reports whether u names a file the server links to: one under
// the repository's root, or a memory file of the global store.
func openable(v *workspace.View, u protocol.DocumentURI) bool {
	p := uriPath(u)
	if p == "" || !filepath.IsAbs(p) {
		return false
	}
	p = filepath.Clean(p)
	if _, ok := repofs.Rel(v.Root, p); ok {
		return true
	}
	for _, m := range v.Memories.All() {
		if filepath.IsAbs(m.Path) && filepath.Clean(m.Path) == p {
			return true
		}
	}
	return false
}
