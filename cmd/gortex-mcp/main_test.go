package main

import (
	"bytes"
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/gortex/gortex/cmd/internal/cli"
	"github.com/gortex/gortex/mcp"
	"github.com/gortex/gortex/orgserve"
)

// gortex prints the servers' tools and limits in its help without linking
// them: what it prints is what they serve.
func TestHelpMatchesServers(t *testing.T) {
	if got := mcp.ToolNames(); !slices.Equal(cli.MCPTools, got) {
		t.Errorf("cli.MCPTools %v, mcp serves %v", cli.MCPTools, got)
	}
	if got := orgserve.ToolNames(); !slices.Equal(cli.ServeTools, got) {
		t.Errorf("cli.ServeTools %v, orgserve serves %v", cli.ServeTools, got)
	}
	for _, d := range []struct {
		name      string
		cli, serv int64
	}{
		{"timeout", int64(cli.DefaultTimeout), int64(mcp.DefaultTimeout)},
		{"max-body", cli.DefaultMaxBody, mcp.DefaultMaxBody},
		{"session-idle", int64(cli.DefaultSessionIdle), int64(mcp.DefaultSessionIdle)},
		{"max-sessions", cli.DefaultMaxSessions, mcp.DefaultMaxSessions},
	} {
		if d.cli != d.serv {
			t.Errorf("--%s: gortex says %d by default, mcp uses %d", d.name, d.cli, d.serv)
		}
	}
}

// Run other than by gortex, gortex-mcp refuses what gortex would have
// refused, with gortex's exit code, and says where the help is.
func TestMainArgs(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"nothing", nil, "run by gortex mcp and gortex serve"},
		{"unknown command", []string{"why"}, "run by gortex mcp and gortex serve"},
		{"mcp unknown flag", []string{"mcp", "--htp", ":0"}, "gortex mcp: gortex checks these arguments"},
		{"mcp argument", []string{"mcp", "stray"}, `unexpected argument "stray"`},
		{"serve unknown flag", []string{"serve", "--dir", "x"}, `Run "gortex serve --help" for usage.`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := Main(context.Background(), tt.args, strings.NewReader(""), &stdout, &stderr)
			if code != exitUsage || stdout.Len() > 0 || !strings.Contains(stderr.String(), tt.want) {
				t.Errorf("exit %d, stdout %q, stderr %q; want %d and %q", code, stdout.String(), stderr.String(), exitUsage, tt.want)
			}
		})
	}
}
