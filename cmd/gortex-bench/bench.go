package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// bench is one gortex-bench run: what it measures with, and the report it
// fills step by step.
type bench struct {
	o          options
	bin        string // gortex, absolute
	root       string // the tree being indexed
	log        io.Writer
	r          *report
	fileList   string   // the Go files, for the parse children
	touch      string   // repo-relative file the incremental runs change
	cliQueries []string // symbols asked from the command line
	cliIDs     []string // their stable IDs
}

// compare runs ctags, the two parse children and gortex index --full in
// turn, o.rounds times, so that noise from other work on the machine falls
// on all of them alike.
func (b *bench) compare(ctx context.Context) error {
	defer os.Remove(b.fileList)
	self, err := os.Executable()
	if err != nil {
		return err
	}
	ctags, lookErr := exec.LookPath("ctags")
	if lookErr != nil {
		b.r.ctagsNote = "ctags not installed (Debian: universal-ctags); its row and ratio are left out"
	}
	for round := 1; round <= b.o.rounds; round++ {
		progressf(b.log, "round %d of %d: ctags, bare parse, gortex parse, gortex index --full", round, b.o.rounds)
		if lookErr == nil {
			c, err := mustSucceed(ctx, ctags, "-R", "--languages=Go", "-f", "/dev/null", b.root)
			if err != nil {
				return err
			}
			b.r.ctags = append(b.r.ctags, c.measured)
		}
		for _, mode := range []string{modeParse, modeTags} {
			c, err := mustSucceed(ctx, self, "-child", mode, "-files", b.fileList)
			if err != nil {
				return err
			}
			b.r.parse[mode] = append(b.r.parse[mode], c.measured)
		}
		c, err := mustSucceed(ctx, b.bin, "index", "--full", b.root)
		if err != nil {
			return err
		}
		b.r.full = append(b.r.full, c.measured)
		b.r.summary = indexSummary(c.stdout)
	}
	return nil
}

// indexSummary picks the counts out of gortex index's summary.
func indexSummary(out string) map[string]string {
	m := map[string]string{}
	for _, line := range strings.Split(out, "\n") {
		if key, val, ok := strings.Cut(strings.TrimSpace(line), " "); ok {
			switch key {
			case "files", "symbols", "sections", "links":
				m[key] = strings.TrimSpace(val)
			}
		}
	}
	return m
}

// incremental appends a comment to one Go file and re-indexes, o.updates
// times: gortex must notice the one change and re-index only it.
func (b *bench) incremental(ctx context.Context) error {
	progressf(b.log, "%d incremental re-index runs after a change to %s", b.o.updates, b.touch)
	path := filepath.Join(b.root, filepath.FromSlash(b.touch))
	for i := 1; i <= b.o.updates; i++ {
		if err := appendLine(path, fmt.Sprintf("// gortex-bench change %d", i)); err != nil {
			return err
		}
		c, err := mustSucceed(ctx, b.bin, "index", b.root)
		if err != nil {
			return err
		}
		if !strings.Contains(c.stdout, "(1 changed, 0 removed)") {
			return fmt.Errorf("gortex index after one change did not update incrementally:\n%s", c.stdout)
		}
		b.r.updates = append(b.r.updates, c.measured)
	}
	return nil
}

func appendLine(path, line string) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		return err
	}
	if _, err := fmt.Fprintf(f, "\n%s\n", line); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// whyCLI runs gortex why on the fresh index, o.whys times over a few
// symbols: process start, index load, staleness check and query included.
func (b *bench) whyCLI(ctx context.Context) error {
	if len(b.cliQueries) == 0 {
		return fmt.Errorf("no symbol to ask why about")
	}
	progressf(b.log, "%d gortex why runs over %d symbols", b.o.whys, len(b.cliQueries))
	b.r.whySymbols = b.cliQueries
	ms, err := b.whyRuns(ctx, b.root, b.cliQueries)
	b.r.whys = ms
	return err
}

// mcpMain times the MCP server's why on the tree, over the CLI's symbols.
func (b *bench) mcpMain(ctx context.Context) error {
	progressf(b.log, "MCP why: %d calls over %d symbols", b.o.mcpCalls, len(b.cliQueries))
	m, err := b.mcpWhy(ctx, b.root, b.cliQueries)
	b.r.mcp = m
	return err
}
