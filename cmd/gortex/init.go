package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/gortex/gortex/internal/fsutil"
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
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), `Usage: gortex init [flags]

Set a repository up for gortex and the coding agents working in it: write
a block telling agents when to call gortex why and store_memory (three
examples, how to record a decision) into AGENTS.md and CLAUDE.md, between
the marker comments

  %s
  %s

Each file is created if missing; text outside the markers is never
touched, and running init again changes nothing unless gortex's block did.
With --mcp, the MCP registration of each agent is added to its file (other
servers kept; an existing gortex entry is left as it is); with --config, a
commented .gortex/config.toml. init prints what it wrote. Commit the files.

  gortex init
  gortex init --mcp all --config

Flags:
`, blockBegin, blockEnd)
		fs.PrintDefaults()
	}
	pos, code, done := parseFlags(fs, e, args)
	if done {
		return code
	}
	if len(pos) > 0 {
		fmt.Fprintf(e.stderr, "gortex init: unexpected argument %q (the repository is --dir)\n", pos[0])
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
	return initRun(e, o)
}

// initStep writes one file, returning what it did ("created", "updated",
// "unchanged") and a note on what the file holds.
type initStep struct {
	path  string // repo-relative
	write func(old []byte, exists bool) (data []byte, note string, err error)
}

func initRun(e env, o initOpts) int {
	root, err := resolveRoot(o.dir)
	if err != nil {
		fmt.Fprintln(e.stderr, "gortex init:", err)
		return exitError
	}
	steps := []initStep{{"AGENTS.md", agentBlock}, {"CLAUDE.md", agentBlock}}
	for _, c := range o.mcp.vals {
		steps = append(steps, mcpSteps[c])
	}
	if o.config {
		steps = append(steps, initStep{filepath.Join(".gortex", "config.toml"), commentedConfig})
	}
	var rows [][]string
	failed := false
	for _, s := range steps {
		did, note, err := apply(root, s)
		if err != nil {
			fmt.Fprintf(e.stderr, "gortex init: %s: %v\n", s.path, err)
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

// apply runs one step against the file under root, writing it only when
// its content changes.
func apply(root string, s initStep) (did, note string, err error) {
	path := filepath.Join(root, s.path)
	old, err := os.ReadFile(path)
	exists := err == nil
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return "", "", err
	}
	data, note, err := s.write(old, exists)
	switch {
	case err != nil:
		return "", "", err
	case exists && string(data) == string(old):
		return "unchanged", note, nil
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return "", "", err
	}
	if err := fsutil.WriteFile(path, data, 0o644); err != nil {
		return "", "", err
	}
	if exists {
		return "updated", note, nil
	}
	return "created", note, nil
}
