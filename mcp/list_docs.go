package mcp

import (
	"context"
	"strconv"

	mcpgo "github.com/mark3labs/mcp-go/mcp"

	"github.com/gortex/gortex/docs"
)

type listDocsParams struct {
	Kind      string `json:"kind,omitempty" enum:"adr,rfc,design,spec,readme,changelog,doc" desc:"Only of this kind."`
	Path      string `json:"path,omitempty" desc:"Only under this path prefix."`
	Limit     int    `json:"limit,omitempty" min:"1" max:"2000" default:"50"`
	Cursor    string `json:"cursor,omitempty" desc:"next_cursor of the last page."`
	MaxTokens int    `json:"max_tokens,omitempty" min:"200"`
	Format    string `json:"format,omitempty" enum:"json,toon" default:"json"`
}

func listDocsTool() mcpgo.Tool {
	return mcpgo.NewTool("list_docs",
		mcpgo.WithDescription("Documents with kind, title, purpose and size."),
		readOnly(),
	)
}

const (
	defaultDocLimit = 50
	maxDocLimit     = 2000
)

// docPage is list_docs' answer: a page of docs.List, and the cursor of the
// next one ("" on the last); not an embedded docs.List, which TOON nests.
type docPage struct {
	Count      int         `json:"count" toon:"count"`
	Total      int         `json:"total" toon:"total"` // documents matching, before the limit
	Docs       []docs.Info `json:"docs" toon:"docs"`
	Note       string      `json:"note" toon:"note"`
	NextCursor string      `json:"next_cursor,omitempty" toon:"next_cursor,omitempty"`
}

func (s *Server) listDocs(ctx context.Context, sn *Snapshot, p listDocsParams) (*out[docPage], error) {
	f, err := parseFormat(p.Format)
	if err != nil {
		return nil, err
	}
	limit, err := limitArg("limit", p.Limit, defaultDocLimit, maxDocLimit)
	if err != nil {
		return nil, err
	}
	budget, err := budgetArg(ctx, p.MaxTokens, f)
	if err != nil {
		return nil, err
	}
	from := 0
	if p.Cursor != "" {
		if from, err = strconv.Atoi(p.Cursor); err != nil || from < 0 {
			return nil, badArg("cursor", "%q is no cursor of list_docs; pass next_cursor as it came", p.Cursor)
		}
	}
	list := sn.library().List(docs.ListOptions{Kind: p.Kind, Path: p.Path, Limit: from + limit})
	page := docPage{Total: list.Total, Docs: list.Docs[min(from, len(list.Docs)):]}
	page.Note = leftOut(99999, "documents", budget, "pass next_cursor for the next page") // room for the note
	n, err := keepFitting(budget.maxTokens, &page.Docs, func() (string, error) { return budget.render(page) })
	if err != nil {
		return nil, err
	}
	page.Count, page.Note = len(page.Docs), ""
	if list.Total == 0 {
		page.Note = list.Note
	}
	if next := from + len(page.Docs); next < list.Total {
		page.NextCursor = strconv.Itoa(next)
		if n > 0 {
			page.Note = joinNote(page.Note, leftOut(n, "documents of this page", budget, "pass next_cursor for the next page"))
		} else {
			page.Note = joinNote(page.Note, strconv.Itoa(list.Total-next)+" more documents; pass next_cursor for the next page")
		}
	}
	return answer(page, f)
}
