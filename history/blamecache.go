package history

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/gortex/gortex/repofs"
)

// BlameCache keeps what git blame and git log found, per file, in a
// directory (gortex keeps it in .gortex/cache/blame/), so that a why
// answers its commit entries without starting git once the file's lines
// were blamed. An entry holds while the file's content (its git object
// name, computed here), the .git-blame-ignore-revs file and HEAD are as
// they were when it was filled; when HEAD moved on by commits that did not
// touch the file (one git log per move, remembered), it still holds, and a
// rewritten history (HEAD no longer a descendant) drops it. HEAD is read
// from the repository's files, so a query answered from the cache starts
// no process at all.
//
// A BlameCache may be used by several goroutines; fills of one file are
// serialised, so concurrent queries blame it once. Several processes may
// share the directory: entries are replaced atomically.
type BlameCache struct {
	dir *repofs.Owned
	// warm, when set, follows a query that missed with a blame of the
	// whole file on a goroutine, so that every later query about the file
	// is answered from the cache (a long-running server).
	warm bool

	mu      sync.Mutex
	entries map[string]*blameEntry // read or written by this process, by path
	stamps  map[string]stamp       // content IDs, by absolute path
	moves   map[[2]string]*headMove
	fills   map[string]*sync.Mutex // one fill of a path at a time
	warming map[string]bool
	warmers chan struct{} // one background fill at a time
	recent  *cachedRecent
	dirs    *gitDirs // found once; nil until then or when not found
	bg      sync.WaitGroup
}

// WarmTimeout bounds a blame of a whole file made to fill the cache: off
// the query path, it may take longer than a query's DefaultGitTimeout.
const WarmTimeout = 2 * time.Minute

// NewBlameCache returns a cache kept in dir, created when first written;
// entries written elsewhere (committed with the repository, copied) are
// not used.
// With warm, a query that misses is followed by a blame of the whole file
// in the background (Wait waits for those).
func NewBlameCache(dir *repofs.Owned, warm bool) *BlameCache {
	return &BlameCache{dir: dir, warm: warm, entries: map[string]*blameEntry{}, stamps: map[string]stamp{},
		moves: map[[2]string]*headMove{}, fills: map[string]*sync.Mutex{}, warming: map[string]bool{},
		warmers: make(chan struct{}, 1)}
}

// Wait waits for the background fills started so far.
func (c *BlameCache) Wait() { c.bg.Wait() }

// stamp is a content ID with the size and time of the file it was
// computed from: while they hold, the file is not read again.
type stamp struct {
	size  int64
	mtime time.Time
	id    string
}

// fileState is what an entry must match to hold.
type fileState struct {
	content, ignore, head string
}

// errNoCache says the cache cannot answer: the caller asks git.
var errNoCache = errors.New("no cache")

// state reads path's content ID, the ignore-revs file's and HEAD. It
// returns ErrNotGit outside a repository and errNoCache when the cache
// cannot be used: before the first commit, or for a file that cannot be
// read.
func (c *BlameCache) state(ctx context.Context, g *Git, path string) (fileState, error) {
	head, err := c.head(ctx, g)
	if err != nil {
		return fileState{}, err
	}
	content, err := c.contentOf(g.Root, filepath.FromSlash(path), blamedCap)
	if err != nil || content == "" {
		return fileState{}, errNoCache
	}
	// An ignore-revs file that cannot be read here (a link, a device, over
	// the cap) is not passed to git either (blameArgs): as if absent.
	ignore, _ := c.contentOf(g.Root, ignoreRevsFile, ignoreRevsCap)
	return fileState{content: content, ignore: ignore, head: head}, nil
}

// head reads HEAD from the repository's files, else from git. Where no
// .git is found above Root (and GIT_DIR does not name one), git would find
// none either: that is ErrNotGit without a process. Before the first
// commit it is ErrNoCommits (git blame would fail on the missing HEAD).
func (c *BlameCache) head(ctx context.Context, g *Git) (string, error) {
	c.mu.Lock()
	d := c.dirs
	if d == nil {
		if found, ok := findGitDirs(g.Root); ok {
			d, c.dirs = &found, &found
		}
	}
	c.mu.Unlock()
	switch {
	case d != nil:
		if h, ok := d.readHead(); ok && h != "" {
			return h, nil
		} else if ok {
			return "", ErrNoCommits
		}
	case os.Getenv("GIT_DIR") == "":
		return "", ErrNotGit
	}
	if !g.IsRepo(ctx) {
		return "", ErrNotGit
	}
	if h := g.Head(ctx); h != "" {
		return h, nil
	}
	return "", errNoCache
}

// answerable turns a state error into the reply of a cached read: used is
// false when git must be asked.
func answerable(err error) (reply error, used bool) {
	for _, quiet := range []error{ErrNotGit, ErrNoCommits} {
		if errors.Is(err, quiet) {
			return quiet, true
		}
	}
	return nil, false
}

// blamedCap bounds the read of a file whose lines are blamed, to name its
// content: the index reads none over 2 MiB by default.
const blamedCap = 64 << 20

// contentOf returns the content ID of the file rel below root ("" with a
// not-exist error when there is none), reading it only when its size or
// time changed since the last call: through root (repofs: a link leading
// outside, a device or a file over limit bytes is an error).
func (c *BlameCache) contentOf(root, rel string, limit int64) (string, error) {
	abs := filepath.Join(root, rel)
	fi, err := os.Stat(abs)
	if err != nil {
		return "", err
	}
	if !fi.Mode().IsRegular() {
		return "", os.ErrInvalid
	}
	c.mu.Lock()
	st, ok := c.stamps[abs]
	c.mu.Unlock()
	if ok && st.size == fi.Size() && st.mtime.Equal(fi.ModTime()) {
		return st.id, nil
	}
	b, err := repofs.ReadIn(root, rel, limit)
	if err != nil {
		return "", err
	}
	id := contentID(b)
	c.mu.Lock()
	c.stamps[abs] = stamp{size: fi.Size(), mtime: fi.ModTime(), id: id}
	c.mu.Unlock()
	return id, nil
}

// entry returns path's entry when it holds for st, moving it on to st's
// HEAD when HEAD moved without touching the file; nil otherwise.
func (c *BlameCache) entry(ctx context.Context, g *Git, path string, st fileState) *blameEntry {
	c.mu.Lock()
	e, ok := c.entries[path]
	c.mu.Unlock()
	if !ok {
		if e = readEntry(c.dir, path); e == nil {
			return nil
		}
		c.mu.Lock()
		c.entries[path] = e
		c.mu.Unlock()
	}
	c.mu.Lock()
	if e.Content != st.content || e.Ignore != st.ignore {
		c.mu.Unlock()
		return nil
	}
	from := e.Head
	c.mu.Unlock()
	if from == st.head {
		return e
	}
	if m := c.move(ctx, g, from, st.head); !m.forward || m.touched[path] {
		return nil
	}
	c.mu.Lock()
	moved := e.Head == from
	if moved {
		e.Head = st.head
	}
	c.mu.Unlock()
	if moved {
		c.save(e)
	}
	return e
}

// save writes e. A cache that cannot be written only stays cold.
func (c *BlameCache) save(e *blameEntry) {
	c.mu.Lock()
	b := e.clone()
	c.mu.Unlock()
	_ = writeEntry(c.dir, b)
}

// fillLock returns the lock serialising fills of path.
func (c *BlameCache) fillLock(path string) *sync.Mutex {
	c.mu.Lock()
	defer c.mu.Unlock()
	m, ok := c.fills[path]
	if !ok {
		m = &sync.Mutex{}
		c.fills[path] = m
	}
	return m
}

// blame answers Git.Blame from the cache, filling it on a miss. used is
// false when the cache cannot answer (see state): the caller blames.
func (c *BlameCache) blame(ctx context.Context, g *Git, path string, start, end int) (cs []Commit, err error, used bool) {
	st, err := c.state(ctx, g, path)
	if err != nil {
		err, used := answerable(err)
		return nil, err, used
	}
	if e := c.entry(ctx, g, path, st); e != nil {
		if cs, err, ok := c.answer(e, path, start, end); ok {
			return cs, err, true
		}
	}
	l := c.fillLock(path)
	l.Lock()
	defer l.Unlock()
	e := c.entry(ctx, g, path, st) // filled while this call waited?
	if e != nil {
		if cs, err, ok := c.answer(e, path, start, end); ok {
			return cs, err, true
		}
	}
	e, err = c.fill(ctx, g, path, start, end, st, e)
	if err != nil {
		return nil, err, true
	}
	if c.warm && !e.Full && !e.Untracked {
		c.warmLater(g, path)
	}
	cs, err, _ = c.answer(e, path, start, end)
	return cs, err, true
}

// answer returns the commits of start..end from e; ok is false when e
// does not cover those lines.
func (c *BlameCache) answer(e *blameEntry, path string, start, end int) ([]Commit, error, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e.Untracked {
		return nil, untracked(path), true
	}
	if !e.covers(start, end) {
		return nil, nil, false
	}
	owned := e.owned(start, end)
	if len(owned) == 0 {
		return nil, nil, true
	}
	cs := make([]Commit, 0, len(owned))
	for h := range owned {
		if d, ok := e.Commits[h]; ok {
			cs = append(cs, d)
		}
	}
	return keepOwners(cs, owned, path), nil, true
}

func untracked(path string) error { return &pathError{path, ErrUntracked} }

// pathError is "path: err", as the uncached reads say it.
type pathError struct {
	path string
	err  error
}

func (e *pathError) Error() string { return e.path + ": " + e.err.Error() }
func (e *pathError) Unwrap() error { return e.err }

// fill blames start..end of path (the whole file for 0, 0), reads the
// commits not known yet, and records them in prev (or a new entry for st).
// The result is kept only when the file and HEAD did not change meanwhile.
func (c *BlameCache) fill(ctx context.Context, g *Git, path string, start, end int, st fileState, prev *blameEntry) (*blameEntry, error) {
	runs, lines, err := g.blameRuns(ctx, path, start, end)
	e := &blameEntry{Version: cacheVersion, Path: path, Content: st.content, Ignore: st.ignore, Head: st.head, Commits: map[string]Commit{}}
	if prev != nil {
		c.mu.Lock()
		e = prev.clone() // readers may hold prev: it is replaced, not changed
		c.mu.Unlock()
	}
	switch {
	case errors.Is(err, ErrUntracked):
		e = &blameEntry{Version: cacheVersion, Path: path, Content: st.content, Ignore: st.ignore, Head: st.head, Untracked: true, Commits: map[string]Commit{}}
	case err != nil:
		return nil, err
	default:
		if err := c.addDetails(ctx, g, e, runs); err != nil {
			return nil, err
		}
		c.mu.Lock()
		e.merge(runs)
		if start <= 0 && end == 0 {
			e.Full, e.Lines = true, lines
		}
		c.mu.Unlock()
	}
	if now, err := c.state(ctx, g, path); err != nil || now != st {
		return e, nil // changed while blaming: answer, but keep nothing
	}
	c.mu.Lock()
	c.entries[path] = e
	c.mu.Unlock()
	c.save(e)
	return e, nil
}

// addDetails reads the commits of runs that e does not know yet.
func (c *BlameCache) addDetails(ctx context.Context, g *Git, e *blameEntry, runs []ownerRun) error {
	var missing []string
	seen := map[string]bool{}
	c.mu.Lock()
	for _, r := range runs {
		if _, ok := e.Commits[r.Hash]; !ok && r.Hash != notCommitted && !seen[r.Hash] {
			seen[r.Hash] = true
			missing = append(missing, r.Hash)
		}
	}
	c.mu.Unlock()
	return c.addCommits(ctx, g, e, missing)
}

func (c *BlameCache) addCommits(ctx context.Context, g *Git, e *blameEntry, hashes []string) error {
	if len(hashes) == 0 {
		return nil
	}
	cs, err := g.details(ctx, hashes)
	if err != nil {
		return err
	}
	c.mu.Lock()
	for _, d := range cs {
		e.Commits[d.Hash] = d
	}
	c.mu.Unlock()
	return nil
}

// warmLater blames the whole of path on a goroutine, once at a time per
// path and one path at a time (an audit that misses a hundred files would
// otherwise start a hundred git blames at once), with WarmTimeout.
func (c *BlameCache) warmLater(g *Git, path string) {
	c.mu.Lock()
	if c.warming[path] {
		c.mu.Unlock()
		return
	}
	c.warming[path] = true
	c.mu.Unlock()
	c.bg.Go(func() {
		c.warmers <- struct{}{}
		defer func() {
			<-c.warmers
			c.mu.Lock()
			delete(c.warming, path)
			c.mu.Unlock()
		}()
		wg := &Git{Root: g.Root, Timeout: WarmTimeout, Cache: c, trace: g.trace}
		_ = wg.WarmBlame(context.Background(), path)
	})
}

// WarmBlame blames the whole of each path into the cache unless it is
// there already, so that later queries about any of its lines start no
// git process. Without a cache it does nothing. It stops at the first
// error other than an untracked file.
func (g *Git) WarmBlame(ctx context.Context, paths ...string) error {
	if g.Cache == nil {
		return nil
	}
	for _, p := range paths {
		if _, err := g.Blame(ctx, p, 0, 0); err != nil && !errors.Is(err, ErrUntracked) {
			return err
		}
	}
	return nil
}

// CachedBlame answers Blame from the cache alone: ok is false when the
// cache holds no answer for those lines, and then, for a cache that warms,
// the whole file is blamed into it in the background. No git blame runs on
// the caller's time.
func (g *Git) CachedBlame(ctx context.Context, path string, start, end int) (cs []Commit, ok bool) {
	c := g.Cache
	if c == nil {
		return nil, false
	}
	st, err := c.state(ctx, g, path)
	if err != nil {
		return nil, false
	}
	if e := c.entry(ctx, g, path, st); e != nil {
		if cs, err, ok := c.answer(e, path, start, end); ok && err == nil {
			return cs, true
		}
	}
	if c.warm {
		c.warmLater(g, path)
	}
	return nil, false
}
