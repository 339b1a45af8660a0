package mcp

import (
	"context"
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
	MaxTokens int      `json:"max_tokens,omitempty" min:"200" default:"8000"`
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
	budget, err := budgetArg(p.MaxTokens)
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
// first) and as many of them, and of the governing entries, as fit
// maxTokens; the note says what was left out.
func fitCheck(r *change.Report, limit, maxTokens int) {
	if n := len(r.Symbols) - limit; n > 0 {
		r.Symbols = r.Symbols[:limit]
		r.Note = joinNote(r.Note, leftOut(n, "touched symbols", maxTokens, "raise limit, or check fewer paths"))
	}
	render := func() (string, error) {
		var b strings.Builder
		err := query.Encode(&b, r, query.FormatJSON, wire)
		return b.String(), err
	}
	note := r.Note
	r.Note = leftOut(99999, "governing entries and touched symbols", maxTokens, "raise max_tokens for more") // room for the note
	if n, err := keepFitting(maxTokens, &r.Symbols, render); err == nil && n > 0 {
		note = joinNote(note, leftOut(n, "touched symbols", maxTokens, "raise max_tokens for more"))
	}
	if n, err := keepFitting(maxTokens, &r.Reasoning, render); err == nil && n > 0 {
		note = joinNote(note, leftOut(n, "governing entries", maxTokens, "raise max_tokens for more"))
	}
	r.Note = note
}
