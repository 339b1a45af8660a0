package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"
)

// copies builds a tree of o.copies copies of the benchmark tree side by
// side (copy1/, copy2/, ...), indexes it in full and asks gortex why about
// the same symbols in its first copy, by stable ID: a query must cost what
// its answer costs, not what the tree weighs.
func (b *bench) copies(ctx context.Context) error {
	if b.o.copies < 2 {
		return nil
	}
	b.r.copies = b.o.copies
	tmp, err := os.MkdirTemp("", "gortex-bench-copies-")
	if err != nil {
		return err
	}
	defer func() {
		if b.o.keep {
			progressf(b.log, "kept %s", tmp)
			return
		}
		os.RemoveAll(tmp)
	}()
	progressf(b.log, "copying the tree %d times into %s", b.o.copies, tmp)
	for i := 1; i <= b.o.copies; i++ {
		if err := copyTree(b.root, filepath.Join(tmp, "copy"+strconv.Itoa(i))); err != nil {
			return err
		}
	}
	for round := 1; round <= b.o.copyRounds; round++ {
		progressf(b.log, "%d copies, round %d of %d: gortex index --full", b.o.copies, round, b.o.copyRounds)
		c, err := mustSucceed(ctx, b.bin, "index", "--full", tmp)
		if err != nil {
			return err
		}
		b.r.copiesFull = append(b.r.copiesFull, c.measured)
	}
	var ids []string
	for _, id := range b.cliIDs {
		ids = append(ids, "copy1/"+id)
	}
	// The tree and the copies take turns, so that the ratio compares runs
	// made under the same load (the machine is shared).
	progressf(b.log, "%d gortex why runs on the %d copies, each after one on the tree", b.o.whys, b.o.copies)
	for i := range b.o.whys {
		for _, run := range []struct {
			root string
			q    string
			into *[]measured
		}{{b.root, b.cliQueries[i%len(b.cliQueries)], &b.r.pairedWhys}, {tmp, ids[i%len(ids)], &b.r.copiesWhys}} {
			m, err := b.whyRun(ctx, run.root, run.q)
			if err != nil {
				return err
			}
			*run.into = append(*run.into, m)
		}
	}
	return nil
}

// whyRuns runs gortex why --json on root o.whys times over qs, and fails
// when an answer needed an index update first.
func (b *bench) whyRuns(ctx context.Context, root string, qs []string) ([]measured, error) {
	var out []measured
	for i := range b.o.whys {
		m, err := b.whyRun(ctx, root, qs[i%len(qs)])
		if err != nil {
			return out, err
		}
		out = append(out, m)
	}
	return out, nil
}

// whyRun runs gortex why --json on root once, and fails when the answer
// needed an index update first.
func (b *bench) whyRun(ctx context.Context, root, q string) (measured, error) {
	c, err := mustSucceed(ctx, b.bin, "why", "--dir", root, "--json", "--no-llm", q)
	if err != nil {
		return measured{}, err
	}
	if strings.Contains(c.stderr, "updating") || strings.Contains(c.stderr, "indexing") || strings.Contains(c.stderr, "rebuilding") {
		return measured{}, fmt.Errorf("gortex why %s found the index stale, so its time includes an update: %s", q, lastLine(c.stderr))
	}
	return c.measured, nil
}

// history measures the commit side of why on a repository with a long
// history (o.history, BENCH_HISTORY_DIR), in a local clone: git blame of
// each symbol's lines alone, gortex why with an empty blame cache (it
// blames once), gortex why again (answered from the cache), the MCP
// server's why, and gortex index --warm-blame.
func (b *bench) history(ctx context.Context) error {
	if b.o.history == "" {
		return nil
	}
	tmp, err := os.MkdirTemp("", "gortex-bench-history-")
	if err != nil {
		return err
	}
	defer func() {
		if b.o.keep {
			progressf(b.log, "kept %s", tmp)
			return
		}
		os.RemoveAll(tmp)
	}()
	root := filepath.Join(tmp, filepath.Base(b.o.history))
	progressf(b.log, "cloning %s into %s", b.o.history, root)
	if out, err := exec.CommandContext(ctx, "git", "clone", "-q", "--local", b.o.history, root).CombinedOutput(); err != nil {
		return fmt.Errorf("git clone %s: %v: %s", b.o.history, err, out)
	}
	h := &b.r.hist
	h.dir = b.o.history
	if out, err := exec.CommandContext(ctx, "git", "-C", root, "rev-list", "--count", "HEAD").Output(); err == nil {
		h.commits = strings.TrimSpace(string(out))
	}
	progressf(b.log, "history repository: gortex index")
	if _, err := mustSucceed(ctx, b.bin, "index", root); err != nil {
		return err
	}
	picked, err := b.pick(ctx, root, 200)
	if err != nil {
		return err
	}
	syms := historySymbols(picked, busiestFiles(ctx, root))
	if len(syms) == 0 {
		return fmt.Errorf("%s: no symbol with lines to blame", root)
	}
	for _, s := range syms {
		h.symbols = append(h.symbols, s.Query)
	}
	progressf(b.log, "history repository: git blame alone, gortex why cold and warm")
	for i := range b.o.whys {
		s := syms[i%len(syms)]
		args := []string{"-C", root, "blame", "--porcelain", "-w", "-L", fmt.Sprintf("%d,%d", s.Line, max(s.EndLine, s.Line)), "--", s.Path}
		c, err := mustSucceed(ctx, "git", args...)
		if err != nil {
			return err
		}
		h.blames = append(h.blames, c.measured)
	}
	for _, s := range syms {
		ms, err := b.whyRuns(ctx, root, []string{s.Query})
		if err != nil {
			return err
		}
		h.cold = append(h.cold, ms[0])
		h.warm = append(h.warm, ms[1:]...)
	}
	progressf(b.log, "history repository: MCP why")
	m, err := b.mcpWhy(ctx, root, h.symbols)
	if err != nil {
		return err
	}
	h.mcp = m
	progressf(b.log, "history repository: gortex index --warm-blame")
	os.RemoveAll(filepath.Join(root, ".gortex", "cache", "blame"))
	start := time.Now()
	c, err := mustSucceed(ctx, b.bin, "index", "--warm-blame", root)
	if err != nil {
		h.warmNote = err.Error() // a gortex without the flag: the rest stands
		return nil
	}
	h.warmIndex, h.warmWall = c.measured, time.Since(start)
	return nil
}

// historySymbols picks up to cliSymbols of the queries whose symbols span
// a few lines at least, in the files with the most commits (one symbol a
// file), so that each answer blames a long history.
func historySymbols(ps []pickedQuery, commits map[string]int) []pickedQuery {
	var cands []pickedQuery
	for _, p := range ps {
		if p.Path != "" && p.Line > 0 && p.EndLine-p.Line >= 3 {
			cands = append(cands, p)
		}
	}
	sort.SliceStable(cands, func(i, j int) bool { return commits[cands[i].Path] > commits[cands[j].Path] })
	var out []pickedQuery
	files := map[string]bool{}
	for _, p := range cands {
		if !files[p.Path] && len(out) < cliSymbols {
			files[p.Path] = true
			out = append(out, p)
		}
	}
	return out
}

// busiestFiles counts the commits that changed each file of root's
// history; nil when git cannot tell.
func busiestFiles(ctx context.Context, root string) map[string]int {
	out, err := exec.CommandContext(ctx, "git", "-C", root, "log", "--format=", "--name-only", "-z").Output()
	if err != nil {
		return nil
	}
	counts := map[string]int{}
	for _, p := range strings.Split(string(out), "\x00") {
		if p = strings.Trim(p, "\n"); p != "" {
			counts[p]++
		}
	}
	return counts
}
