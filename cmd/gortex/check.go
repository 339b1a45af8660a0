package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/gortex/gortex/change"
	"github.com/gortex/gortex/history"
	"github.com/gortex/gortex/memory"
	"github.com/gortex/gortex/query"
	"github.com/gortex/gortex/workspace"
)

type checkOpts struct {
	dir    string
	base   string
	diff   string // a file, or "-" for stdin
	paths  []string
	format string // text, markdown or json
	failOn string // a memory kind, or ""
	db     string // the organisation's store to check against; "" for the repository's index
	repo   string // with db: the published repository the change is of
}

func runCheck(ctx context.Context, e env, args []string) int {
	var o checkOpts
	var asJSON bool
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	fs.StringVar(&o.base, "base", "", "diff the work tree against this revision (default: the merge base with the default branch)")
	fs.StringVar(&o.diff, "diff", "", "read a unified diff from this file (- for stdin) instead of running git")
	fs.BoolVar(&asJSON, "json", false, "print the report as one JSON object (--format json)")
	fs.StringVar(&o.format, "format", "text", "text, markdown (a pull-request comment) or json")
	fs.StringVar(&o.failOn, "fail-on", "", "exit 1 when a touched symbol is governed by a memory of this kind: "+strings.Join(change.FailKinds, ", "))
	fs.StringVar(&o.db, "db", "", "check against the organisation's PostgreSQL store at this URL: the reasoning of every published repository, the change taken against the published commit")
	fs.StringVar(&o.repo, "repo", "", "with --db: the published repository the change is of (default: this one's name, as publish names it)")
	fs.StringVar(&o.dir, "dir", "", dirHelp)
	setUsage(fs, "check")
	paths, code, done := parseFlags(fs, e, args)
	if done {
		return code
	}
	if asJSON {
		o.format = "json"
	}
	switch {
	case !slices.Contains([]string{"text", "markdown", "json"}, o.format):
		fmt.Fprintf(e.stderr, "gortex check: --format %q: want text, markdown or json\n", o.format)
		return exitUsage
	case o.failOn != "" && !slices.Contains(change.FailKinds, o.failOn):
		fmt.Fprintf(e.stderr, "gortex check: --fail-on %q: want one of %s\n", o.failOn, strings.Join(change.FailKinds, ", "))
		return exitUsage
	case (o.base != "" && o.diff != "") || (len(paths) > 0 && (o.base != "" || o.diff != "")):
		fmt.Fprintln(e.stderr, "gortex check: give one of --base, --diff or paths")
		return exitUsage
	}
	o.paths = paths
	if o.db != "" || o.repo != "" {
		return checkDB(ctx, e, o)
	}
	return checkRun(ctx, e, o)
}

func checkRun(ctx context.Context, e env, o checkOpts) int {
	w, ok := openDir(ctx, e, "check", o.dir, memory.ScopeBoth)
	if !ok {
		return exitError
	}
	diffs, base, err := changeOf(ctx, w, o)
	if err != nil {
		fmt.Fprintln(e.stderr, "gortex check:", err)
		return exitError
	}
	r, err := change.Check(ctx, w, diffs)
	if err != nil {
		fmt.Fprintln(e.stderr, "gortex check:", err)
		return exitError
	}
	r.Base = base
	return writeReport(e, r, o)
}

// writeReport prints a check's report in o's format and gives the exit
// status --fail-on asks for, for the local index and the store alike.
func writeReport(e env, r *change.Report, o checkOpts) int {
	var err error
	switch o.format {
	case "json":
		err = query.Encode(e.stdout, r, query.FormatJSON, query.RenderOptions{})
	case "markdown":
		err = r.WriteMarkdown(e.stdout)
	default:
		err = r.WriteText(e.stdout)
	}
	if err != nil {
		fmt.Fprintln(e.stderr, "gortex check:", err)
		return exitError
	}
	if o.failOn != "" && r.Governs(o.failOn) {
		return exitError
	}
	return exitOK
}

// changeOf reads the change o names: a diff file, the paths' whole files,
// or git's diff against the base (and says which base).
func changeOf(ctx context.Context, w *workspace.Workspace, o checkOpts) ([]history.FileDiff, string, error) {
	switch {
	case o.diff != "":
		var r io.Reader = os.Stdin
		if o.diff != "-" {
			f, err := os.Open(o.diff)
			if err != nil {
				return nil, "", err
			}
			defer f.Close()
			r = f
		}
		d, err := history.ParseDiff(r)
		return d, "", err
	case len(o.paths) > 0:
		rel, err := repoPaths(w.Root, o.paths)
		if err != nil {
			return nil, "", err
		}
		return change.WholeFiles(w.Store(), rel), "", nil
	}
	base := o.base
	if base == "" {
		var err error
		if base, err = w.History.DefaultBase(ctx); err != nil {
			return nil, "", err
		}
	}
	d, err := w.History.Diff(ctx, base)
	return d, base, err
}
