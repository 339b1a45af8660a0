package docs

import (
	"fmt"
	"path"
	"strings"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/rationale"
)

// Row is one section of an outline; depth and parent make the tree.
type Row struct {
	ID      string `json:"id" toon:"id"` // for Sections
	Heading string `json:"heading" toon:"heading"`
	Depth   int    `json:"depth" toon:"depth"`   // 1 for the title, 2 for its sections, ...
	Parent  string `json:"parent" toon:"parent"` // the enclosing section's id, "" at the top
	Line    int    `json:"line" toon:"line"`
	EndLine int    `json:"end_line" toon:"end_line"`
	Tokens  int    `json:"tokens" toon:"tokens"` // estimated size of its own text, subsections excluded
}

// Outline is the heading tree of one document.
type Outline struct {
	Path     string `json:"path" toon:"path"`
	Kind     string `json:"kind" toon:"kind"`
	Title    string `json:"title" toon:"title"`
	Sections []Row  `json:"sections" toon:"sections"`
	Note     string `json:"note,omitempty" toon:"note,omitempty"` // what a caller left out to fit a budget (the MCP tool's)
}

// NoDocumentError says that no document has a path, and which were
// perhaps meant.
type NoDocumentError struct {
	Path string
	Near []string // documents of the same name or ending in Path, at most five
}

func (e *NoDocumentError) Error() string {
	if len(e.Near) == 0 {
		return fmt.Sprintf("no document %q", e.Path)
	}
	return fmt.Sprintf("no document %q; did you mean %s?", e.Path, strings.Join(e.Near, ", "))
}

// Outline returns the heading tree of the document p names (see Document).
func (l *Library) Outline(p string) (Outline, error) {
	secs, err := l.Document(p)
	if err != nil {
		return Outline{}, err
	}
	out := Outline{Path: secs[0].Path, Kind: string(rationale.KindOf(secs[0])), Title: title(secs), Sections: []Row{}}
	par := parents(secs)
	for i, sec := range secs {
		row := Row{ID: string(sec.ID), Heading: sec.Name, Depth: depth(sec), Line: sec.Line, EndLine: sec.EndLine, Tokens: tokens(sec.Text)}
		if par[i] >= 0 {
			row.Parent = string(secs[par[i]].ID)
		}
		out.Sections = append(out.Sections, row)
	}
	return out, nil
}

// Document returns the sections, in line order, of the document p names:
// its repo-relative path ("./" allowed), or a trailing part of it that only
// one document has ("adr/0001-use-a-ledger.md"). Otherwise it returns a
// *NoDocumentError.
func (l *Library) Document(p string) ([]*graph.Node, error) {
	p = strings.TrimPrefix(strings.TrimSpace(p), "./")
	if secs, ok := l.sections(p); ok {
		return secs, nil
	}
	var tail, near []string
	for _, d := range l.Paths() {
		switch {
		case strings.HasSuffix(d, "/"+p):
			tail = append(tail, d)
		case path.Base(d) == path.Base(p):
			near = append(near, d)
		}
	}
	if len(tail) == 1 {
		secs, _ := l.sections(tail[0])
		return secs, nil
	}
	near = append(tail, near...)
	return nil, &NoDocumentError{Path: p, Near: near[:min(len(near), 5)]}
}
