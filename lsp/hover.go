package lsp

import (
	"context"
	"fmt"
	"strings"

	"go.lsp.dev/protocol"

	"github.com/gortex/gortex/audit"
	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/query"
	"github.com/gortex/gortex/workspace"
)

// hoverLimit is how many entries a hover asks the pipeline for: the
// strongest are shown, the rest counted ("N more"), up to this many.
const hoverLimit = 50

// hover answers with the reasoning of the symbol under the cursor: its
// strongest entries in Markdown, each linked to its document at its line.
// Nothing for a symbol no reasoning explains.
func (s *Server) hover(ctx context.Context, p *protocol.HoverParams) (*protocol.Hover, error) {
	v, err := s.view(ctx)
	if err != nil {
		return nil, err
	}
	w := v.Workspace
	rel, ok := relPath(w, p.TextDocument.URI)
	if !ok {
		return nil, nil
	}
	text, ok := s.text(w, p.TextDocument.URI, rel)
	if !ok {
		return nil, nil
	}
	if isDoc(rel) {
		return s.headingHover(v, rel, int(p.Position.Line)+1), nil
	}
	line := lineOf(text, int(p.Position.Line))
	id, ok := identAt(line, int(p.Position.Character))
	if !ok {
		return nil, nil
	}
	n := symbolAt(w.Store(), rel, int(p.Position.Line)+1, id)
	if n == nil {
		return nil, nil
	}
	a, err := why(ctx, w, n)
	if err != nil {
		return nil, err
	}
	md := hoverMarkdown(w, a)
	if md == "" {
		md = s.findingMarkdown(ctx, w, n)
	}
	if md == "" {
		return nil, nil
	}
	rng := protocol.Range{
		Start: protocol.Position{Line: p.Position.Line, Character: uint32(id.start)},
		End:   protocol.Position{Line: p.Position.Line, Character: uint32(id.end)},
	}
	return &protocol.Hover{
		Contents: protocol.MarkupContent{Kind: protocol.Markdown, Value: md},
		Range:    &rng,
	}, nil
}

// findingMarkdown is the hover of a symbol no reasoning explains: the
// caution gortex audit finds about it (load-bearing code nothing
// explains, reasoning that is all superseded, ...), else "".
func (s *Server) findingMarkdown(ctx context.Context, w *workspace.Workspace, n *graph.Node) string {
	f, err := audit.ForSymbol(ctx, audit.Input{Store: w.Store(), Memories: w.Memories, History: w.History}, n.ID)
	if err != nil {
		s.log.Warn("audit finding for a hover", "symbol", n.ID, "err", err)
		return ""
	}
	if f == nil || f.Severity != audit.SeverityCaution {
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, "**gortex audit: %s**\n\n%s\n", mdText(string(f.Type)), mdText(oneLine(f.Message)))
	if f.Command != "" {
		fmt.Fprintf(&b, "\n`%s`\n", codeText(f.Command))
	}
	return b.String()
}

// why asks the why pipeline about n, as gortex why does, without the
// commit history: a hover shows written reasoning, and blaming lines
// would cost it a git process.
func why(ctx context.Context, w *workspace.Workspace, n *graph.Node) (*query.Answer, error) {
	qo := w.QueryOptions()
	qo.History = nil
	qo.Limit = hoverLimit
	if ci, err := w.OpenContent(); err == nil {
		defer ci.Close()
		qo.Searcher = ci
	}
	return query.Why(ctx, w.Store(), query.NodeTarget("", n), qo)
}
