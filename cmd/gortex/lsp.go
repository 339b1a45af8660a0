package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"

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
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), `Usage: gortex lsp [flags]

Serve gortex to an editor over the Language Server Protocol (3.17) on
stdin and stdout: what an editor's LSP client launches. Hover on a symbol
shows the reasoning behind it, memories first, each entry linked to its
document at its line, and how many more gortex why has (for a symbol
nothing explains, gortex audit's caution about it, if any). A code lens above
each declaration that memories or design documents govern counts them and
opens the first; an edit to a symbol that an invariant or constraint
memory, or an accepted ADR's Decision, governs gets a diagnostic naming it
while the buffer is unsaved. In a Markdown, reStructuredText or AsciiDoc
file, go to definition on a code span opens the symbol it names, and hover
on a heading lists the code its section covers; workspace symbols that
start with # find document sections by their headings.

The server opens the project around the editor's workspace folder (see
gortex help index) unless --dir names one; the index is built when there
is none, loaded once, and kept current as files and memories change. No
request waits for a refresh: it answers from the last loaded index.

Register it with your editor (the README shows Neovim, VS Code, Helix and
Zed); in Neovim 0.11:
  vim.lsp.config('gortex', { cmd = { 'gortex', 'lsp' }, root_markers = { '.git', 'go.mod' } })
  vim.lsp.enable('gortex')

Flags:
`)
		printDefaults(fs)
	}
	pos, code, done := parseFlags(fs, e, args)
	if done {
		return code
	}
	if !noArgs(e, "lsp", pos, dirHint) {
		return exitUsage
	}
	log := serverLog(e, o.verbose)
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
		return resolveRoot(flagDir)
	}
	return workspace.FindRoot(clientDir)
}

// stdio is the server's stream: stdin and stdout, never closed by it.
type stdio struct {
	io.Reader
	io.Writer
}

func (stdio) Close() error { return nil }
