package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/gortex/gortex/cmd/internal/cli"
	"github.com/gortex/gortex/indexer"
	"github.com/gortex/gortex/internal/fsutil"
	"github.com/gortex/gortex/repofs"
)

type initOpts struct {
	dir    string
	mcp    listFlag // claude, cursor, codex, all
	config bool
}

// mcpClients are the agents gortex init can register the MCP server with.
var mcpClients = []string{"claude", "cursor", "codex"}

func runInit(ctx context.Context, e env, args []string) int {
	o := initOpts{mcp: listFlag{split: true}}
	fs := flag.NewFlagSet("init", flag.ContinueOnError)
	fs.StringVar(&o.dir, "dir", "", dirHelp)
	fs.Var(&o.mcp, "mcp", "also register the MCP server for these agents: claude (.mcp.json), cursor (.cursor/mcp.json), codex (.codex/config.toml), or all (repeatable, or comma-separated)")
	fs.BoolVar(&o.config, "config", false, "also write .gortex/config.toml with every key commented out")
	setUsage(fs, "init", "begin", blockBegin, "end", blockEnd)
	pos, code, done := parseFlags(fs, e, args)
	if done {
		return code
	}
	if !noArgs(e, "init", pos, dirHint) {
		return exitUsage
	}
	if slices.Contains(o.mcp.vals, "all") {
		o.mcp.vals = mcpClients
	}
	for _, c := range o.mcp.vals {
		if !slices.Contains(mcpClients, c) {
			fmt.Fprintf(e.stderr, "gortex init: --mcp %q%s; want %s or all\n", c, didYouMean(c, mcpClients), strings.Join(mcpClients, ", "))
			return exitUsage
		}
	}
	return initRun(ctx, e, o)
}

// initStep writes one file, returning what it did ("created", "updated",
// "unchanged") and a note on what the file holds.
type initStep struct {
	path  string // repo-relative
	write func(old []byte, exists bool) (data []byte, note string, err error)
	// follow lets the file be a link to another file of the repository
	// (CLAUDE.md to AGENTS.md), which is then read and written in its
	// place; any other link is refused.
	follow bool
}

func initRun(ctx context.Context, e env, o initOpts) int {
	root, err := cli.Root(o.dir)
	if err != nil {
		fmt.Fprintln(e.stderr, "gortex init:", err)
		return exitError
	}
	ex := initExample(ctx, e, root)
	steps := []initStep{{"AGENTS.md", agentBlock(ex), true}, {"CLAUDE.md", claudeBlock(ex), true}}
	for _, c := range o.mcp.vals {
		steps = append(steps, mcpSteps[c])
	}
	if o.config {
		steps = append(steps, initStep{filepath.Join(".gortex", "config.toml"), commentedConfig, false})
	}
	var rows [][]string
	failed := false
	for _, s := range steps {
		did, note, err := apply(root, s)
		if err != nil {
			fmt.Fprintln(e.stderr, "gortex init:", err)
			failed = true
			continue
		}
		rows = append(rows, []string{did, filepath.ToSlash(s.path), note})
	}
	writeTable(e.stdout, rows)
	if failed {
		return exitError
	}
	return exitOK
}

// initExample chooses the examples of the block from root's index,
// building it first when there is none (chooseExample); placeholders when
// the repository cannot be indexed or offers none that answers.
func initExample(ctx context.Context, e env, root string) example {
	if _, err := os.Stat(indexer.IndexDir(root)); err != nil {
		fmt.Fprintln(e.stderr, "gortex init: indexing the repository, to choose examples that answer")
	}
	w, err := openWorkspace(ctx, e, root, "")
	if err != nil {
		fmt.Fprintln(e.stderr, "gortex init: no examples from the repository:", err)
		return placeholderExample
	}
	return chooseExample(ctx, w)
}

// initCap bounds a file init reads: instruction files and agents'
// registrations are kilobytes.
const initCap = 1 << 20

// apply runs one step against the file under root, writing it only when
// its content changes. The file is repository input: its directory must
// be a real one inside root, and a link (but for an instruction file
// linked to another file of the repository), a device or a file over
// initCap is refused, never read or written through.
func apply(root string, s initStep) (did, note string, err error) {
	rel := filepath.ToSlash(s.path)
	if d := path.Dir(rel); d != "." {
		if err := repofs.RealDirs(root, d, true); err != nil {
			return "", "", err
		}
	}
	rel, err = initTarget(root, rel, s.follow)
	if err != nil {
		return "", "", err
	}
	old, err := repofs.ReadIn(root, filepath.FromSlash(rel), initCap)
	exists := err == nil
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return "", "", refusal(rel, err)
	}
	data, note, err := s.write(old, exists)
	switch {
	case err != nil:
		return "", "", fmt.Errorf("%s: %w", rel, err)
	case exists && string(data) == string(old):
		return "unchanged", note, nil
	}
	if err := fsutil.WriteFile(filepath.Join(root, filepath.FromSlash(rel)), data, 0o644); err != nil {
		return "", "", err
	}
	if exists {
		return "updated", note, nil
	}
	return "created", note, nil
}

// initTarget returns the file init reads and writes for rel: rel itself,
// or, when rel is a link and follow allows it, the file of the repository
// it leads to. A link init may not follow, or one leading outside root or
// to nothing, is refused.
func initTarget(root, rel string, follow bool) (string, error) {
	p := filepath.Join(root, filepath.FromSlash(rel))
	fi, err := os.Lstat(p)
	if err != nil || fi.Mode()&fs.ModeSymlink == 0 {
		return rel, nil
	}
	if !follow {
		return "", fmt.Errorf("refusing %s: it is a link; gortex init writes only a regular file of the repository there (remove the link to let it)", rel)
	}
	realRoot, err := filepath.EvalSymlinks(root)
	if err != nil {
		return "", err
	}
	target, err := filepath.EvalSymlinks(p)
	if err != nil {
		return "", fmt.Errorf("refusing %s: it is a link to nothing (%w)", rel, err)
	}
	r, ok := repofs.Rel(realRoot, target)
	if !ok {
		return "", refusal(rel, fmt.Errorf("%s: %w", rel, repofs.ErrOutside))
	}
	return filepath.ToSlash(r), nil
}

// refusal says why init leaves a file alone.
func refusal(rel string, err error) error {
	switch {
	case errors.Is(err, repofs.ErrOutside):
		return fmt.Errorf("refusing %s: it is a link that leads outside the repository; gortex init neither reads nor writes through it: %w", rel, err)
	case errors.Is(err, repofs.ErrNotRegular), errors.Is(err, repofs.ErrTooLarge):
		return fmt.Errorf("refusing %s: gortex init reads and writes only a regular file of at most 1 MiB: %w", rel, err)
	}
	return fmt.Errorf("read %s: %w", rel, err)
}
