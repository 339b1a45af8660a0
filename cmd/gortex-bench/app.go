package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// Exit codes, as in cmd/gortex.
const (
	exitOK    = 0
	exitError = 1
	exitUsage = 64
)

// options are the parsed command line.
type options struct {
	dir        string   // the tree to index
	bin        string   // the gortex binary
	copy       bool     // index a copy, so that .gortex/ never lands in dir
	keep       bool     // keep the copy
	rounds     int      // repetitions of ctags, the bare parse and the full index
	updates    int      // incremental re-index runs
	whys       int      // gortex why processes
	inproc     int      // in-process why queries
	touch      string   // repo-relative Go file the incremental runs change
	copies     int      // copies of the tree in the scaled run (0 or 1: none)
	copyRounds int      // full index runs of the scaled tree
	history    string   // a repository with a long history, for the commit side of why
	mcpCalls   int      // MCP why calls after the cold ones
	panel      []string // other repositories, each measured in a clone (issue 33's panel)
	child      string   // internal: run as a child ("parse", "tags" or "inproc")
	fileList   string   // internal: the child's list of files
}

// Main runs gortex-bench with args (without the program name) and returns
// the process exit code.
func Main(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	o, code, done := parseArgs(args, stdout, stderr)
	if done {
		return code
	}
	var err error
	switch {
	case o.child == modeInProcess:
		err = runInProcessChild(ctx, o.dir, o.inproc, stdout)
	case o.child == modePick:
		err = runPickChild(o.dir, o.inproc, stdout)
	case o.child == modeMCP:
		err = runMCPChild(ctx, o.dir, o.fileList, o.mcpCalls, stdout)
	case o.child != "":
		err = runParseChild(ctx, o.child, o.fileList, stdout)
	default:
		err = run(ctx, o, stdout, stderr)
	}
	if err != nil {
		fmt.Fprintln(stderr, "gortex-bench:", err)
		return exitError
	}
	return exitOK
}

func parseArgs(args []string, stdout, stderr io.Writer) (o options, code int, done bool) {
	fs := flag.NewFlagSet("gortex-bench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&o.dir, "dir", "", "tree to index (default: $(go env GOROOT)/src)")
	fs.StringVar(&o.bin, "bin", "", "gortex binary to measure (make bench builds ./gortex)")
	fs.BoolVar(&o.copy, "copy", true, "index a temporary copy of the tree, so that nothing is written into it")
	fs.BoolVar(&o.keep, "keep", false, "keep the temporary copy and its index")
	fs.IntVar(&o.rounds, "rounds", 3, "runs of ctags, the bare parse and the full index (medians are reported)")
	fs.IntVar(&o.updates, "updates", 5, "incremental re-index runs after a one-file change")
	fs.IntVar(&o.whys, "whys", 10, "gortex why processes")
	fs.IntVar(&o.inproc, "inproc", 300, "in-process why queries")
	fs.StringVar(&o.touch, "touch", "", "repo-relative Go file that each incremental run changes (default: fmt/print.go, else a mid-sized Go file)")
	fs.IntVar(&o.copies, "copies", 3, "also index this many copies of the tree side by side and ask why there (0: skip)")
	fs.IntVar(&o.copyRounds, "copy-rounds", 2, "full index runs of the copies (medians are reported)")
	fs.StringVar(&o.history, "history", os.Getenv("BENCH_HISTORY_DIR"), "a git repository with a long history (default $BENCH_HISTORY_DIR): git blame alone, gortex why cold and warm, MCP why, index --warm-blame, in a local clone")
	fs.IntVar(&o.mcpCalls, "mcpcalls", 40, "MCP why calls timed after each query's first")
	fs.Func("panel", "a git repository of another shape (repeatable; default $BENCH_PANEL, separated by spaces), measured in a local clone: gortex version and gortex why in turn, the re-index after one change, MCP why", func(v string) error {
		o.panel = append(o.panel, v)
		return nil
	})
	fs.StringVar(&o.child, "child", "", "internal: run as a child (parse, tags, inproc, pick or mcp)")
	fs.StringVar(&o.fileList, "files", "", "internal: file listing the child's files")
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), `Usage: gortex-bench -bin GORTEX [flags]

Measure, on one tree and in one run: Universal Ctags (when installed), a bare
tree-sitter parse of the tree's Go files (a parser per worker, every core),
gortex's own parse and tags extraction, and gortex index --full (wall, CPU,
peak RSS; the ratios to the bare parse and to ctags); then the re-index after
appending a comment to one Go file, gortex why from the command line
(process start and index load included), and why in process on a loaded
index, and the MCP server's why with its watcher on. Then, in the same run:
the tree copied -copies times side by side, indexed in full and asked the
same symbols; and a repository with a long history (-history,
$BENCH_HISTORY_DIR), for the commit side of why. Wall times on a shared
machine are noisy: every figure is a median, and CPU seconds are printed
beside wall seconds.

Flags:
`)
		fs.PrintDefaults()
	}
	// Parse quietly: the flag package would print the usage on every error,
	// and a second time when asked for help.
	fs.SetOutput(io.Discard)
	err := fs.Parse(args)
	fs.SetOutput(stderr)
	if o.panel == nil {
		o.panel = strings.Fields(os.Getenv("BENCH_PANEL"))
	}
	switch {
	case errors.Is(err, flag.ErrHelp):
		fs.SetOutput(stdout)
		fs.Usage()
		return o, exitOK, true
	case err != nil:
		fmt.Fprintf(stderr, "%s: %v (see %s -h)\n", "gortex-bench", err, "gortex-bench")
		return o, exitUsage, true
	case fs.NArg() > 0:
		fmt.Fprintln(stderr, "gortex-bench: no arguments expected (see gortex-bench -h)")
		return o, exitUsage, true
	case o.child != "":
		return o, 0, false
	case o.bin == "":
		fmt.Fprintln(stderr, "gortex-bench: give -bin (make bench builds ./gortex and passes it)")
		return o, exitUsage, true
	case o.rounds < 1 || o.updates < 1 || o.whys < 2 || o.inproc < 1 || o.copyRounds < 1 || o.mcpCalls < 1:
		fmt.Fprintln(stderr, "gortex-bench: -rounds, -updates, -inproc, -copy-rounds and -mcpcalls must be at least 1, -whys at least 2")
		return o, exitUsage, true
	}
	return o, 0, false
}

// run measures everything and prints the report.
func run(ctx context.Context, o options, stdout, stderr io.Writer) error {
	bin, err := filepath.Abs(o.bin)
	if err != nil {
		return err
	}
	src, err := benchDir(ctx, o.dir)
	if err != nil {
		return err
	}
	root, cleanup, err := prepareTree(src, o.copy, o.keep, stderr)
	if err != nil {
		return err
	}
	defer cleanup()
	r := newReport(src, root)
	b := &bench{o: o, bin: bin, root: root, log: stderr, r: r}
	steps := []func(context.Context) error{b.listFiles, b.compare, b.incremental, b.inProcess, b.whyCLI, b.mcpMain, b.copies, b.history, b.panel}
	for _, step := range steps {
		if err := step(ctx); err != nil {
			return err
		}
	}
	r.write(stdout)
	return nil
}

// benchDir returns dir, or the Go toolchain's source when dir is empty.
func benchDir(ctx context.Context, dir string) (string, error) {
	if dir == "" {
		out, err := exec.CommandContext(ctx, "go", "env", "GOROOT").Output()
		if err != nil {
			return "", fmt.Errorf("go env GOROOT: %w", err)
		}
		dir = filepath.Join(strings.TrimSpace(string(out)), "src")
	}
	fi, err := os.Stat(dir)
	if err != nil {
		return "", err
	}
	if !fi.IsDir() {
		return "", fmt.Errorf("%s is not a directory", dir)
	}
	return filepath.Abs(dir)
}
