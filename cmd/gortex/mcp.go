package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/gortex/gortex/mcp"
	"github.com/gortex/gortex/workspace"
)

// tokenEnv holds the bearer token of `gortex mcp --http` when --token is
// not given, so that it stays out of the process list and shell history.
const tokenEnv = "GORTEX_MCP_TOKEN"

type mcpOpts struct {
	dir     string
	http    string
	token   string
	origins listFlag
	timeout time.Duration
	maxBody int64
	idle    time.Duration
	maxSess int
	verbose bool
}

func runMCP(ctx context.Context, e env, args []string) int {
	var o mcpOpts
	fs := flag.NewFlagSet("mcp", flag.ContinueOnError)
	fs.StringVar(&o.dir, "dir", "", "repository root (default: the client's MCP root, else $"+projectDirEnv+", else the project around the working directory)")
	fs.StringVar(&o.http, "http", "", "serve streamable HTTP on this host:port (e.g. 127.0.0.1:8765; port 0 picks one) instead of stdio")
	fs.StringVar(&o.token, "token", os.Getenv(tokenEnv), "bearer token required of every HTTP request, loopback too (default $"+tokenEnv+", else one made at start and printed on stderr)")
	fs.Var(&o.origins, "allow-origin", "a browser origin (scheme://host:port) allowed besides localhost (repeatable)")
	fs.DurationVar(&o.timeout, "timeout", mcp.DefaultTimeout, "bound on one HTTP request, tool call included")
	fs.Int64Var(&o.maxBody, "max-body", mcp.DefaultMaxBody, "bound on an HTTP request body, in bytes")
	fs.DurationVar(&o.idle, "session-idle", mcp.DefaultSessionIdle, "an HTTP session unused this long expires (its client gets 404 and starts another)")
	fs.IntVar(&o.maxSess, "max-sessions", mcp.DefaultMaxSessions, "bound on the HTTP sessions open at once (an initialize beyond it gets 503)")
	fs.BoolVar(&o.verbose, "v", false, "log every refresh of the index on stderr")
	setUsage(fs, "mcp", "tools", wrapList(mcp.ToolNames(), 76-len("http://HOST:PORT/mcp with --http. Tools: "), 76))
	pos, code, done := parseFlags(fs, e, args)
	if done {
		return code
	}
	if !noArgs(e, "mcp", pos, dirHint) {
		return exitUsage
	}
	return mcpRun(ctx, e, o)
}

func mcpRun(ctx context.Context, e env, o mcpOpts) int {
	root, source, err := mcpRoot(o.dir, os.Getenv(projectDirEnv))
	var unrooted error
	if errors.Is(err, workspace.ErrNoProject) && o.http == "" {
		// A client that declares MCP roots names the project itself; one
		// that does not gets this error for every call.
		unrooted, source = err, mcp.RootWorkdir
		root, err = os.Getwd()
	}
	if err != nil {
		fmt.Fprintln(e.stderr, "gortex mcp:", err)
		return exitError
	}
	log := serverLog(e, o.verbose)
	srv, err := mcp.New(root, mcp.Options{Version: readBuildInfo().Version, Logger: log, RootSource: source, RootEnv: projectDirEnv,
		ClientRoots: source != mcp.RootFlag && o.http == "", Unrooted: unrooted})
	if err != nil {
		fmt.Fprintln(e.stderr, "gortex mcp:", err)
		return exitError
	}
	if o.http == "" {
		err = srv.ServeStdio(ctx, stdin, e.rawStdout)
	} else {
		ho := mcp.HTTPOptions{Addr: o.http, Token: o.token, AllowOrigins: o.origins.vals, MaxBody: o.maxBody, Timeout: o.timeout,
			SessionIdle: o.idle, MaxSessions: o.maxSess}
		made := ho.Token == ""
		if made {
			ho.Token = mcp.NewToken()
		}
		err = srv.ServeHTTP(ctx, ho, func(url string) {
			if made {
				fmt.Fprintf(e.stderr, "gortex: bearer token for this run (send Authorization: Bearer TOKEN; choose one with --token or $%s): %s\n", tokenEnv, ho.Token)
			}
			fmt.Fprintf(e.stderr, "gortex: serving MCP for %s at %s\n", root, url)
		})
	}
	switch {
	case errors.Is(err, mcp.ErrNoToken):
		fmt.Fprintln(e.stderr, "gortex mcp:", err)
		return exitUsage
	case err != nil && !errors.Is(err, context.Canceled):
		fmt.Fprintln(e.stderr, "gortex mcp:", err)
		return exitError
	}
	return exitOK
}

// projectDirEnv is the environment variable a client may set to the
// project it runs gortex for (Claude Code sets it for the processes it
// starts).
const projectDirEnv = "CLAUDE_PROJECT_DIR"

// mcpRoot chooses the repository gortex mcp serves, and says how: dir
// (--dir); else the directory projectDir names, when it is one; else the
// project around the working directory (a git root, or another project);
// outside any project an error wrapping workspace.ErrNoProject. Without
// --dir a client's MCP roots still win (see mcp.Options.ClientRoots).
func mcpRoot(dir, projectDir string) (string, mcp.RootSource, error) {
	if dir != "" {
		root, err := resolveRoot(dir)
		return root, mcp.RootFlag, err
	}
	if projectDir != "" {
		if fi, err := os.Stat(projectDir); err == nil && fi.IsDir() {
			root, err := filepath.Abs(projectDir)
			return root, mcp.RootEnv, err
		}
	}
	root, err := resolveRoot("")
	if err != nil {
		// No project around the working directory: never serve (nor
		// index) whatever directory the client started in.
		return "", "", err
	}
	if _, err := os.Lstat(filepath.Join(root, ".git")); err == nil {
		return root, mcp.RootGit, nil
	}
	return root, mcp.RootWorkdir, nil
}
