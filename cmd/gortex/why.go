package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"runtime/debug"
	"strings"
	"time"

	"github.com/gortex/gortex/cmd/internal/cli"
	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/llm"
	"github.com/gortex/gortex/memory"
	"github.com/gortex/gortex/query"
	"github.com/gortex/gortex/textindex"
	"github.com/gortex/gortex/workspace"
)

type whyOpts struct {
	dir     string
	query   string
	limit   int
	format  query.Format
	explain bool
	scope   memory.Scope // memories: workspace, global or both
	llm     llmOpts
	db      string // the organisation's store to answer from; "" for the repository's index
	repo    string // with db: the repository to look in
}

func runWhy(ctx context.Context, e env, args []string) int {
	var o whyOpts
	var asJSON, asTOON bool
	fs := flag.NewFlagSet("why", flag.ContinueOnError)
	fs.BoolVar(&asJSON, "json", false, "print one JSON object")
	fs.BoolVar(&asTOON, "toon", false, "print the same data as TOON (compact, for LLM agents)")
	var output string
	fs.StringVar(&output, "output", "", "the format: text, json or toon (as --json, --toon)")
	fs.StringVar(&output, "o", "", "short for --output")
	fs.IntVar(&o.limit, "limit", query.DefaultLimit, "at most this many entries, and candidates of an ambiguous QUERY")
	fs.BoolVar(&o.explain, "explain", false, "show how each entry's rank was made")
	fs.StringVar(&o.dir, "dir", "", dirHelp)
	fs.StringVar((*string)(&o.scope), "scope", string(memory.ScopeBoth), "which memories to include: workspace, global or both")
	addLLMFlags(fs, &o.llm)
	fs.StringVar(&o.db, "db", "", "answer from the organisation's PostgreSQL store at this URL, with the reasoning of every published repository")
	fs.StringVar(&o.repo, "repo", "", "with --db: the published repository to look in")
	setUsage(fs, "why", "llm_config", llmConfigHelp(), "llm_errors", llmErrorsHelp())
	pos, code, done := parseFlags(fs, e, args)
	if done {
		return code
	}
	switch output {
	case "":
	case "json":
		asJSON = true
	case "toon":
		asTOON = true
	case "text":
		if asJSON || asTOON {
			fmt.Fprintln(e.stderr, "gortex why: --output text and --json or --toon exclude each other")
			return exitUsage
		}
	default:
		fmt.Fprintf(e.stderr, "gortex why: --output %q: want text, json or toon\n", output)
		return exitUsage
	}
	switch {
	case len(pos) == 0:
		fmt.Fprintln(e.stderr, "gortex why: give a QUERY (see gortex why --help)")
		return exitUsage
	case asJSON && asTOON:
		fmt.Fprintln(e.stderr, "gortex why: --json and --toon exclude each other")
		return exitUsage
	case o.limit < 1:
		fmt.Fprintln(e.stderr, "gortex why: --limit must be at least 1")
		return exitUsage
	case !o.llm.valid():
		fmt.Fprintf(e.stderr, "gortex why: --llm %q: want one of %s\n", o.llm.name, strings.Join(llm.LLMNames, ", "))
		return exitUsage
	}
	o.format = query.FormatText
	if asJSON {
		o.format = query.FormatJSON
	} else if asTOON {
		o.format = query.FormatTOON
	}
	if o.db != "" {
		if len(pos) > 1 {
			fmt.Fprintln(e.stderr, "gortex why: --db answers one QUERY at a time")
			return exitUsage
		}
		o.query = pos[0]
		return whyDB(ctx, e, o)
	}
	if len(pos) > 1 {
		return whyEach(ctx, e, o, pos)
	}
	o.query = pos[0]
	return whyRun(ctx, e, o)
}

// whyEach answers several queries in order, as kubectl get does several
// names: text and TOON answers one after another with a blank line
// between, JSON as one array. The exit status is the first query's that
// was not 0.
func whyEach(ctx context.Context, e env, o whyOpts, queries []string) int {
	status := exitOK
	var answers [][]byte
	for i, q := range queries {
		o.query = q
		qe := e
		var buf bytes.Buffer
		if o.format == query.FormatJSON {
			qe.stdout, qe.rawStdout, qe.stdoutTTY = &buf, &buf, false
		} else if i > 0 {
			fmt.Fprintln(e.stdout)
		}
		if code := whyRun(ctx, qe, o); status == exitOK {
			status = code
		}
		if o.format == query.FormatJSON {
			answers = append(answers, bytes.TrimSpace(buf.Bytes()))
		}
	}
	if o.format == query.FormatJSON {
		fmt.Fprintf(e.stdout, "[\n%s\n]\n", bytes.Join(answers, []byte(",\n")))
	}
	return status
}

// whyRun answers o.query from a current workspace, which the session
// owns (workspace.Answer: answered at once, checked after), and renders it.
func whyRun(ctx context.Context, e env, o whyOpts) int {
	if os.Getenv("GOGC") == "" { // a GOGC the user set stands
		defer debug.SetGCPercent(debug.SetGCPercent(whyGCPercent))
	}
	defer textindex.KeepDecoded(textindex.KeepDecoded(false)) // one answer: nothing is searched again
	sess, err := dirSession(e, o.dir, o.scope)
	if err != nil {
		fmt.Fprintln(e.stderr, "gortex why:", err)
		return exitError
	}
	w, r, err := workspace.Answer(ctx, sess, func(ctx context.Context, w *workspace.Workspace) (whyResult, workspace.Reliance) {
		a, err := answerWhy(ctx, e, w, o)
		return whyResult{a, err}, answerRelies(a, err)
	})
	if err != nil {
		fmt.Fprintln(e.stderr, "gortex why:", err)
		return exitError
	}
	sayLoaded(e, w)
	return whyOutput(ctx, e, w, o, r.a, r.err)
}

// whyResult is an answer, and the failure that cut it short (nil when
// none; an ambiguous or unknown query is the answer's Status).
type whyResult struct {
	a   *query.Answer
	err error
}

// whyOutput adds the audit finding and the LLM summary to a, renders it,
// and returns the exit status of its outcome.
func whyOutput(ctx context.Context, e env, w *workspace.Workspace, o whyOpts, a *query.Answer, err error) int {
	answered := err == nil && a.Status == query.StatusAnswered
	if answered {
		whyFinding(ctx, e, w, a)
	}
	if code, done := whyLLM(ctx, e, w, o, a, answered); done {
		return code
	}
	color := e.stdoutTTY && os.Getenv("NO_COLOR") == ""
	if rerr := query.Render(e.stdout, a, o.format, query.RenderOptions{Color: color}); rerr != nil {
		fmt.Fprintln(e.stderr, "gortex why:", rerr)
		return exitError
	}
	if answered && e.stdoutTTY && o.format == query.FormatText {
		badgeNudge(e, w.Root, time.Now())
	}
	switch {
	case err != nil:
		fmt.Fprintln(e.stderr, "gortex why:", err)
		return exitError
	case a.Status == query.StatusAmbiguous:
		return exitAmbiguous
	case a.Status == query.StatusUnknown:
		return exitUnknown
	case a.Status == query.StatusBadQuery:
		return exitUsage
	}
	return exitOK
}

// whyGCPercent is the collector's GOGC while why answers: one answer
// allocates a few MB to a few tens of MB and the process then ends, so
// collecting at every doubling of a small heap was work thrown away
// (an index build it may start is bounded by its own soft memory limit,
// internal/heapbound). On GOROOT/src and three copies of it, A/B: 1.7
// and 3.5 ms less CPU per answer (of 19 and 29).
const whyGCPercent = 400

// answerWhy answers o.query over w, with w's content index.
func answerWhy(ctx context.Context, e env, w *workspace.Workspace, o whyOpts) (*query.Answer, error) {
	qo := w.QueryOptions()
	qo.Limit, qo.Explain = o.limit, o.explain
	qo.WorkDir, _ = os.Getwd() // a relative file path is read from here first
	if ci, err := w.OpenContent(); err == nil {
		defer ci.Close()
		qo.Searcher = ci
	} else {
		fmt.Fprintln(e.stderr, "gortex: warning: no content index, so no lexical matches:", err)
	}
	cs := w.OpenCommits()
	defer cs.Close()
	w.WithCommits(&qo, cs)
	return query.Why(ctx, w.Store(), query.Classify(w.Store(), o.query, qo.Root, qo.WorkDir), qo)
}

// answerRelies is what an answer rests on: the files it cites (its
// symbol's, its candidates', its entries'), or, for an unknown name, any
// file (it may have been added in place).
func answerRelies(a *query.Answer, err error) workspace.Reliance {
	switch {
	case err != nil || a == nil || a.Status == query.StatusBadQuery:
		return workspace.Reliance{}
	case a.Status == query.StatusUnknown:
		return workspace.Reliance{Any: true}
	}
	var paths []string
	if a.Symbol != nil {
		paths = append(paths, a.Symbol.Path)
	}
	for _, c := range a.Candidates {
		paths = append(paths, c.Path)
	}
	for _, en := range a.Rationale {
		paths = append(paths, en.Path)
	}
	return workspace.Reliance{Files: paths}
}

// dirSession is the session of the project --dir names (or the one around
// the working directory), with the memories of scope.
func dirSession(e env, dir string, scope memory.Scope) (*workspace.Session, error) {
	root, err := cli.Root(dir)
	if err != nil {
		return nil, err
	}
	return workspace.NewSession(root, workspaceOptions(e, scope))
}

// openDir opens the workspace of the project --dir names (or the one
// around the working directory) for the command cmd, with the memories of
// scope; on failure it says why on stderr and ok is false.
func openDir(ctx context.Context, e env, cmd, dir string, scope memory.Scope) (w *workspace.Workspace, ok bool) {
	root, err := cli.Root(dir)
	if err == nil {
		w, err = openWorkspace(ctx, e, root, scope)
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "gortex %s: %v\n", cmd, err)
		return nil, false
	}
	return w, true
}

// openWorkspace opens root with the memories of scope, building or
// refreshing the index first when there is none or files changed since it
// was built (said on stderr). Anchors followed through a rename and
// unreadable memory files are said on stderr too; no file is written.
func openWorkspace(ctx context.Context, e env, root string, scope memory.Scope) (*workspace.Workspace, error) {
	return openWorkspaceShowing(ctx, e, root, scope, nil)
}

// openWorkspaceShowing is openWorkspace that shows on bar (nil: nowhere)
// how an index build, when there is none yet, advances.
func openWorkspaceShowing(ctx context.Context, e env, root string, scope memory.Scope, bar *progress) (*workspace.Workspace, error) {
	wo := workspaceOptions(e, scope)
	wo.Progress = bar.indexing()
	sess, err := workspace.NewSession(root, wo)
	if err != nil {
		return nil, err
	}
	v, err := sess.View(ctx)
	if err != nil {
		return nil, err
	}
	sayLoaded(e, v.Workspace)
	return v.Workspace, nil
}

// sayLoaded says on stderr which memory anchors w followed through a
// rename and which memory files it could not read.
func sayLoaded(e env, w *workspace.Workspace) {
	for _, r := range w.Loaded.Moved {
		fmt.Fprintf(e.stderr, "gortex: %s\n", r.Pending())
	}
	warnProblems(e, w.Loaded.Problems)
}

// freshStore loads root's graph, building or refreshing the index first
// when there is none or files changed since it was built.
func freshStore(ctx context.Context, e env, root string) (*graph.Store, error) {
	idx, err := workspace.FreshIndex(ctx, root, workspaceOptions(e, ""))
	if err != nil {
		return nil, err
	}
	return idx.Store, nil
}

// workspaceOptions are the options of a CLI process: notes go to stderr.
func workspaceOptions(e env, scope memory.Scope) workspace.Options {
	return workspace.Options{Scope: scope, Short: true, Note: func(msg string) { fmt.Fprintln(e.stderr, "gortex: "+msg) }}
}
