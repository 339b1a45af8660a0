package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"golang.org/x/term"

	"github.com/gortex/gortex/indexer"
	"github.com/gortex/gortex/query"
)

// Exit codes. 2 and 3 let scripts and agents tell an unknown symbol from an
// ambiguous one without parsing text.
const (
	exitOK        = 0
	exitError     = 1
	exitUnknown   = 2
	exitAmbiguous = 3
	exitUsage     = 64
)

const usage = `gortex answers "why does this code exist?" from a repository's design docs,
recorded memories and git history.

Usage:
  gortex index [flags] [DIR]    build or refresh the index of DIR
  gortex why [flags] QUERY      show the reasoning behind a symbol, package or file, or answer a question
  gortex audit [flags] [PATH...]  find load-bearing code nothing explains, weak and stale reasoning
  gortex check [flags] [PATH...]  the reasoning governing the symbols a change touches (for review and CI)
  gortex covers [flags] DOC[#SECTION]  the code a document or section explains
  gortex specs [flags] TASK [PATH...]  the documents to read before a change
  gortex memory COMMAND         record, list, edit and check memories
  gortex remember [flags]       record a memory (gortex memory add)
  gortex mcp [flags]            serve the tools to coding agents over MCP (stdio or --http)
  gortex version                print the version
  gortex help [COMMAND]         show help

Run "gortex help COMMAND" for a command's flags.
`

// version is set at build time with -ldflags "-X main.version=...".
var version = "dev"

// env is what a subcommand may touch of the outside world. stdout and
// stderr drop what a terminal would act on (query.TermWriter): whatever a
// command prints may hold repository text, and only gortex colours it.
// The raw writers are for the MCP protocol and the progress bar.
type env struct {
	stdout, stderr       io.Writer
	rawStdout, rawStderr io.Writer
	stdoutTTY            bool // stdout is a terminal
}

type command struct {
	name string
	run  func(ctx context.Context, e env, args []string) int
}

var commands = []command{
	{"index", runIndex},
	{"why", runWhy},
	{"audit", runAudit},
	{"check", runCheck},
	{"covers", runCovers},
	{"specs", runSpecs},
	{"memory", runMemory},
	{"remember", runRemember},
	{"mcp", runMCP},
}

// Main runs gortex with args (without the program name) and returns the
// process exit code.
func Main(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	e := env{stdout: query.NewTermWriter(stdout), stderr: query.NewTermWriter(stderr),
		rawStdout: stdout, rawStderr: stderr, stdoutTTY: isTerminal(stdout)}
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return exitUsage
	}
	name, rest := args[0], args[1:]
	switch name {
	case "help", "-h", "-help", "--help":
		if len(rest) > 0 {
			return Main(ctx, []string{rest[0], "--help"}, stdout, stderr)
		}
		fmt.Fprint(stdout, usage)
		return exitOK
	case "version", "--version":
		fmt.Fprintln(stdout, "gortex", version)
		return exitOK
	}
	for _, c := range commands {
		if c.name == name {
			return c.run(ctx, e, rest)
		}
	}
	fmt.Fprintf(stderr, "gortex: unknown command %q\n\n%s", name, usage)
	return exitUsage
}

// parseFlags parses a subcommand's flags; done is true when the command
// should return code at once (help was asked for, or the flags were bad).
func parseFlags(fs *flag.FlagSet, e env, args []string) (code int, done bool) {
	// The flag package prints usage itself on every error; print it once,
	// to stdout when asked for and as a hint on stderr otherwise.
	fs.SetOutput(io.Discard)
	err := fs.Parse(args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		fs.SetOutput(e.stdout)
		fs.Usage()
		return exitOK, true
	case err != nil:
		fmt.Fprintf(e.stderr, "gortex %s: %v\nRun \"gortex %s --help\" for usage.\n", fs.Name(), err, fs.Name())
		return exitUsage, true
	}
	fs.SetOutput(e.stderr)
	return 0, false
}

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// resolveRoot returns the repository root: DIR when given, else the
// enclosing git root of the working directory, else the working directory.
func resolveRoot(dir string) (string, error) {
	if dir == "" {
		wd, err := os.Getwd()
		if err != nil {
			return "", err
		}
		return indexer.FindRoot(wd), nil
	}
	fi, err := os.Stat(dir)
	if err != nil {
		return "", fmt.Errorf("%s: %w", dir, err)
	}
	if !fi.IsDir() {
		return "", fmt.Errorf("%s is not a directory", dir)
	}
	return filepath.Abs(dir)
}
