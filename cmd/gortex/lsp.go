package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/gortex/gortex/cmd/internal/cli"
	"github.com/gortex/gortex/lsp"
	"github.com/gortex/gortex/memory"
	"github.com/gortex/gortex/workspace"
)

type lspOpts struct {
	dir     string
	verbose bool
}

func runLSP(ctx context.Context, e env, args []string) int {
	var o lspOpts
	fs := flag.NewFlagSet("lsp", flag.ContinueOnError)
	fs.StringVar(&o.dir, "dir", "", "repository root (default: the project around the editor's workspace folder)")
	fs.BoolVar(&o.verbose, "v", false, "log what the server does on stderr")
	setUsage(fs, "lsp")
	pos, code, done := parseFlags(fs, e, args)
	if done {
		return code
	}
	if !noArgs(e, "lsp", pos, dirHint) {
		return exitUsage
	}
	log := cli.ServerLog(e.stderr, o.verbose)
	var sessions []*workspace.Session
	srv := lsp.New(func(ctx context.Context, dir string) (lsp.Views, error) {
		root, err := lspRoot(o.dir, dir)
		if err != nil {
			return nil, err
		}
		sess, err := workspace.NewSession(root, workspace.Options{Scope: memory.ScopeBoth, Log: log})
		if err != nil {
			return nil, err
		}
		log.Info("serving", "root", root)
		// The session's checks and its watcher end with the serve.
		sess.Within(ctx)
		sess.Watch(ctx)
		sessions = append(sessions, sess)
		return sess, nil
	}, lsp.Options{Log: log})
	err := srv.Serve(ctx, stdio{Reader: stdin, Writer: e.rawStdout})
	for _, sess := range sessions {
		sess.Wait() // no index build outlives the server
	}
	if err != nil && !errors.Is(err, context.Canceled) {
		fmt.Fprintln(e.stderr, "gortex lsp:", err)
		return exitError
	}
	return exitOK
}

// lspRoot is the repository to serve: --dir when given, else the project
// around the client's workspace folder, else around the working directory.
func lspRoot(flagDir, clientDir string) (string, error) {
	if flagDir != "" || clientDir == "" {
		return cli.Root(flagDir)
	}
	return workspace.FindRoot(clientDir)
}

// stdio is the server's stream: stdin and stdout, never closed by it.
type stdio struct {
	io.Reader
	io.Writer
}

func (stdio) Close() error { return nil }
