package mcp

import (
	"context"
	"path"
	"strings"

	mcpgo "github.com/mark3labs/mcp-go/mcp"

	"github.com/gortex/gortex/audit"
)

type auditParams struct {
	Paths     []string `json:"paths,omitempty" desc:"Only under these paths."`
	Limit     int      `json:"limit,omitempty" min:"1" max:"500" default:"20"`
	MaxTokens int      `json:"max_tokens,omitempty" min:"200"`
	Format    string   `json:"format,omitempty" enum:"json,toon" default:"json"`
}

func auditTool() mcpgo.Tool {
	return mcpgo.NewTool("audit",
		mcpgo.WithDescription("Load-bearing code nothing explains, weak or stale reasoning, and kudos, each with its fix."),
		readOnly(),
	)
}

// maxAuditLimit bounds limit: the report is read by an agent.
const maxAuditLimit = 500

func (s *Server) audit(ctx context.Context, sn *Snapshot, p auditParams) (*out[*audit.Report], error) {
	f, err := parseFormat(p.Format)
	if err != nil {
		return nil, err
	}
	limit, err := limitArg("limit", p.Limit, audit.DefaultLimit, maxAuditLimit)
	if err != nil {
		return nil, err
	}
	budget, err := budgetArg(ctx, p.MaxTokens, f)
	if err != nil {
		return nil, err
	}
	paths, err := auditPaths(p.Paths)
	if err != nil {
		return nil, err
	}
	cs := sn.OpenCommits()
	defer cs.Close()
	in, err := s.audits.input(sn, cs)
	if err != nil {
		return nil, err
	}
	rep, err := audit.Run(ctx, in, audit.Options{Paths: paths, Limit: limit})
	if err != nil {
		return nil, err
	}
	rep.Note = leftOut(99999, "findings", budget, "raise max_tokens, or audit fewer paths") // room for the note
	n, err := keepFitting(budget.maxTokens, &rep.Findings, func() (string, error) { return budget.render(rep) })
	if err != nil {
		return nil, err
	}
	rep.Count, rep.Note = len(rep.Findings), ""
	if n > 0 {
		rep.Note = leftOut(n, "findings", budget, "raise max_tokens, or audit fewer paths")
	}
	return answer(rep, f)
}

// auditPaths checks the paths argument: repo-relative, forward slashes,
// inside the repository.
func auditPaths(ps []string) ([]string, error) {
	var out []string
	for _, p := range ps {
		c := path.Clean(strings.TrimSpace(p))
		if p == "" || strings.HasPrefix(c, "/") || c == ".." || strings.HasPrefix(c, "../") || strings.Contains(p, `\`) {
			return nil, badArg("paths", "%q is no repo-relative path (billing, docs/adr/0001-use-a-ledger.md)", p)
		}
		out = append(out, c)
	}
	return out, nil
}
