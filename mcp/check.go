package mcp

import (
	"context"
	"strings"

	mcpgo "github.com/mark3labs/mcp-go/mcp"

	"github.com/gortex/gortex/change"
	"github.com/gortex/gortex/history"
	"github.com/gortex/gortex/query"
)

type checkParams struct {
	Paths []string `json:"paths,omitempty" desc:"Changed paths."`
	Diff  string   `json:"diff,omitempty" desc:"Or a unified diff."`
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

func (s *Server) checkChange(ctx context.Context, sn *Snapshot, p checkParams) (*mcpgo.CallToolResult, error) {
	var diffs []history.FileDiff
	switch {
	case (len(p.Paths) > 0) == (strings.TrimSpace(p.Diff) != ""):
		return nil, badArg("paths", "give paths or diff, one of them")
	case len(p.Diff) > maxDiffBytes:
		return nil, badArg("diff", "%d bytes; at most %d", len(p.Diff), maxDiffBytes)
	case p.Diff != "":
		d, err := history.ParseDiff(strings.NewReader(p.Diff))
		if err != nil {
			return nil, badArg("diff", "%s", err)
		}
		diffs = d
	default:
		diffs = change.WholeFiles(sn.Store(), p.Paths)
	}
	r, err := change.Check(ctx, sn.Workspace, diffs)
	if err != nil {
		return nil, err
	}
	return encoded(r, query.FormatJSON)
}
