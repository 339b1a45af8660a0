package main

import (
	"context"
	"flag"
	"fmt"

	"github.com/gortex/gortex/cmd/internal/cli"
)

// runMCP checks gortex mcp's arguments and prints its help here; then
// gortex-mcp, which holds the MCP server, serves (handOver).
func runMCP(ctx context.Context, e env, args []string) int {
	var o cli.MCPFlags
	fs := flag.NewFlagSet("mcp", flag.ContinueOnError)
	o.Define(fs)
	setUsage(fs, "mcp", "tools", wrapList(cli.MCPTools, 76-len("http://HOST:PORT/mcp with --http. Tools: "), 76))
	pos, code, done := parseFlags(fs, e, args)
	if done {
		return code
	}
	if !noArgs(e, "mcp", pos, dirHint) {
		return exitUsage
	}
	return handOver(ctx, e, "mcp", args)
}

// handOverInPlace lets handOver replace this process with gortex-mcp; main
// sets it. Main called from a test runs gortex-mcp as a child instead.
var handOverInPlace bool

// handOver runs gortex-mcp CMD ARGS for the serving command cmd, whose
// arguments gortex has checked: the MCP servers live in that executable
// so that no other command pays for their libraries' initialisation
// (cmd/internal/cli). On Unix it replaces this process, so that a client
// that registered `gortex mcp` talks to the server itself (stdio, signals,
// exit code); elsewhere, and under a test, it runs as a child wired to e's
// streams and its exit code is returned.
func handOver(ctx context.Context, e env, cmd string, args []string) int {
	path, err := cli.Find()
	if err != nil {
		fmt.Fprintf(e.stderr, "gortex %s: %v\n", cmd, err)
		return exitError
	}
	argv := append([]string{cli.Program, cmd}, args...)
	if handOverInPlace && cli.CanExec {
		err = cli.Exec(path, argv)
		fmt.Fprintf(e.stderr, "gortex %s: %v\n", cmd, err)
		return exitError
	}
	code, err := cli.Run(ctx, path, argv, stdin, e.rawStdout, e.rawStderr)
	if err != nil {
		fmt.Fprintf(e.stderr, "gortex %s: %v\n", cmd, err)
		return exitError
	}
	return code
}
