package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"strings"

	"github.com/gortex/gortex/cmd/internal/cli"
	"github.com/gortex/gortex/docs"
	"github.com/gortex/gortex/query"
)

type searchOpts struct {
	db     string // the organisation's store to search; "" for the repository's index
	dir    string
	text   string
	scope  string
	limit  int
	format query.Format
}

// searchLimits are the default and the largest --limit, as the MCP search
// tool has them.
const (
	defaultSearchLimit = 10
	maxSearchLimit     = 100
)

func runSearch(ctx context.Context, e env, args []string) int {
	var o searchOpts
	var ff formatFlags
	fs := flag.NewFlagSet("search", flag.ContinueOnError)
	fs.StringVar(&o.dir, "dir", "", dirHelp)
	fs.StringVar(&o.scope, "scope", string(docs.ScopeAll), "what to search: code (symbol names), docs (document sections), memories, commits (the whole history), or all")
	fs.IntVar(&o.limit, "limit", defaultSearchLimit, fmt.Sprintf("at most this many hits, 1-%d", maxSearchLimit))
	ff.register(fs)
	fs.StringVar(&o.db, "db", "", "search the organisation's PostgreSQL store at this URL: every published repository")
	setUsage(fs, "search")
	pos, code, done := parseFlags(fs, e, args)
	if done {
		return code
	}
	f, err := ff.format()
	switch {
	case len(pos) == 0:
		err = errors.New("give the words to look for (see gortex search --help)")
	case o.limit < 1 || o.limit > maxSearchLimit:
		err = fmt.Errorf("--limit %d: want 1-%d", o.limit, maxSearchLimit)
	}
	if err != nil {
		fmt.Fprintln(e.stderr, "gortex search:", err)
		return exitUsage
	}
	o.text, o.format = strings.Join(pos, " "), f
	if o.db != "" {
		return searchDB(ctx, e, o.db, o)
	}
	return searchRun(ctx, e, o)
}

func searchRun(ctx context.Context, e env, o searchOpts) int {
	lib, code := openLibrary(ctx, e, "search", o.dir)
	if lib == nil {
		return code
	}
	res, err := lib.Search(ctx, o.text, docs.Scope(o.scope), o.limit)
	switch {
	case errors.Is(err, docs.ErrScope):
		fmt.Fprintln(e.stderr, "gortex search: --scope", err)
		return exitUsage
	case err != nil:
		fmt.Fprintln(e.stderr, "gortex search:", err)
		return exitError
	}
	if o.format != query.FormatText {
		return encodeOut(e, "search", res, o.format)
	}
	var rows [][]string
	for _, h := range res.Hits {
		where := h.Path
		if h.Line > 0 {
			where = fmt.Sprintf("%s:%d", h.Path, h.Line)
		}
		name := h.Name
		if h.Kind == "memory" {
			name += "  (" + h.ID + ")" // for gortex memory show
		}
		rows = append(rows, []string{h.Kind, h.What, where, name})
		if h.Text != "" {
			rows = append(rows, []string{h.Text})
		}
	}
	writeTable(e.stdout, rows)
	if res.Note != "" {
		fmt.Fprintln(e.stderr, "gortex:", res.Note)
	}
	return exitOK
}

// openLibrary opens the workspace of dir (refreshing its index first when
// files changed) as a docs.Library; on failure it returns nil and the exit
// code, the error said on stderr.
func openLibrary(ctx context.Context, e env, cmd, dir string) (*docs.Library, int) {
	root, err := cli.Root(dir)
	if err != nil {
		fmt.Fprintf(e.stderr, "gortex %s: %v\n", cmd, err)
		return nil, exitError
	}
	w, err := openWorkspace(ctx, e, root, "")
	if err != nil {
		fmt.Fprintf(e.stderr, "gortex %s: %v\n", cmd, err)
		return nil, exitError
	}
	return docs.New(w), exitOK
}

// encodeOut writes v as JSON or TOON.
func encodeOut(e env, cmd string, v any, f query.Format) int {
	if err := query.Encode(e.stdout, v, f, query.RenderOptions{}); err != nil {
		fmt.Fprintf(e.stderr, "gortex %s: %v\n", cmd, err)
		return exitError
	}
	return exitOK
}
