package mcp

import (
	"context"
	"path"
	"strings"

	mcpgo "github.com/mark3labs/mcp-go/mcp"

	"github.com/gortex/gortex/audit"
)

type auditParams struct {
	Paths  []string `json:"paths,omitempty" jsonschema_description:"Repo-relative files or directories (billing, docs/adr): only findings about code, memory anchors and documents under them. Default: the whole repository."`
	Limit  int      `json:"limit,omitempty" jsonschema_description:"At most this many findings, 1-500 (default 20), most important first; total and by_type count them all."`
	Format string   `json:"format,omitempty" jsonschema:"enum=json,enum=toon" jsonschema_description:"json (default) or toon."`
}

func auditTool() mcpgo.Tool {
	return mcpgo.NewTool("audit",
		mcpgo.WithDescription("What the repository's reasoning lacks, found from the graph as it is now: load-bearing code (many callers across packages) that no memory, document or commit message explains (unexplained_load_bearing), load-bearing decisions whose basis is an assumption (weak_basis), load-bearing code whose only reasoning is superseded (superseded_only), memory anchors that no longer resolve (stale_anchor), documents naming code that is gone (dangling_reference), and, as kudos, load-bearing code resting on an accepted ADR or a measured memory (grounded). Each finding gives the symbol, the evidence, a message and the command that addresses it. Call it before a refactoring, or to find what to write down; it writes nothing."),
		mcpgo.WithInputSchema[auditParams](),
		mcpgo.WithReadOnlyHintAnnotation(true),
	)
}

// maxAuditLimit bounds limit: the report is read by an agent.
const maxAuditLimit = 500

func (s *Server) audit(ctx context.Context, sn *Snapshot, p auditParams) (*mcpgo.CallToolResult, error) {
	f, err := parseFormat(p.Format)
	if err != nil {
		return nil, err
	}
	limit, err := limitArg("limit", p.Limit, audit.DefaultLimit, maxAuditLimit)
	if err != nil {
		return nil, err
	}
	paths, err := auditPaths(p.Paths)
	if err != nil {
		return nil, err
	}
	in, err := s.audits.input(sn)
	if err != nil {
		return nil, err
	}
	rep, err := audit.Run(ctx, in, audit.Options{Paths: paths, Limit: limit})
	if err != nil {
		return nil, err
	}
	return encoded(rep, f)
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
