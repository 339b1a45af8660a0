package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/gortex/gortex/cmd/internal/cli"
	"github.com/gortex/gortex/mcp"
	"github.com/gortex/gortex/workspace"
)

// runMCP serves gortex mcp: its exit code, and the error to print.
func runMCP(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) (int, error) {
	var o cli.MCPFlags
	fs := flag.NewFlagSet("mcp", flag.ContinueOnError)
	o.Define(fs)
	if err := cli.Parse(fs, args); err != nil {
		return exitUsage, err
	}
	root, source, err := mcpRoot(o.Dir, os.Getenv(cli.ProjectDirEnv))
	var unrooted error
	if errors.Is(err, workspace.ErrNoProject) && o.HTTP == "" {
		// A client that declares MCP roots names the project itself; one
		// that does not gets this error for every call.
		unrooted, source = err, mcp.RootWorkdir
		root, err = os.Getwd()
	}
	if err != nil {
		return exitError, err
	}
	srv, err := mcp.New(root, mcp.Options{Version: cli.ReadBuildInfo(version, commit).Version, Logger: cli.ServerLog(stderr, o.Verbose),
		RootSource: source, RootEnv: cli.ProjectDirEnv, ClientRoots: source != mcp.RootFlag && o.HTTP == "", Unrooted: unrooted})
	if err != nil {
		return exitError, err
	}
	if o.HTTP == "" {
		err = srv.ServeStdio(ctx, stdin, stdout)
	} else {
		ho := mcp.HTTPOptions{Addr: o.HTTP, Token: o.Token, AllowOrigins: o.Origins.Vals, MaxBody: o.MaxBody, Timeout: o.Timeout,
			SessionIdle: o.Idle, MaxSessions: o.MaxSessions}
		made := ho.Token == ""
		if made {
			ho.Token = mcp.NewToken()
		}
		err = srv.ServeHTTP(ctx, ho, func(url string) {
			if made {
				fmt.Fprintf(stderr, "gortex: bearer token for this run (send Authorization: Bearer TOKEN; choose one with --token or $%s): %s\n", cli.TokenEnv, ho.Token)
			}
			fmt.Fprintf(stderr, "gortex: serving MCP for %s at %s\n", root, url)
		})
	}
	switch {
	case errors.Is(err, mcp.ErrNoToken):
		return exitUsage, err
	case err != nil && !errors.Is(err, context.Canceled):
		return exitError, err
	}
	return exitOK, nil
}

// mcpRoot chooses the repository gortex mcp serves, and says how: dir
// (--dir); else the directory projectDir names, when it is one; else the
// project around the working directory (a git root, or another project);
// outside any project an error wrapping workspace.ErrNoProject. Without
// --dir a client's MCP roots still win (see mcp.Options.ClientRoots).
func mcpRoot(dir, projectDir string) (string, mcp.RootSource, error) {
	if dir != "" {
		root, err := cli.Root(dir)
		return root, mcp.RootFlag, err
	}
	if projectDir != "" {
		if fi, err := os.Stat(projectDir); err == nil && fi.IsDir() {
			root, err := filepath.Abs(projectDir)
			return root, mcp.RootEnv, err
		}
	}
	root, err := cli.Root("")
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
