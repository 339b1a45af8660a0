package mcp

import (
	"context"
	"fmt"
	"slices"
	"strings"

	mcpgo "github.com/mark3labs/mcp-go/mcp"

	"github.com/gortex/gortex/change"
	"github.com/gortex/gortex/history"
	"github.com/gortex/gortex/query"
)

type checkParams struct {
	Paths     []string `json:"paths,omitempty" desc:"Changed paths."`
	Diff      string   `json:"diff,omitempty" desc:"Or a unified diff."`
	Base      string   `json:"base,omitempty" desc:"Or a revision to diff against."`
	Limit     int      `json:"limit,omitempty" min:"1" max:"1000" default:"50"`
	MaxTokens int      `json:"max_tokens,omitempty" min:"200"`
}

func checkTool() mcpgo.Tool {
	return mcpgo.NewTool("check",
		mcpgo.WithDescription("Reasoning governing the symbols a change touches."),
		readOnly(),
	)
}

// maxDiffBytes bounds the diff argument: a review-sized change, not a
// vendored tree.
const maxDiffBytes = 4 << 20

func (s *Server) checkChange(ctx context.Context, sn *Snapshot, p checkParams) (*out[*change.Report], error) {
	limit, err := limitArg("limit", p.Limit, 50, 1000)
	if err != nil {
		return nil, err
	}
	budget, err := budgetArg(ctx, p.MaxTokens, query.FormatJSON)
	if err != nil {
		return nil, err
	}
	var diffs []history.FileDiff
	switch {
	case len(slices.DeleteFunc([]bool{len(p.Paths) > 0, strings.TrimSpace(p.Diff) != "", p.Base != ""}, func(g bool) bool { return !g })) != 1:
		return nil, badArg("paths", "give paths, diff or base, one of them")
	case len(p.Diff) > maxDiffBytes:
		return nil, badArg("diff", "%d bytes; at most %d", len(p.Diff), maxDiffBytes)
	case p.Diff != "":
		d, err := history.ParseDiff(strings.NewReader(p.Diff))
		if err != nil {
			return nil, badArg("diff", "%s", err)
		}
		diffs = d
	case p.Base != "":
		d, err := sn.Workspace.History.Diff(ctx, p.Base)
		if err != nil {
			return nil, badArg("base", "%s", err)
		}
		diffs = d
	default:
		diffs = change.WholeFiles(sn.Store(), p.Paths)
	}
	r, err := change.Check(ctx, sn.Workspace, diffs)
	if err != nil {
		return nil, err
	}
	fitCheck(r, limit, budget)
	return answer(r, query.FormatJSON)
}

// fitCheck keeps the first limit touched symbols (governed ones come
// first), and cuts the report's lists from the end to fit budget z, the
// least needed first: the changed files (the caller has the diff), the
// documents each belongs to, the touched symbols, the governing entries.
// The note says what was left out.
func fitCheck(r *change.Report, limit int, z sizing) {
	note := r.Note
	if n := len(r.Symbols) - limit; n > 0 {
		r.Symbols = r.Symbols[:limit]
		note = joinNote(note, fmt.Sprintf("%d more touched symbols left out past limit=%d; raise limit, or check fewer paths", n, limit))
	}
	render := func() (string, error) { return z.render(r) }
	cuts := []struct {
		what string
		keep func() (int, error)
	}{
		{"changed files", func() (int, error) { return keepFitting(z.maxTokens, &r.Files, render) }},
		{"files' documents", func() (int, error) { return keepFitting(z.maxTokens, &r.Documents, render) }},
		{"touched symbols", func() (int, error) { return keepFitting(z.maxTokens, &r.Symbols, render) }},
		{"governing entries", func() (int, error) { return keepFitting(z.maxTokens, &r.Reasoning, render) }},
	}
	var all, left []string
	for _, c := range cuts {
		all = append(all, "99999 "+c.what)
	}
	r.Note = joinNote(note, leftOutOf(all, z, "raise max_tokens for more")) // room for the note
	for _, c := range cuts {
		if n, err := c.keep(); err == nil && n > 0 {
			left = append(left, fmt.Sprintf("%d %s", n, c.what))
		}
	}
	if len(left) > 0 {
		note = joinNote(note, leftOutOf(left, z, "raise max_tokens for more"))
	}
	r.Note = note
}
