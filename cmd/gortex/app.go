package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"

	"golang.org/x/term"

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

// env is what a subcommand may touch of the outside world. stdout and
// stderr drop what a terminal would act on (query.TermWriter): whatever a
// command prints may hold repository text, and only gortex colours it.
// The raw writers are for the MCP protocol and the progress bar.
type env struct {
	stdout, stderr       io.Writer
	rawStdout, rawStderr io.Writer
	stdoutTTY            bool         // stdout is a terminal
	progress             progressMode // how long work may show its progress on stderr
	complete             *completer   // set while a shell asks for completions (gortex __complete)
}

type command struct {
	name string
	run  func(ctx context.Context, e env, args []string) int
}

var commands = []command{
	{"init", runInit},
	{"index", runIndex},
	{"why", runWhy},
	{"audit", runAudit},
	{"search", runSearch},
	{"docs", runDocs},
	{"check", runCheck},
	{"covers", runCovers},
	{"specs", runSpecs},
	{"memory", runMemory},
	{"remember", runRemember},
	{"reflect", runReflect},
	{"mcp", runMCP},
	{"publish", runPublish},
	{"serve", runServe},
	{"token", runToken},
	{"lsp", runLSP},
	{"ui", runUI},
	{"doctor", runDoctor},
	{"tutorial", runTutorial},
	{"completion", runCompletion},
	{"version", runVersion},
}

// Main runs gortex with args (without the program name) and returns the
// process exit code.
func Main(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	e := env{stdout: query.NewTermWriter(stdout), stderr: query.NewTermWriter(stderr),
		rawStdout: stdout, rawStderr: stderr, stdoutTTY: isTerminal(stdout), progress: progressOn(stderr)}
	if len(args) == 0 {
		fmt.Fprint(stderr, usage())
		return exitUsage
	}
	name, rest := args[0], args[1:]
	switch name {
	case "help", "-h", "-help", "--help":
		if len(rest) > 0 && !strings.HasPrefix(rest[0], "-") { // gortex help --help is gortex help
			return Main(ctx, append(rest, "--help"), stdout, stderr)
		}
		fmt.Fprint(stdout, usage())
		return exitOK
	case "--version":
		name = "version"
	case completeCommand:
		return complete(ctx, e, rest)
	}
	for _, c := range commands {
		if c.name == name {
			return c.run(ctx, e, rest)
		}
	}
	fmt.Fprintf(stderr, "gortex: unknown command %q%s\n\n%s", name, didYouMean(name, commandNames()), usage())
	return exitUsage
}

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// progressMode is how long work shows its progress on stderr.
type progressMode int

const (
	progressNone  progressMode = iota // a pipe, a file, a test's buffer: nothing
	progressBar                       // a terminal: a bar redrawn in place
	progressLines                     // a CI log: a line now and then
)

// progressOn is the progress mode of stderr w: a bar on a terminal, lines
// when w is a file or pipe of a CI job ($CI set, as GitHub Actions, GitLab
// CI, CircleCI, Travis CI and Buildkite set it; not "false" or "0"),
// nothing elsewhere.
func progressOn(w io.Writer) progressMode {
	if isTerminal(w) {
		return progressBar
	}
	if _, ok := w.(*os.File); ok {
		switch ci := strings.ToLower(os.Getenv("CI")); ci {
		case "", "0", "false", "no":
		default:
			return progressLines
		}
	}
	return progressNone
}

// dirHelp is the help of every --dir flag.
const dirHelp = "repository root (default: the project around the working directory; see gortex help index)"
