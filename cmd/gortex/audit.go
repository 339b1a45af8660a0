package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/gortex/gortex/audit"
	"github.com/gortex/gortex/cmd/internal/cli"
	"github.com/gortex/gortex/memory"
	"github.com/gortex/gortex/query"
)

type auditOpts struct {
	dir    string
	paths  []string
	asJSON bool
	failOn string // a severity, or ""
	limit  int    // 0 prints every finding
}

func runAudit(ctx context.Context, e env, args []string) int {
	var o auditOpts
	fs := flag.NewFlagSet("audit", flag.ContinueOnError)
	fs.BoolVar(&o.asJSON, "json", false, "print the report as one JSON object")
	fs.StringVar(&o.failOn, "fail-on", "", "exit 1 when a finding of this severity is found: caution or kudos")
	fs.IntVar(&o.limit, "limit", audit.DefaultLimit, "print at most this many findings (0: all)")
	fs.StringVar(&o.dir, "dir", "", dirHelp)
	setUsage(fs, "audit", "min_callers", strconv.Itoa(audit.MinCallers), "min_caller_packages", strconv.Itoa(audit.MinCallerPackages))
	paths, code, done := parseFlags(fs, e, args)
	if done {
		return code
	}
	switch {
	case o.failOn != "" && !slices.Contains(audit.Severities, audit.Severity(o.failOn)):
		fmt.Fprintf(e.stderr, "gortex audit: --fail-on %q: want caution or kudos\n", o.failOn)
		return exitUsage
	case o.limit < 0:
		fmt.Fprintln(e.stderr, "gortex audit: --limit must be 0 (all) or more")
		return exitUsage
	}
	o.paths = paths
	return auditRun(ctx, e, o)
}

func auditRun(ctx context.Context, e env, o auditOpts) int {
	root, err := cli.Root(o.dir)
	var paths []string
	if err == nil {
		paths, err = repoPaths(root, o.paths)
	}
	if err != nil {
		fmt.Fprintln(e.stderr, "gortex audit:", err)
		return exitError
	}
	bar := newProgress(e, !o.asJSON).counting("audit", "symbols")
	w, err := openWorkspaceShowing(ctx, e, root, memory.ScopeBoth, bar)
	if err != nil {
		bar.done()
		fmt.Fprintln(e.stderr, "gortex audit:", err)
		return exitError
	}
	limit := o.limit
	if limit == 0 {
		limit = -1
	}
	ao := audit.Options{Paths: paths, Limit: limit}
	if bar != nil {
		ao.Progress = func(done, total int) { bar.update("audit", done, total) }
	}
	cs := w.OpenCommits()
	defer cs.Close()
	rep, err := audit.Run(ctx, audit.Input{Store: w.Store(), Memories: w.Memories, History: w.IndexedHistory(cs)}, ao)
	bar.done()
	if err == nil {
		if o.asJSON {
			err = query.Encode(e.stdout, rep, query.FormatJSON, query.RenderOptions{})
		} else {
			printReport(e, rep)
		}
	}
	if err != nil {
		fmt.Fprintln(e.stderr, "gortex audit:", err)
		return exitError
	}
	if o.failOn != "" && rep.Has(audit.Severity(o.failOn)) {
		return exitError
	}
	return exitOK
}

// repoPaths turns PATH arguments into repo-relative slash paths: an
// absolute path or one relative to the working directory that lies in
// root, else a path relative to root.
func repoPaths(root string, args []string) ([]string, error) {
	wd, _ := os.Getwd()
	var out []string
	for _, a := range args {
		abs := a
		if !filepath.IsAbs(a) {
			abs = filepath.Join(wd, a)
			if !inside(root, abs) {
				abs = filepath.Join(root, a)
			}
		}
		if !inside(root, abs) {
			return nil, fmt.Errorf("%s is outside the repository %s", a, root)
		}
		rel, _ := filepath.Rel(root, abs)
		out = append(out, filepath.ToSlash(rel))
	}
	return out, nil
}

func inside(root, p string) bool {
	rel, err := filepath.Rel(root, p)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// printReport writes the findings as text, then one line of totals.
func printReport(e env, r *audit.Report) {
	for _, f := range r.Findings {
		where := f.Symbol.Path
		if f.Symbol.Line > 0 {
			where = fmt.Sprintf("%s:%d", where, f.Symbol.Line)
		}
		fmt.Fprintf(e.stdout, "%-7s  %s  %s  %s\n  %s\n  $ %s\n\n", f.Severity, f.Type, where, f.Symbol.Qualified, f.Message, f.Command)
	}
	var parts []string
	for _, c := range r.ByType {
		if c.Count > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", c.Type, c.Count))
		}
	}
	summary := "nothing found"
	if r.Total > 0 {
		summary = fmt.Sprintf("%d findings (%s)", r.Total, strings.Join(parts, ", "))
	}
	fmt.Fprintf(e.stdout, "%s among %d symbols: %.1f per thousand", summary, r.Symbols, r.PerThousand)
	if r.Count < r.Total {
		fmt.Fprintf(e.stdout, "; %d shown (--limit 0 shows all)", r.Count)
	}
	fmt.Fprintln(e.stdout)
	if len(r.NotAnalysed) > 0 {
		fmt.Fprintf(e.stdout, "not analysed for load-bearing code: %s (calls across files are resolved for Go only)\n",
			strings.Join(r.NotAnalysed, ", "))
	}
}
