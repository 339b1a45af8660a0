// Command gortex-mcp holds gortex's MCP servers: gortex mcp (one
// repository, over stdio or streamable HTTP) and gortex serve (the
// organisation's store). gortex checks their arguments, prints their help
// and runs gortex-mcp in its place with the same arguments, as git runs
// its git-* programs; kept apart so that no other gortex command pays for
// the MCP SDK's package initialisation (it compiles JSON Schema
// meta-schemas before main). Clients register gortex mcp, not this.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"

	"github.com/gortex/gortex/cmd/internal/cli"
	"github.com/gortex/gortex/query"
)

// version and commit are stamped at build time as gortex's are (make build
// and make install).
var (
	version = "dev"
	commit  = ""
)

// Exit codes, gortex's (cmd/gortex/app.go).
const (
	exitOK    = 0
	exitError = 1
	exitUsage = 64
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	code := Main(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// Main runs gortex-mcp with args (without the program name): a serving
// command and the arguments gortex checked. stdout is the MCP protocol's
// (stdio); what is written to stderr drops what a terminal would act on,
// as gortex's does.
func Main(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	stderr = query.NewTermWriter(stderr)
	cmd := ""
	if len(args) > 0 {
		cmd = args[0]
	}
	var code int
	var err error
	switch cmd {
	case "mcp":
		code, err = runMCP(ctx, args[1:], stdin, stdout, stderr)
	case "serve":
		code, err = runServe(ctx, args[1:], stderr)
	default:
		fmt.Fprintf(stderr, "%s: run by gortex mcp and gortex serve, which check their arguments (see gortex help mcp)\n", cli.Program)
		return exitUsage
	}
	if errors.Is(err, cli.ErrArgs) {
		fmt.Fprintf(stderr, "gortex %s: %v\nRun \"gortex %s --help\" for usage.\n", cmd, err, cmd)
		return exitUsage
	}
	if err != nil {
		fmt.Fprintf(stderr, "gortex %s: %v\n", cmd, err)
	}
	return code
}
