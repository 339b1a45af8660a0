package history

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
)

// ignoreRevsFile is the file of revisions blame looks through, at the
// root, as GitHub's blame view honours it.
const ignoreRevsFile = ".git-blame-ignore-revs"

// ignoreRevsCap bounds the ignore-revs file read: 4 MiB is some 100,000
// revisions, where real ones list tens.
const ignoreRevsCap = 4 << 20

// blameArgs are the arguments of a blame of start..end of path (the whole
// file for start 0).
func (g *Git) blameArgs(path string, start, end int) []string {
	args := []string{"blame", "--porcelain", "-w"}
	if start > 0 {
		r := strconv.Itoa(start) + ","
		if end >= start {
			r += strconv.Itoa(end)
		}
		args = append(args, "-L", r)
	}
	if fi, err := os.Lstat(filepath.Join(g.Root, ignoreRevsFile)); err == nil && fi.Mode().IsRegular() && fi.Size() <= ignoreRevsCap { // a link, a FIFO or a huge file is not passed to git
		args = append(args, "--ignore-revs-file", ignoreRevsFile)
	}
	return append(args, "--", path)
}

// blameOutput runs the blame of start..end of path and returns its
// porcelain output; a path git does not know is ErrUntracked.
func (g *Git) blameOutput(ctx context.Context, path string, start, end int) ([]byte, error) {
	if err := g.checkRepo(ctx); err != nil {
		return nil, err
	}
	ctx, cancel := g.withTimeout(ctx)
	defer cancel()
	out, err := g.run(ctx, g.blameArgs(path, start, end)...)
	if err != nil && strings.Contains(err.Error(), "no such path") {
		return nil, fmt.Errorf("%s: %w", path, ErrUntracked)
	}
	return out, err
}

// blameRuns blames start..end of path (the whole file for 0, 0) and
// returns the owner of every line, in runs, and the last line number seen.
func (g *Git) blameRuns(ctx context.Context, path string, start, end int) ([]ownerRun, int, error) {
	out, err := g.blameOutput(ctx, path, start, end)
	if err != nil {
		return nil, 0, err
	}
	runs, last := parseBlameRuns(out)
	return runs, last, nil
}

// parseBlameRuns reads git blame --porcelain output line by line: every
// line of content (starting with a tab) is the line its header numbers
// (the header's third field) and belongs to the commit the header names.
func parseBlameRuns(out []byte) (runs []ownerRun, last int) {
	cur, line := "", 0
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 64*1024), 16*1024*1024)
	for sc.Scan() {
		text := sc.Text()
		switch {
		case strings.HasPrefix(text, "\t"):
			if cur == "" || line <= 0 {
				continue
			}
			if n := len(runs); n > 0 && runs[n-1].Hash == cur && runs[n-1].Start+runs[n-1].Count == line {
				runs[n-1].Count++
			} else {
				runs = append(runs, ownerRun{Start: line, Count: 1, Hash: cur})
			}
			last = max(last, line)
		case isHashHeader(text):
			cur, line = text[:40], 0
			if f := strings.Fields(text); len(f) >= 3 {
				line, _ = strconv.Atoi(f[2])
			}
		}
	}
	sort.SliceStable(runs, func(i, j int) bool { return runs[i].Start < runs[j].Start })
	return runs, last
}

// keepOwners sets each commit's share of the blamed lines and its path,
// leaves out the skipped ones (Commit.Skip) and orders the rest: most
// lines first, then newest.
func keepOwners(cs []Commit, owned map[string]int, path string) []Commit {
	var keep []Commit
	for _, c := range cs {
		c.Lines, c.Path = owned[c.Hash], path
		if skip, _ := c.Skip(); !skip {
			keep = append(keep, c)
		}
	}
	if len(keep) < 2 {
		return keep
	}
	// Their places are sorted, not the commits: moving a Commit is moving
	// some 200 bytes, and a busy file has hundreds.
	order := make([]int, len(keep))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(i, j int) int {
		a, b := &keep[i], &keep[j]
		if a.Lines != b.Lines {
			return cmp.Compare(b.Lines, a.Lines) // more lines first
		}
		return b.Date.Compare(a.Date) // then newer first
	})
	sorted := make([]Commit, len(keep))
	for k, i := range order {
		sorted[k] = keep[i]
	}
	return sorted
}

// headMove is how HEAD moved from one commit to another: forward when the
// old one is an ancestor of the new one, and then the paths (relative to
// Root) that the commits between them touched.
type headMove struct {
	once    sync.Once
	forward bool
	touched map[string]bool
}

// move returns how HEAD moved from..to, asking git once per pair in this
// process. Whatever git cannot tell (a commit gone, a timeout) counts as a
// rewrite, which only costs blaming again.
func (c *BlameCache) move(ctx context.Context, g *Git, from, to string) *headMove {
	key := [2]string{from, to}
	c.mu.Lock()
	m, ok := c.moves[key]
	if !ok {
		m = &headMove{}
		c.moves[key] = m
	}
	c.mu.Unlock()
	m.once.Do(func() { m.forward, m.touched = g.headMove(ctx, from, to) })
	return m
}

func (g *Git) headMove(ctx context.Context, from, to string) (bool, map[string]bool) {
	if !isHash(from) || !isHash(to) {
		return false, nil
	}
	ctx, cancel := g.withTimeout(ctx)
	defer cancel()
	if _, err := g.run(ctx, "merge-base", "--is-ancestor", from, to); err != nil {
		return false, nil // not an ancestor (exit 1), or not known
	}
	out, err := g.run(ctx, "log", "--format=", "--name-only", "--no-renames", "--relative", "-z", from+".."+to)
	if err != nil {
		return false, nil
	}
	touched := map[string]bool{}
	for _, p := range bytes.Split(out, []byte{0}) {
		if p = bytes.Trim(p, "\n"); len(p) > 0 {
			touched[string(p)] = true
		}
	}
	return true, touched
}

// log answers Git.Log from the cache, filling it on a miss; used as in
// blame.
func (c *BlameCache) log(ctx context.Context, g *Git, path string, n int) (cs []Commit, err error, used bool) {
	st, err := c.state(ctx, g, path)
	if err != nil {
		err, used := answerable(err)
		return nil, err, used
	}
	if cs, err, ok := c.logAnswer(c.entry(ctx, g, path, st), path, n); ok {
		return cs, err, true
	}
	l := c.fillLock(path)
	l.Lock()
	defer l.Unlock()
	prev := c.entry(ctx, g, path, st)
	if cs, err, ok := c.logAnswer(prev, path, n); ok {
		return cs, err, true
	}
	hashes, err := g.logHashes(ctx, path, n)
	if err != nil {
		return nil, err, true
	}
	e := &blameEntry{Version: cacheVersion, Path: path, Content: st.content, Ignore: st.ignore, Head: st.head, Commits: map[string]Commit{}}
	if prev != nil {
		c.mu.Lock()
		e = prev.clone()
		c.mu.Unlock()
	}
	var missing []string
	c.mu.Lock()
	for _, h := range hashes {
		if _, ok := e.Commits[h]; !ok {
			missing = append(missing, h)
		}
	}
	c.mu.Unlock()
	if err := c.addCommits(ctx, g, e, missing); err != nil {
		return nil, err, true
	}
	c.mu.Lock()
	e.Log = &cachedLog{N: n, Hashes: hashes}
	c.mu.Unlock()
	if now, err := c.state(ctx, g, path); err == nil && now == st {
		c.mu.Lock()
		c.entries[path] = e
		c.mu.Unlock()
		c.save(e)
	}
	cs, err, _ = c.logAnswer(e, path, n)
	return cs, err, true
}

// logAnswer returns the n latest commits of path from e; ok is false when
// e has not read that many.
func (c *BlameCache) logAnswer(e *blameEntry, path string, n int) ([]Commit, error, bool) {
	if e == nil {
		return nil, nil, false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if e.Untracked {
		return nil, untracked(path), true
	}
	if e.Log == nil || e.Log.N < n {
		return nil, nil, false
	}
	hs := e.Log.Hashes[:min(n, len(e.Log.Hashes))]
	if len(hs) == 0 {
		return nil, nil, true
	}
	cs := make([]Commit, 0, len(hs))
	for _, h := range hs {
		if d, ok := e.Commits[h]; ok {
			cs = append(cs, d)
		}
	}
	return keepCommits(cs, path), nil, true
}

// recentCommits answers Git.Recent from the cache, filling it on a miss;
// used as in blame.
func (c *BlameCache) recentCommits(ctx context.Context, g *Git, n int) (cs []Commit, err error, used bool) {
	head, err := c.head(ctx, g)
	if err != nil {
		err, used := answerable(err)
		return nil, err, used
	}
	c.mu.Lock()
	r := c.recent
	c.mu.Unlock()
	if r == nil || r.Head != head {
		r = readRecent(c.dir)
	}
	if r == nil || r.Head != head || r.N < n {
		raw, err := g.recentRaw(ctx, n)
		if err != nil {
			return nil, err, true
		}
		r = &cachedRecent{Version: cacheVersion, Head: head, N: n, Commits: raw}
		if now, err := c.head(ctx, g); err == nil && now == head {
			_ = writeRecent(c.dir, r)
		}
	}
	c.mu.Lock()
	c.recent = r
	c.mu.Unlock()
	return keepCommits(append([]Commit(nil), r.Commits[:min(n, len(r.Commits))]...), ""), nil, true
}
