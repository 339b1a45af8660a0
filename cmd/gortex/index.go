package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/pprof"
	"sort"
	"strings"
	"time"

	"github.com/gortex/gortex/cmd/internal/cli"
	"github.com/gortex/gortex/indexer"
	"github.com/gortex/gortex/workspace"
)

type indexOpts struct {
	dir        string
	quiet      bool
	full       bool
	warmBlame  bool
	cpuProfile string
	memProfile string
}

func runIndex(ctx context.Context, e env, args []string) int {
	var o indexOpts
	fs := flag.NewFlagSet("index", flag.ContinueOnError)
	fs.BoolVar(&o.quiet, "quiet", false, "print nothing but errors")
	fs.BoolVar(&o.full, "full", false, "rebuild from scratch instead of re-parsing only changed files")
	fs.StringVar(&o.cpuProfile, "cpuprofile", "", "write a CPU profile (pprof) of the run to this file")
	fs.StringVar(&o.memProfile, "memprofile", "", "write a heap profile (pprof: allocations of the whole run, and what is live once the index is written) to this file")
	fs.BoolVar(&o.warmBlame, "warm-blame", false, "also git blame every source file into .gortex/cache/blame/, so that why answers its commit entries without running git")
	setUsage(fs, "index")
	pos, code, done := parseFlags(fs, e, args)
	if done {
		return code
	}
	if len(pos) > 1 {
		fmt.Fprintln(e.stderr, "gortex index: at most one DIR")
		return exitUsage
	}
	if len(pos) == 1 {
		o.dir = pos[0]
	}
	return indexRun(ctx, e, o)
}

func indexRun(ctx context.Context, e env, o indexOpts) int {
	root, err := cli.Root(o.dir)
	if err != nil {
		fmt.Fprintln(e.stderr, "gortex index:", err)
		return exitError
	}
	if o.cpuProfile != "" {
		stop, err := startCPUProfile(o.cpuProfile)
		if err != nil {
			fmt.Fprintln(e.stderr, "gortex index:", err)
			return exitError
		}
		defer stop()
	}
	wo := workspaceOptions(e, "")
	bar := newProgress(e, !o.quiet)
	if bar != nil {
		bar.update("walk", 0, -1) // the indexer reports the parse alone: the steps around it spin
		wo.Progress = bar.indexing()
	}
	w, st, moved, err := workspace.Reindex(ctx, root, o.full, wo)
	bar.done()
	if o.memProfile != "" {
		if err := writeHeapProfile(o.memProfile); err != nil {
			fmt.Fprintln(e.stderr, "gortex index:", err)
			return exitError
		}
	}
	if err != nil {
		fmt.Fprintln(e.stderr, "gortex index:", err)
		return exitError
	}
	for _, r := range moved {
		fmt.Fprintf(e.stderr, "gortex: %s\n", r)
	}
	warnProblems(e, w.Loaded.Problems)
	if st.Rebuilt != "" {
		fmt.Fprintf(e.stderr, "gortex: warning: rebuilt the index: %s\n", st.Rebuilt)
	}
	if !o.quiet {
		writeSummary(e.stdout, root, st)
	}
	if o.warmBlame {
		return warmBlame(ctx, e, w, o.quiet)
	}
	return exitOK
}

// warmBlame fills the blame cache of w's every source file.
func warmBlame(ctx context.Context, e env, w *workspace.Workspace, quiet bool) int {
	start := time.Now()
	bar := newProgress(e, !quiet)
	update := func(done, total int) { bar.update("blame", done, total) }
	if bar == nil {
		update = nil
	}
	warmed, failed, err := w.WarmHistory(ctx, 0, update)
	bar.done()
	if err != nil {
		fmt.Fprintln(e.stderr, "gortex index:", err)
		return exitError
	}
	if !quiet {
		fmt.Fprintf(e.stdout, "  blamed    %d files in %.2fs (%d failed)\n", warmed, time.Since(start).Seconds(), failed)
	}
	return exitOK
}

func startCPUProfile(path string) (stop func(), err error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, err
	}
	return func() { pprof.StopCPUProfile(); f.Close() }, nil
}

// writeHeapProfile writes a heap profile to path, after a collection so
// that its in-use figures are what the index run keeps.
func writeHeapProfile(path string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	runtime.GC()
	if err := pprof.WriteHeapProfile(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// writeSummary prints what an index run did.
func writeSummary(w io.Writer, root string, st indexer.Stats) {
	mode := "indexed"
	switch {
	case st.UpToDate:
		mode = "up to date"
	case st.Incremental:
		mode = fmt.Sprintf("updated (%d changed, %d removed)", st.Changed, st.Removed)
	}
	fmt.Fprintf(w, "%s: %s in %.2fs\n", root, mode, st.Duration.Seconds())
	fmt.Fprintf(w, "  files     %s\n", countList(st.FilesByLang, "other"))
	fmt.Fprintf(w, "  symbols   %d\n", st.Symbols)
	fmt.Fprintf(w, "  sections  %d\n", st.Sections)
	links := make(map[string]int, len(st.LinksBySignal))
	for s, n := range st.LinksBySignal {
		links[string(s)] = n
	}
	fmt.Fprintf(w, "  links     %d %s\n", st.Links, paren(countList(links, "")))
	fmt.Fprintf(w, "  skipped   %s\n", countList(st.Skipped, ""))
	if len(st.Broken) > 0 {
		fmt.Fprintf(w, "  unreadable or unparsable: %d\n", len(st.Broken))
		for i, b := range st.Broken {
			if i == 10 {
				fmt.Fprintf(w, "    … and %d more\n", len(st.Broken)-10)
				break
			}
			fmt.Fprintf(w, "    %s: %s\n", b.Path, b.Reason)
		}
	}
}

// countList renders "go 12, markdown 3" with the biggest first; an empty
// key is shown as blank.
func countList(m map[string]int, blank string) string {
	type kv struct {
		k string
		v int
	}
	var kvs []kv
	total := 0
	for k, v := range m {
		if k == "" {
			k = blank
		}
		kvs = append(kvs, kv{k, v})
		total += v
	}
	if len(kvs) == 0 {
		return "0"
	}
	sort.Slice(kvs, func(i, j int) bool {
		if kvs[i].v != kvs[j].v {
			return kvs[i].v > kvs[j].v
		}
		return kvs[i].k < kvs[j].k
	})
	parts := make([]string, len(kvs))
	for i, p := range kvs {
		parts[i] = fmt.Sprintf("%s %d", p.k, p.v)
	}
	return fmt.Sprintf("%d (%s)", total, strings.Join(parts, ", "))
}

func paren(s string) string {
	if i := strings.IndexByte(s, '('); i >= 0 {
		return s[i:]
	}
	return ""
}
