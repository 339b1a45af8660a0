package mcp

import (
	"context"
	"path"
	"strings"

	mcpgo "github.com/mark3labs/mcp-go/mcp"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/rationale"
)

type docOutlineParams struct {
	Path   string `json:"path" desc:"The document's repo-relative path."`
	Format string `json:"format,omitempty" enum:"json,toon" desc:"Default json."`
}

func docOutlineTool() mcpgo.Tool {
	return mcpgo.NewTool("doc_outline",
		mcpgo.WithDescription("A document's headings: section ids, depth, lines, token sizes."),
		readOnly(),
	)
}

// outlineRow is one section of an outline; depth and parent make the tree.
type outlineRow struct {
	ID      string `json:"id" toon:"id"` // for read_doc_section
	Heading string `json:"heading" toon:"heading"`
	Depth   int    `json:"depth" toon:"depth"`   // 1 for the title, 2 for its sections, ...
	Parent  string `json:"parent" toon:"parent"` // the enclosing section's id, "" at the top
	Line    int    `json:"line" toon:"line"`
	EndLine int    `json:"end_line" toon:"end_line"`
	Tokens  int    `json:"tokens" toon:"tokens"` // estimated size of its own text, subsections excluded
}

type outline struct {
	Path     string       `json:"path" toon:"path"`
	Kind     string       `json:"kind" toon:"kind"`
	Title    string       `json:"title" toon:"title"`
	Sections []outlineRow `json:"sections" toon:"sections"`
}

func (s *Server) docOutline(ctx context.Context, sn *Snapshot, p docOutlineParams) (*mcpgo.CallToolResult, error) {
	f, err := parseFormat(p.Format)
	if err != nil {
		return nil, err
	}
	secs, err := documentArg(sn, p.Path)
	if err != nil {
		return nil, err
	}
	out := outline{Path: secs[0].Path, Kind: secs[0].Attr(rationale.AttrAssetKind), Title: title(secs)}
	par := parents(secs)
	for i, sec := range secs {
		row := outlineRow{ID: string(sec.ID), Heading: sec.Name, Depth: depth(sec), Line: sec.Line, EndLine: sec.EndLine,
			Tokens: estimateTokens(sec.Text)}
		if par[i] >= 0 {
			row.Parent = string(secs[par[i]].ID)
		}
		out.Sections = append(out.Sections, row)
	}
	return encoded(out, f)
}

// documentArg returns the sections of the document a path argument names:
// its repo-relative path, or a trailing part of it that only one document
// has. Otherwise it says which documents were perhaps meant.
func documentArg(sn *Snapshot, p string) ([]*graph.Node, error) {
	p = strings.TrimPrefix(strings.TrimSpace(p), "./")
	if p == "" {
		return nil, badArg("path", "empty; give a document's path as list_docs lists it")
	}
	if secs, ok := sn.sections(p); ok {
		return secs, nil
	}
	var tail, near []string
	for _, d := range sn.documents() {
		switch {
		case strings.HasSuffix(d, "/"+p):
			tail = append(tail, d)
		case path.Base(d) == path.Base(p):
			near = append(near, d)
		}
	}
	if len(tail) == 1 {
		secs, _ := sn.sections(tail[0])
		return secs, nil
	}
	near = append(tail, near...)
	if len(near) > 0 {
		return nil, badArg("path", "no document %q; did you mean %s?", p, strings.Join(near[:min(len(near), 5)], ", "))
	}
	return nil, badArg("path", "no document %q; list_docs lists them", p)
}
