package mcp

import (
	"context"
	"fmt"
	"strings"

	mcpgo "github.com/mark3labs/mcp-go/mcp"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/rationale"
)

type listDocsParams struct {
	Kind   string `json:"kind,omitempty" enum:"adr,rfc,design,spec,readme,changelog,doc" desc:"Only documents of this kind."`
	Path   string `json:"path,omitempty" desc:"Only documents under this path prefix."`
	Limit  int    `json:"limit,omitempty" min:"1" max:"2000" desc:"Default 200."`
	Format string `json:"format,omitempty" enum:"json,toon" desc:"Default json."`
}

func listDocsTool() mcpgo.Tool {
	return mcpgo.NewTool("list_docs",
		mcpgo.WithDescription("Documents with kind, title, purpose and size."),
		readOnly(),
	)
}

type docInfo struct {
	Path         string `json:"path" toon:"path"`
	Kind         string `json:"kind" toon:"kind"` // adr, rfc, design, spec, readme, changelog, doc
	Title        string `json:"title" toon:"title"`
	Purpose      string `json:"purpose" toon:"purpose"` // the first sentence of its first section with prose
	Sections     int    `json:"sections" toon:"sections"`
	Lines        int    `json:"lines" toon:"lines"`
	Tokens       int    `json:"tokens" toon:"tokens"` // estimated size of its text (4 characters per token)
	SupersededBy string `json:"superseded_by" toon:"superseded_by"`
}

type docList struct {
	Count int       `json:"count" toon:"count"`
	Total int       `json:"total" toon:"total"` // documents matching, before the limit
	Docs  []docInfo `json:"docs" toon:"docs"`
	Note  string    `json:"note" toon:"note"`
}

const (
	defaultDocLimit = 200
	maxDocLimit     = 2000
)

func (s *Server) listDocs(ctx context.Context, sn *Snapshot, p listDocsParams) (*mcpgo.CallToolResult, error) {
	f, err := parseFormat(p.Format)
	if err != nil {
		return nil, err
	}
	limit, err := limitArg("limit", p.Limit, defaultDocLimit, maxDocLimit)
	if err != nil {
		return nil, err
	}
	prefix := strings.TrimPrefix(strings.TrimSpace(p.Path), "./")
	list := docList{Docs: []docInfo{}}
	for _, path := range sn.documents() {
		secs, _ := sn.sections(path)
		kind := secs[0].Attr(rationale.AttrAssetKind)
		if !strings.HasPrefix(path, prefix) || (p.Kind != "" && kind != p.Kind) {
			continue
		}
		list.Total++
		if len(list.Docs) < limit {
			list.Docs = append(list.Docs, infoOf(path, kind, secs))
		}
	}
	list.Count = len(list.Docs)
	switch {
	case list.Total > list.Count:
		list.Note = fmt.Sprintf("%d more; narrow with kind or path, or raise limit", list.Total-list.Count)
	case list.Total == 0:
		list.Note = "no document matches"
	}
	return encoded(list, f)
}

func infoOf(path, kind string, secs []*graph.Node) docInfo {
	var all strings.Builder
	for _, sec := range secs {
		all.WriteString(sec.Name)
		all.WriteString(sec.Text)
	}
	tokens := estimateTokens(all.String())
	return docInfo{Path: path, Kind: kind, Title: title(secs), Purpose: purpose(secs), Sections: len(secs),
		Lines: secs[len(secs)-1].EndLine, Tokens: tokens,
		SupersededBy: secs[0].Attr(rationale.AttrSupersededBy)}
}
