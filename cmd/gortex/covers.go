package main

import (
	"context"
	"flag"
	"fmt"
	"strings"

	"github.com/gortex/gortex/change"
	"github.com/gortex/gortex/docs"
	"github.com/gortex/gortex/memory"
	"github.com/gortex/gortex/query"
)

func runCovers(ctx context.Context, e env, args []string) int {
	var dir, db, repo string
	var asJSON bool
	var limit int
	var floor float64
	fs := flag.NewFlagSet("covers", flag.ContinueOnError)
	fs.IntVar(&limit, "limit", change.CoversLimit, "list at most this many targets, strongest first (0: all)")
	fs.Float64Var(&floor, "min-score", 0, "leave out targets whose link scores under this (0-1)")
	fs.StringVar(&db, "db", "", "answer from the organisation's PostgreSQL store at this URL: the code of every published repository the document names")
	fs.StringVar(&repo, "repo", "", "with --db: the published repository of the document")
	fs.BoolVar(&asJSON, "json", false, "print the answer as one JSON object")
	fs.StringVar(&dir, "dir", "", dirHelp)
	setUsage(fs, "covers")
	pos, code, done := parseFlags(fs, e, args)
	if done {
		return code
	}
	if len(pos) != 1 {
		fmt.Fprintln(e.stderr, "gortex covers: give one document, e.g. docs/adr/0001-use-a-ledger.md#Decision")
		return exitUsage
	}
	if db != "" {
		return coversDB(ctx, e, db, repo, pos[0], limit, floor, asJSON)
	}
	w, ok := openDir(ctx, e, "covers", dir, memory.ScopeBoth)
	if !ok {
		return exitError
	}
	c, err := change.Covers(docs.New(w), w.Store(), pos[0])
	if err != nil {
		fmt.Fprintln(e.stderr, "gortex covers:", err)
		return exitUnknown
	}
	c.Cut(limit, floor)
	return writeCoverage(e, c, asJSON)
}

// writeCoverage prints what covers found, as JSON or text, for the local
// index and the organisation's store alike.
func writeCoverage(e env, c *change.Coverage, asJSON bool) int {
	var err error
	if asJSON {
		err = query.Encode(e.stdout, c, query.FormatJSON, query.RenderOptions{})
	} else {
		_, err = fmt.Fprint(e.stdout, coversText(c))
	}
	if err != nil {
		fmt.Fprintln(e.stderr, "gortex covers:", err)
		return exitError
	}
	return exitOK
}

func coversText(c *change.Coverage) string {
	var b strings.Builder
	what := c.Doc
	if c.Section != "" {
		what += " > " + c.Section
	}
	fmt.Fprintf(&b, "%s (%s) explains %d %s\n", what, c.Kind, c.Count, pluralOf(c.Count, "target", "targets"))
	type file struct{ repo, path string }
	var last file
	if c.SupersededBy != "" {
		fmt.Fprintf(&b, "superseded by %s\n", c.SupersededBy)
	}
	for i, t := range c.Targets {
		if f := (file{t.Repo, t.Path}); i == 0 || f != last {
			last = f
			if t.Repo != "" {
				fmt.Fprintf(&b, "  %s: %s\n", t.Repo, t.Path)
			} else {
				fmt.Fprintf(&b, "  %s\n", t.Path)
			}
		}
		where := fmt.Sprintf("line %d", t.Line)
		if t.Place != "" {
			where += ", " + t.Place
		}
		fmt.Fprintf(&b, "    %-8s %.2f  %-9s %s  (%s)\n", t.Signal, t.Score, t.Kind, t.ID, where)
	}
	if c.Note != "" {
		fmt.Fprintf(&b, "note: %s\n", c.Note)
	}
	return b.String()
}

func pluralOf(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
