package workspace

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gortex/gortex/indexer"
	"github.com/gortex/gortex/indexer/watch"
	"github.com/gortex/gortex/memory"
)

// Session owns the freshness of one repository: it opens the repository,
// checks whether files or memory files changed since, refreshes the index
// incrementally, rebuilds a damaged one, and hands out Views. Every surface
// (the CLI, the MCP server, the LSP server, the web page) asks a session for
// a view; none decides staleness itself.
//
// There are two kinds, chosen by Options.Short:
//
//   - A short session (Short: a process that answers once and ends, the
//     CLI) opens the repository on its first View and keeps that view.
//     Answer gives it the fast path of one query: answer from the index as
//     found, check afterwards, answer again only when something changed.
//   - A long session (a server) checks before every View: with a file
//     watcher (Watch) the check stats nothing while no event was seen,
//     without one it stats the index's files and directories; and the
//     memory directories' listings. It re-indexes only the changed files,
//     reads only the memories again when only they changed, and reads each
//     new snapshot through once (Counts), which is how it finds a damaged
//     one and rebuilds it. Concurrent callers share one check (a caller
//     always sees a check that began after it called), and at most one
//     view is built at a time.
//
// A Session is safe for concurrent use. Its methods take the caller's
// context; a check runs under the context given to Within when one is
// bound (a serve's), so that a caller giving up does not stop a check
// others wait for.
type Session struct {
	mu      sync.Mutex // one build of a view at a time; guards root and o
	root    string
	o       Options
	log     *slog.Logger
	view    atomic.Pointer[View]
	gen     atomic.Uint64
	last    atomic.Pointer[Refresh]
	watcher atomic.Pointer[watch.Watcher] // while Watch runs
	checks  flights
}

// NewSession returns the session of the repository at root. It reads
// nothing yet: the first View (or Answer) loads the index, building it
// when there is none. It opens the memory stores o names (o.Stores, else
// o.Scope's), and a long session's history (when o.History is nil) keeps
// its blame cache warm in memory from one view to the next.
func NewSession(root string, o Options) (*Session, error) {
	stores, err := o.stores(root)
	if err != nil {
		return nil, err
	}
	o.Stores = stores
	if !o.Short && o.History == nil {
		o.History = NewHistory(root, true)
	}
	log := o.Log
	if log == nil {
		log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	return &Session{root: root, o: o, log: log}, nil
}

// Root is the repository the session opens.
func (s *Session) Root() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.root
}

// Reroot makes the session open root with o instead, as NewSession would;
// only before the first view (an MCP server that takes its client's root
// on the first call). A watcher already started follows the new root.
func (s *Session) Reroot(root string, o Options) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.view.Load() != nil {
		return errors.New("reroot a session that has loaded a view")
	}
	stores, err := o.stores(root)
	if err != nil {
		return err
	}
	o.Stores = stores
	if !o.Short && o.History == nil {
		o.History = NewHistory(root, true)
	}
	if o.Log == nil {
		o.Log = s.o.Log
	}
	s.root, s.o = root, o
	if old := s.watcher.Load(); old != nil {
		w, err := watch.NewWatcher(root)
		if err != nil {
			s.log.Warn("no watcher: every call stats the index's files", "err", err)
		}
		s.watcher.Store(w)
		old.Close()
	}
	return nil
}

// Last returns the last view published, without a check; nil before the
// first.
func (s *Session) Last() *View { return s.view.Load() }

// View returns a view no older than the call. A short session opens the
// repository once (building or updating the index when needed) and then
// returns that view. A long session waits for a check that started after
// it was called (shared with concurrent callers), which publishes a new
// view when files or memory files changed; when that refresh fails it
// returns the last view, if there is one, and logs why.
func (s *Session) View(ctx context.Context) (*View, error) {
	if s.o.Short {
		return s.shortView(ctx)
	}
	err := s.checks.do(ctx, s.check)
	if ctxErr := ctx.Err(); ctxErr != nil {
		return nil, ctxErr
	}
	v := s.view.Load()
	switch {
	case v == nil && err == nil:
		return nil, errors.New("no index loaded")
	case v == nil:
		return nil, fmt.Errorf("load the index of %s: %w", s.Root(), err)
	case err != nil:
		s.log.Warn("refresh failed; answering from the last snapshot", "gen", v.Gen, "err", err)
	}
	return v, nil
}

// shortView opens the repository once, checking every file.
func (s *Session) shortView(ctx context.Context) (*View, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if v := s.view.Load(); v != nil {
		return v, nil
	}
	w, err := Open(ctx, s.root, s.o)
	if err != nil {
		return nil, err
	}
	return s.publish(w, ""), nil
}

// Reliance is what an answer rests on: what Answer checks after answering
// from an index it did not check whole.
type Reliance struct {
	// Files are the repo-relative paths of the files the answer cites;
	// one rewritten in place makes the answer stale.
	Files []string
	// Any says that any changed file may change the answer: an unknown
	// name may be one that a file edited in place now defines.
	Any bool
}

// Answer runs answer over a current workspace and returns the workspace it
// answered from, with answer's result; an error is a failure to open or
// refresh the repository, never answer's outcome.
//
// A long session answers once, from View. A short session answers from the
// index as found while the check of its directories and documents runs
// (indexer.CheckQuick: on three copies of GOROOT/src it was a fifth of the
// time of an answer, and most of what grew with the tree), then checks:
// when that check found a change, or a file the answer relies on changed in
// place (which it does not see), it opens again checking every file (which
// updates the index and says so through Options.Note) and answers again.
// When answering read a damaged record of the mapped snapshot (the open
// sums no checksum, to stay fast), it rebuilds the index and answers again.
func Answer[T any](ctx context.Context, s *Session, answer func(context.Context, *Workspace) (T, Reliance)) (*Workspace, T, error) {
	var zero T
	if !s.o.Short {
		v, err := s.View(ctx)
		if err != nil {
			return nil, zero, err
		}
		res, _ := answer(ctx, v.Workspace)
		return v.Workspace, res, nil
	}
	quick := s.o
	quick.Quick = true
	w, err := Open(ctx, s.root, quick)
	if err != nil {
		return nil, zero, err
	}
	res, rel := answer(ctx, w)
	if w.Index.Stale(indexer.CheckQuick) || w.Changed(rel.Files) || (rel.Any && w.Index.Stale(indexer.CheckAll)) {
		if w, err = Open(ctx, s.root, s.o); err != nil {
			return nil, zero, err
		}
		res, _ = answer(ctx, w)
	}
	if serr := w.Store().Err(); serr != nil {
		s.note(fmt.Sprintf("warning: the index is damaged (%v); rebuilding it", serr))
		if w, _, err = Rebuild(ctx, s.root, s.o); err != nil {
			return nil, zero, err
		}
		res, _ = answer(ctx, w)
	}
	s.mu.Lock()
	s.publish(w, "")
	s.mu.Unlock()
	return w, res, nil
}

// note says msg through Options.Note, when there is one.
func (s *Session) note(msg string) {
	if s.o.Note != nil {
		s.o.Note(msg)
	}
}

// publish makes w the session's view. The caller holds mu.
func (s *Session) publish(w *Workspace, memState string) *View {
	v := &View{Workspace: w, Gen: s.gen.Add(1), Built: time.Now(), memState: memState}
	if !s.o.Short {
		v.Counts = count(w)
	}
	s.view.Store(v)
	return v
}

// Reindex builds the index now (from scratch when full, else only what
// changed), records in their files the memory anchors that followed a
// renamed or moved symbol (the writes a query never makes), and publishes
// and returns the new view.
func (s *Session) Reindex(ctx context.Context, full bool) (*View, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	kind := refreshUpdate
	if full {
		kind = refreshFull
	}
	if err := s.build(ctx, kind, true); err != nil {
		return nil, err
	}
	return s.view.Load(), nil
}

// Changes reports what changed on disk since v was made, without
// refreshing anything: the files its index was built from (asked as the
// session's checks ask: the watcher's, else a stat of every file), and the
// memory files.
func (s *Session) Changes(v *View) (files, memories bool) {
	return s.stale(v.Index), memoryState(v.Stores) != v.memState
}

// LastRefresh describes how the last view was made; false before the first.
func (s *Session) LastRefresh() (Refresh, bool) {
	if r := s.last.Load(); r != nil {
		return *r, true
	}
	return Refresh{}, false
}

// ChangeDetection says how a check learns that files changed, for a status
// report.
func (s *Session) ChangeDetection() string {
	if w := s.watcher.Load(); w != nil {
		return w.Status()
	}
	return "stat before every call: the index's files and directories"
}

// Watch watches the repository for changes until ctx is done: while it
// does, a long session's check stats no file unless a change was seen
// since the last check (watch.Watcher). Without it, or when the watcher
// cannot start, every check stats the index's files.
func (s *Session) Watch(ctx context.Context) {
	w, err := watch.NewWatcher(s.Root())
	if err != nil {
		s.log.Warn("no watcher: every call stats the index's files", "err", err)
		return
	}
	s.mu.Lock()
	s.watcher.Store(w)
	if v := s.view.Load(); v != nil {
		w.Track(v.Index)
	}
	s.mu.Unlock()
	go func() {
		<-ctx.Done()
		s.mu.Lock()
		w := s.watcher.Swap(nil)
		s.mu.Unlock()
		if w != nil {
			w.Close()
		}
	}()
}

// Within makes the checks that start from now on run under ctx, a serve's:
// a caller giving up does not stop one, the end of ctx does. Wait, once ctx
// is done, waits for them, so that no index build outlives the serve.
func (s *Session) Within(ctx context.Context) { s.checks.within(ctx) }

// Wait waits for the checks running once the context given to Within is
// done, and lets later checks run under their callers' contexts again.
func (s *Session) Wait() { s.checks.wait() }

// stale asks whether ix's files changed: the watcher when one tracks it,
// else a stat of every file.
func (s *Session) stale(ix *indexer.Index) bool {
	if w := s.watcher.Load(); w != nil {
		return w.Stale(ix)
	}
	return ix.Stale(indexer.CheckAll)
}

// check publishes a new view when there is none, when files changed since
// the current one was built, or when the memory files did.
func (s *Session) check(ctx context.Context) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	cur := s.view.Load()
	switch {
	case cur == nil:
		return s.build(ctx, refreshInitial, false)
	case s.stale(cur.Index):
		return s.build(ctx, refreshUpdate, false)
	case memoryState(s.o.Stores) != cur.memState:
		return s.build(ctx, refreshMemories, false)
	}
	return nil
}

// build makes a view of the given kind and publishes it; with record
// (Reindex) it also records in their files the memory anchors that
// followed a renamed or moved symbol. The caller holds mu.
func (s *Session) build(ctx context.Context, kind refreshKind, record bool) error {
	start := time.Now()
	rec := &Refresh{At: start.UTC().Format(time.RFC3339), Kind: string(kind)}
	defer func() {
		rec.Seconds = time.Since(start).Round(time.Millisecond).Seconds()
		s.last.Store(rec)
	}()
	state := memoryState(s.o.Stores)
	w, st, err := s.open(ctx, kind, record)
	if err != nil {
		rec.Error = err.Error()
		return err
	}
	if record {
		state = memoryState(s.o.Stores) // the retargets rewrote memory files
	}
	rec.Changed, rec.Removed, rec.Rebuilt = st.Changed, st.Removed, st.Rebuilt
	for _, r := range w.Loaded.Moved {
		s.log.Info(r.Pending())
	}
	for _, p := range w.Loaded.Problems {
		s.log.Warn("skipped a memory", "problem", p.Error())
	}
	counts := count(w) // reads every node and edge of the mapped snapshot
	if serr := w.Store().Err(); serr != nil {
		// A record points outside the snapshot, which the open sums no
		// checksum to see: the index is built again.
		s.log.Warn("the index is damaged; rebuilding it", "err", serr)
		if w, st, err = Rebuild(ctx, s.root, s.o); err != nil {
			rec.Error = err.Error()
			return err
		}
		rec.Rebuilt = fmt.Sprintf("the index was damaged (%v); built again", serr)
		counts = count(w)
	}
	w.keepOpen = true // a long session's: its calls search the same indexes
	v := &View{Workspace: w, Gen: s.gen.Add(1), Built: time.Now(), Counts: counts, memState: state}
	if wt := s.watcher.Load(); wt != nil {
		wt.Track(w.Index)
	}
	s.view.Store(v)
	s.log.Info("snapshot published", "gen", v.Gen, "kind", kind, "changed", st.Changed, "removed", st.Removed,
		"memories", len(w.Memories.All()), "took", time.Since(start).Round(time.Millisecond))
	return nil
}

// open makes the workspace a build of the given kind publishes.
func (s *Session) open(ctx context.Context, kind refreshKind, record bool) (*Workspace, indexer.Stats, error) {
	o := s.o
	if o.Note == nil {
		o.Note = func(msg string) { s.log.Info(msg) }
	}
	switch {
	case record:
		w, st, moved, err := Reindex(ctx, s.root, kind == refreshFull, o)
		for _, r := range moved {
			s.log.Info(r.String())
		}
		return w, st, err
	case kind == refreshUpdate:
		return Update(ctx, s.root, o)
	case kind == refreshMemories:
		// The index is unchanged: the memories are read again and linked
		// to the same immutable store.
		if cur := s.view.Load(); cur != nil {
			w, err := cur.Reload(ctx)
			return w, indexer.Stats{UpToDate: true}, err
		}
	}
	w, err := Open(ctx, s.root, o)
	return w, indexer.Stats{}, err
}

// Stores are the memory stores the session reads, workspace first.
func (s *Session) Stores() []*memory.Store {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.o.Stores
}
