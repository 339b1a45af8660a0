package main

import (
	"context"
	"flag"
	"fmt"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/gortex/gortex/cmd/internal/cli"
	"github.com/gortex/gortex/memory"
)

// readOpts are the flags of the subcommands that find memories.
type readOpts struct {
	dir, scope string
	asJSON     bool
}

func (o *readOpts) register(fs *flag.FlagSet) {
	fs.StringVar(&o.dir, "dir", "", dirHelp)
	fs.StringVar(&o.scope, "scope", string(memory.ScopeBoth), "which memories: workspace, global or both")
	fs.BoolVar(&o.asJSON, "json", false, "print JSON")
}

func (o *readOpts) stores() (string, []*memory.Store, error) {
	root, err := cli.Root(o.dir)
	if err != nil {
		return "", nil, err
	}
	stores, err := openStores(root, o.scope)
	return root, stores, err
}

func newReadFlags(name string, o *readOpts) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	o.register(fs)
	setUsage(fs, strings.ReplaceAll(name, " ", "-"))
	return fs
}

func runMemoryList(ctx context.Context, e env, args []string) int {
	var o readOpts
	var f memory.Filter
	var kind string
	fs := newReadFlags("memory list", &o)
	fs.StringVar(&kind, "kind", "", "only this kind: "+enumList(memory.Kinds))
	fs.StringVar(&f.Tag, "tag", "", "only memories with this tag")
	fs.StringVar(&f.Anchor, "anchor", "", "only memories anchored to this symbol (as written, or its ID) or file")
	fs.BoolVar(&f.LiveOnly, "live", false, "hide superseded memories")
	args, code, done := parseFlags(fs, e, args)
	if done {
		return code
	}
	if len(args) > 0 {
		fmt.Fprintln(e.stderr, "gortex memory list: no arguments expected; filter with --kind, --tag, --anchor")
		return exitUsage
	}
	f.Kind = memory.Kind(kind)
	return memoryListRun(ctx, e, o, f)
}

func memoryListRun(ctx context.Context, e env, o readOpts, f memory.Filter) int {
	root, stores, err := o.stores()
	if err != nil {
		fmt.Fprintln(e.stderr, "gortex memory list:", err)
		return exitUsage
	}
	f.Repo = root
	mems := []*memory.Memory{}
	for _, st := range stores {
		ms, probs, err := st.List(ctx, f)
		if err != nil {
			fmt.Fprintln(e.stderr, "gortex memory list:", err)
			return exitError
		}
		warnProblems(e, probs)
		mems = append(mems, ms...)
	}
	if o.asJSON {
		if err := writeJSON(e.stdout, mems); err != nil {
			fmt.Fprintln(e.stderr, "gortex memory list:", err)
			return exitError
		}
		return exitOK
	}
	if len(mems) == 0 {
		fmt.Fprintln(e.stderr, "gortex: no memories; record one with gortex remember")
		return exitOK
	}
	tw := tabwriter.NewWriter(e.stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tSCOPE\tKIND\tIMP\tCONF\tTITLE")
	for _, m := range mems {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%s\t%s%s\n", m.ID, m.Scope, m.Kind, m.Importance,
			strconv.FormatFloat(m.Confidence, 'f', -1, 64), m.Title, marks(m))
	}
	tw.Flush()
	return exitOK
}

// marks are the notes a listing adds after a memory's title.
func marks(m *memory.Memory) string {
	var b strings.Builder
	if m.Pinned {
		b.WriteString("  [pinned]")
	}
	if !m.Live() {
		fmt.Fprintf(&b, "  [superseded by %s]", m.SupersededBy)
	}
	return b.String()
}

func runMemoryShow(ctx context.Context, e env, args []string) int {
	var o readOpts
	fs := newReadFlags("memory show", &o)
	args, code, done := parseFlags(fs, e, args)
	if done {
		return code
	}
	if len(args) != 1 {
		fmt.Fprintln(e.stderr, "gortex memory show: give exactly one ID")
		return exitUsage
	}
	_, stores, err := o.stores()
	if err != nil {
		fmt.Fprintln(e.stderr, "gortex memory show:", err)
		return exitUsage
	}
	_, m, err := findMemory(ctx, stores, args[0])
	if err != nil {
		return memoryExit(e, "memory show", err)
	}
	if o.asJSON {
		err = writeJSON(e.stdout, m)
	} else {
		var data []byte
		if data, err = memory.Format(m); err == nil {
			_, err = e.stdout.Write(data)
		}
	}
	if err != nil {
		fmt.Fprintln(e.stderr, "gortex memory show:", err)
		return exitError
	}
	return exitOK
}

func runMemoryForget(ctx context.Context, e env, args []string) int {
	var o readOpts
	fs := newReadFlags("memory forget", &o)
	args, code, done := parseFlags(fs, e, args)
	if done {
		return code
	}
	if len(args) != 1 {
		fmt.Fprintln(e.stderr, "gortex memory forget: give exactly one ID")
		return exitUsage
	}
	_, stores, err := o.stores()
	if err != nil {
		fmt.Fprintln(e.stderr, "gortex memory forget:", err)
		return exitUsage
	}
	st, _, err := findMemory(ctx, stores, args[0])
	if err == nil {
		var m *memory.Memory
		if m, err = st.Forget(ctx, args[0]); err == nil {
			return printResult(e, o.asJSON, memory.Result{ID: m.ID, Status: "forgotten", Path: m.Path})
		}
	}
	return memoryExit(e, "memory forget", err)
}

// checkReport is the JSON of `memory check`.
type checkReport struct {
	Retargeted []memory.Retarget    `json:"retargeted"`
	Stale      []memory.StaleAnchor `json:"stale"`
	Problems   []checkProblem       `json:"problems"`
}

type checkProblem struct {
	Path  string `json:"path"`
	Error string `json:"error"`
}

func runMemoryCheck(ctx context.Context, e env, args []string) int {
	var o readOpts
	fs := newReadFlags("memory check", &o)
	args, code, done := parseFlags(fs, e, args)
	if done {
		return code
	}
	if len(args) > 0 {
		fmt.Fprintln(e.stderr, "gortex memory check: no arguments expected")
		return exitUsage
	}
	return memoryCheckRun(ctx, e, o)
}

func memoryCheckRun(ctx context.Context, e env, o readOpts) int {
	root, stores, err := o.stores()
	if err != nil {
		fmt.Fprintln(e.stderr, "gortex memory check:", err)
		return exitUsage
	}
	s, err := freshStore(ctx, e, root)
	if err != nil {
		fmt.Fprintln(e.stderr, "gortex memory check:", err)
		return exitError
	}
	rep := checkReport{Retargeted: []memory.Retarget{}, Stale: []memory.StaleAnchor{}, Problems: []checkProblem{}}
	for _, st := range stores {
		r, err := st.Check(ctx, root, s)
		if err != nil {
			fmt.Fprintln(e.stderr, "gortex memory check:", err)
			return exitError
		}
		rep.Retargeted = append(rep.Retargeted, r.Retargeted...)
		rep.Stale = append(rep.Stale, r.Stale...)
		for _, p := range r.Problems {
			rep.Problems = append(rep.Problems, checkProblem{Path: p.Path, Error: p.Err.Error()})
		}
	}
	if o.asJSON {
		writeJSON(e.stdout, rep)
	} else {
		writeCheck(e, rep)
	}
	if len(rep.Stale) > 0 || len(rep.Problems) > 0 {
		return exitStale
	}
	return exitOK
}

func writeCheck(e env, rep checkReport) {
	for _, r := range rep.Retargeted {
		fmt.Fprintf(e.stdout, "retargeted  %s\n", r)
	}
	for _, s := range rep.Stale {
		fmt.Fprintf(e.stdout, "stale       %s\n", s)
	}
	for _, p := range rep.Problems {
		fmt.Fprintf(e.stdout, "unreadable  %s: %s\n", p.Path, p.Error)
	}
	if len(rep.Stale)+len(rep.Problems) == 0 {
		fmt.Fprintf(e.stdout, "ok: every anchor holds (%d retargeted)\n", len(rep.Retargeted))
	}
}
