package lsp

import (
	"context"
	"sort"

	"go.lsp.dev/protocol"
)

// openCommand opens a document at a line: the command of a code lens,
// run by the server (workspace/executeCommand) through window/showDocument.
const openCommand = "gortex.open"

// codeLens puts above each declaration of the file that reasoning governs
// a lens that counts it ("1 invariant · ADR 0004") and opens its first
// document at its section. Lines are the index's: a buffer edited since
// its last save may have moved them.
func (s *Server) codeLens(ctx context.Context, p *protocol.CodeLensParams) ([]protocol.CodeLens, error) {
	v, err := s.view(ctx)
	if err != nil {
		return nil, err
	}
	rel, ok := relPath(v.Workspace, p.TextDocument.URI)
	if !ok {
		return []protocol.CodeLens{}, nil
	}
	syms := fileSymbols(v.Store(), rel)
	sort.Slice(syms, func(i, j int) bool { return syms[i].Line < syms[j].Line })
	out := []protocol.CodeLens{}
	for _, n := range syms {
		if n.Line <= 0 {
			continue
		}
		a, err := linked(ctx, v.Workspace, n)
		if err != nil {
			return nil, err
		}
		es := governing(a)
		if len(es) == 0 {
			continue
		}
		line := uint32(n.Line - 1)
		out = append(out, protocol.CodeLens{
			Range: protocol.Range{Start: protocol.Position{Line: line}, End: protocol.Position{Line: line}},
			Command: &protocol.Command{Title: lensTitle(es), Command: openCommand,
				Arguments: []any{docTarget(v.Root, es[0].Path), max(es[0].Line, 1)}},
		})
	}
	return out, nil
}
