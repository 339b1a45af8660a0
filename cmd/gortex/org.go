package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/gortex/gortex/cmd/internal/cli"
	"github.com/gortex/gortex/history"
	"github.com/gortex/gortex/memory"
	"github.com/gortex/gortex/orgstore"
	"github.com/gortex/gortex/query"
	"github.com/gortex/gortex/workspace"
)

// openStore opens the store for command cmd; on failure it says why.
func openStore(ctx context.Context, e env, cmd, dsn string) (*orgstore.Store, bool) {
	st, err := orgstore.Open(ctx, cli.DBURL(dsn))
	if err != nil {
		fmt.Fprintf(e.stderr, "gortex %s: %v\n", cmd, err)
		return nil, false
	}
	return st, true
}

func runPublish(ctx context.Context, e env, args []string) int {
	var dir, db, name string
	var remove, asJSON bool
	var commits int
	fs := flag.NewFlagSet("publish", flag.ContinueOnError)
	fs.StringVar(&db, "db", "", cli.DBHelp)
	fs.StringVar(&dir, "dir", "", dirHelp)
	fs.StringVar(&name, "repo", "", "the name to publish under (default: the origin remote's URL without scheme and .git, else the directory's name)")
	fs.BoolVar(&remove, "remove", false, "remove the repository (--repo, else this one's name) and all it published; the organisation's memories stay")
	fs.IntVar(&commits, "commits", orgstore.DefaultCommits, "publish this many of the latest commits' summaries (0 for none)")
	fs.BoolVar(&asJSON, "json", false, "print what was written as one JSON object")
	setUsage(fs, "publish")
	pos, code, done := parseFlags(fs, e, args)
	if done {
		return code
	}
	if !noArgs(e, "publish", pos, dirHint) {
		return exitUsage
	}
	st, ok := openStore(ctx, e, "publish", db)
	if !ok {
		return exitError
	}
	defer st.Close()
	if remove && name != "" {
		return publishRemove(ctx, e, st, name)
	}
	w, ok := openDir(ctx, e, "publish", dir, memory.ScopeWorkspace)
	if !ok {
		return exitError
	}
	repo := orgstore.RepoOf(ctx, w, name)
	if remove {
		return publishRemove(ctx, e, st, repo.Name)
	}
	if commits == 0 {
		commits = -1
	}
	start := time.Now()
	snap, err := orgstore.Extract(ctx, w, orgstore.ExtractOptions{Commits: commits})
	if err != nil {
		fmt.Fprintln(e.stderr, "gortex publish:", err)
		return exitError
	}
	extracted := time.Since(start)
	stats, err := st.Publish(ctx, repo, snap)
	if err != nil {
		fmt.Fprintln(e.stderr, "gortex publish:", err)
		return exitError
	}
	if asJSON {
		out := map[string]any{"repo": repo.Name, "commit": repo.Commit, "generation": stats.Generation, "written": stats.Written,
			"deleted": stats.Deleted, "unchanged": stats.Unchanged, "extract_ms": extracted.Milliseconds(), "write_ms": stats.Took.Milliseconds()}
		if err := query.Encode(e.stdout, out, query.FormatJSON, query.RenderOptions{}); err != nil {
			fmt.Fprintln(e.stderr, "gortex publish:", err)
			return exitError
		}
		return exitOK
	}
	commit := repo.Commit
	if len(commit) > 12 {
		commit = commit[:12]
	}
	fmt.Fprintf(e.stdout, "published %s at %s (generation %d): %d rows written, %d deleted, %d unchanged; answers made in %v, written in %v\n",
		repo.Name, orNone(commit), stats.Generation, stats.Written, stats.Deleted, stats.Unchanged,
		extracted.Round(time.Millisecond), stats.Took.Round(time.Millisecond))
	return exitOK
}

func orNone(s string) string {
	if s == "" {
		return "(no commit)"
	}
	return s
}

func publishRemove(ctx context.Context, e env, st *orgstore.Store, name string) int {
	ok, err := st.Remove(ctx, name)
	switch {
	case err != nil:
		fmt.Fprintln(e.stderr, "gortex publish:", err)
		return exitError
	case !ok:
		fmt.Fprintf(e.stderr, "gortex publish: no published repository %s\n", name)
		return exitUnknown
	}
	fmt.Fprintf(e.stdout, "removed %s\n", name)
	return exitOK
}

func runServe(ctx context.Context, e env, args []string) int {
	var o cli.ServeFlags
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	o.Define(fs)
	setUsage(fs, "serve", "tools", strings.Join(cli.ServeTools, ", "))
	pos, code, done := parseFlags(fs, e, args)
	if done {
		return code
	}
	if !noArgs(e, "serve", pos, "") {
		return exitUsage
	}
	return handOver(ctx, e, "serve", args)
}

func runToken(ctx context.Context, e env, args []string) int {
	var db string
	var all bool
	fs := flag.NewFlagSet("token", flag.ContinueOnError)
	fs.StringVar(&db, "db", "", cli.DBHelp)
	fs.BoolVar(&all, "all", false, "add: the token reads every repository")
	setUsage(fs, "token")
	pos, code, done := parseFlags(fs, e, args)
	if done {
		return code
	}
	if len(pos) < 2 || pos[0] != "add" && pos[0] != "remove" {
		fmt.Fprintln(e.stderr, "gortex token: give add NAME [REPO...] or remove NAME (see gortex token --help)")
		return exitUsage
	}
	st, ok := openStore(ctx, e, "token", db)
	if !ok {
		return exitError
	}
	defer st.Close()
	if pos[0] == "remove" {
		ok, err := st.RemoveToken(ctx, pos[1])
		switch {
		case err != nil:
			fmt.Fprintln(e.stderr, "gortex token:", err)
			return exitError
		case !ok:
			fmt.Fprintf(e.stderr, "gortex token: no token %s\n", pos[1])
			return exitUnknown
		}
		fmt.Fprintf(e.stdout, "revoked %s\n", pos[1])
		return exitOK
	}
	tok, err := st.AddToken(ctx, pos[1], pos[2:], all)
	if err != nil {
		fmt.Fprintln(e.stderr, "gortex token:", err)
		return exitError
	}
	fmt.Fprintln(e.stdout, tok)
	return exitOK
}

// whyDB answers o.query from the store.
func whyDB(ctx context.Context, e env, o whyOpts) int {
	st, ok := openStore(ctx, e, "why", o.db)
	if !ok {
		return exitError
	}
	defer st.Close()
	a, err := st.Why(ctx, orgstore.Everything, orgstore.WhyQuery{Text: o.query, Repo: o.repo, Limit: o.limit})
	if err != nil {
		fmt.Fprintln(e.stderr, "gortex why:", err)
		return exitError
	}
	color := e.stdoutTTY && os.Getenv("NO_COLOR") == ""
	if err := query.Render(e.stdout, a, o.format, query.RenderOptions{Color: color}); err != nil {
		fmt.Fprintln(e.stderr, "gortex why:", err)
		return exitError
	}
	switch a.Status {
	case query.StatusAmbiguous:
		return exitAmbiguous
	case query.StatusUnknown:
		return exitUnknown
	case query.StatusBadQuery:
		return exitUsage
	}
	return exitOK
}

// coversDB answers covers from the store.
func coversDB(ctx context.Context, e env, db, repo, doc string, limit int, floor float64, asJSON bool) int {
	st, ok := openStore(ctx, e, "covers", db)
	if !ok {
		return exitError
	}
	defer st.Close()
	c, err := st.Covers(ctx, orgstore.Everything, orgstore.CoversQuery{Repo: repo, Doc: doc})
	if err != nil {
		fmt.Fprintln(e.stderr, "gortex covers:", err)
		return exitUnknown
	}
	c.Cut(limit, floor)
	return writeCoverage(e, c, asJSON)
}

// searchDB answers search from the store.
func searchDB(ctx context.Context, e env, db string, o searchOpts) int {
	st, ok := openStore(ctx, e, "search", db)
	if !ok {
		return exitError
	}
	defer st.Close()
	res, err := st.Search(ctx, orgstore.Everything, o.text, o.limit)
	if err != nil {
		fmt.Fprintln(e.stderr, "gortex search:", err)
		return exitError
	}
	if o.format != query.FormatText {
		if err := query.Encode(e.stdout, res, o.format, query.RenderOptions{}); err != nil {
			fmt.Fprintln(e.stderr, "gortex search:", err)
			return exitError
		}
		return exitOK
	}
	var rows [][]string
	for _, s := range res.Symbols {
		rows = append(rows, []string{"symbol", s.Kind, s.Repo + ":" + s.ID})
	}
	for _, en := range res.Entries {
		rows = append(rows, []string{string(en.Kind), en.AssetKind, en.Location(), en.Section})
	}
	if len(rows) == 0 {
		fmt.Fprintln(e.stdout, "no hits")
		return exitOK
	}
	writeTable(e.stdout, rows)
	return exitOK
}

// checkDB checks a change against the store: the diff of --diff, or the
// work tree of --dir against the commit the store holds of the repository.
func checkDB(ctx context.Context, e env, o checkOpts) int {
	switch {
	case o.db == "" && cli.DBURL("") == "":
		fmt.Fprintln(e.stderr, "gortex check: --repo needs --db (or $GORTEX_DB)")
		return exitUsage
	case len(o.paths) > 0 || o.base != "":
		fmt.Fprintln(e.stderr, "gortex check: with --db the change is the work tree against the published commit, or --diff")
		return exitUsage
	}
	st, ok := openStore(ctx, e, "check", o.db)
	if !ok {
		return exitError
	}
	defer st.Close()
	var diffs []history.FileDiff
	var err error
	if o.diff != "" {
		diffs, _, err = changeOf(ctx, nil, o)
	} else {
		w, ok := openDir(ctx, e, "check", o.dir, memory.ScopeWorkspace)
		if !ok {
			return exitError
		}
		diffs, err = publishedDiff(ctx, w, st, &o)
	}
	if err != nil {
		fmt.Fprintln(e.stderr, "gortex check:", err)
		return exitError
	}
	if o.repo == "" {
		fmt.Fprintln(e.stderr, "gortex check: with --db and --diff, name the repository with --repo")
		return exitUsage
	}
	r, err := st.Check(ctx, orgstore.Everything, o.repo, diffs)
	if err != nil {
		fmt.Fprintln(e.stderr, "gortex check:", err)
		return exitError
	}
	return writeReport(e, r, o)
}

// publishedDiff is the work tree of o.dir against the commit the store
// holds of its repository (o.repo, else the name publish gives it).
func publishedDiff(ctx context.Context, w *workspace.Workspace, st *orgstore.Store, o *checkOpts) ([]history.FileDiff, error) {
	if o.repo == "" {
		o.repo = orgstore.RepoOf(ctx, w, "").Name
	}
	repos, err := st.Repos(ctx, orgstore.Everything)
	if err != nil {
		return nil, err
	}
	i := slices.IndexFunc(repos, func(r orgstore.RepoInfo) bool { return r.Name == o.repo })
	if i < 0 {
		return nil, fmt.Errorf("no published repository %s (gortex publish writes it)", o.repo)
	}
	return w.History.Diff(ctx, repos[i].Commit)
}
