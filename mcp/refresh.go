package mcp

import (
	"context"
	"fmt"
	"hash/fnv"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/gortex/gortex/indexer"
	"github.com/gortex/gortex/workspace"
)

// buildKind says how a snapshot was made.
type buildKind string

// The ways of making a snapshot, cheapest last.
const (
	buildInitial  buildKind = "initial"  // first load: the index as found, built or updated when needed
	buildFull     buildKind = "full"     // reindex --full: rebuilt from scratch
	buildUpdate   buildKind = "update"   // files changed: re-indexed incrementally
	buildMemories buildKind = "memories" // only memory files changed: the memories read again over the same index
)

// Refresh describes the last build of a snapshot, for index_status.
type Refresh struct {
	At      string  `json:"at" toon:"at"` // RFC 3339
	Kind    string  `json:"kind" toon:"kind"`
	Seconds float64 `json:"seconds" toon:"seconds"`
	Changed int     `json:"changed" toon:"changed"` // files re-parsed
	Removed int     `json:"removed" toon:"removed"` // files gone
	Rebuilt string  `json:"rebuilt" toon:"rebuilt"` // why an unusable index was rebuilt
	Error   string  `json:"error" toon:"error"`     // "" when it succeeded
}

// check publishes a new snapshot when there is none, when files changed
// since the current one was built, or when the memory files did. The check
// itself only stats: the manifest's files and directories (not even those
// while the watcher saw no change, see Watch), and the memory directories'
// listings.
func (s *Server) check(ctx context.Context) error {
	s.buildMu.Lock()
	defer s.buildMu.Unlock()
	cur := s.snap.Load()
	switch {
	case cur == nil:
		return s.build(ctx, buildInitial, false)
	case cur.Index.Stale():
		return s.build(ctx, buildUpdate, false)
	case s.memoryState() != cur.memState:
		return s.build(ctx, buildMemories, false)
	}
	return nil
}

// build makes a snapshot of the given kind and publishes it; with record
// (the reindex tool) it also records in their files the memory anchors
// that followed a renamed or moved symbol. The caller holds buildMu.
func (s *Server) build(ctx context.Context, kind buildKind, record bool) error {
	start := time.Now()
	rec := &Refresh{At: start.UTC().Format(time.RFC3339), Kind: string(kind)}
	defer func() {
		rec.Seconds = time.Since(start).Round(time.Millisecond).Seconds()
		s.last.Store(rec)
	}()
	state := s.memoryState()
	w, st, err := s.open(ctx, kind, record)
	if err != nil {
		rec.Error = err.Error()
		return err
	}
	if record {
		state = s.memoryState() // the retargets rewrote memory files
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
		// checksum to see: an update decodes it, the checksum fails, and
		// the index is built again.
		s.log.Warn("the index is damaged; rebuilding it", "err", serr)
		if w, st, err = s.open(ctx, buildUpdate, false); err != nil {
			rec.Error = err.Error()
			return err
		}
		rec.Rebuilt = fmt.Sprintf("the index was damaged (%v); %s", serr, st.Rebuilt)
		counts = count(w)
	}
	sn := &Snapshot{Gen: s.gen.Add(1), Workspace: w, Built: time.Now(), memState: state}
	sn.Counts = counts
	if wt := s.watcher.Load(); wt != nil {
		wt.Track(w.Index)
	}
	s.snap.Store(sn)
	s.log.Info("snapshot published", "gen", sn.Gen, "kind", kind, "changed", st.Changed, "removed", st.Removed,
		"memories", len(w.Memories.All()), "took", time.Since(start).Round(time.Millisecond))
	return nil
}

// open makes the workspace a build of the given kind publishes.
func (s *Server) open(ctx context.Context, kind buildKind, record bool) (*workspace.Workspace, indexer.Stats, error) {
	o := s.opened
	o.Note = func(msg string) { s.log.Info(msg) }
	switch {
	case record:
		w, st, moved, err := workspace.Reindex(ctx, s.root, kind == buildFull, o)
		for _, r := range moved {
			s.log.Info(r.String())
		}
		return w, st, err
	case kind == buildUpdate:
		return workspace.Update(ctx, s.root, o)
	case kind == buildMemories:
		// The index is unchanged: the memories are read again and linked
		// to the same immutable store.
		if cur := s.snap.Load(); cur != nil {
			w, err := cur.Reload(ctx)
			return w, indexer.Stats{UpToDate: true}, err
		}
	}
	w, err := workspace.Open(ctx, s.root, o)
	return w, indexer.Stats{}, err
}

// memoryState summarises the memory directories: each memory file's name,
// size and modification time. It changes whenever a memory is written,
// edited by hand, added or removed; reading it costs one directory listing
// and one stat per memory.
func (s *Server) memoryState() string {
	h := fnv.New64a()
	for _, st := range s.stores {
		fmt.Fprintf(h, "%s\x00", st.Dir())
		entries, err := os.ReadDir(st.Dir())
		if err != nil {
			fmt.Fprintf(h, "unreadable: %v\x00", os.IsNotExist(err))
			continue
		}
		for _, e := range entries {
			name := e.Name()
			if e.IsDir() || strings.HasPrefix(name, ".") || !strings.HasSuffix(name, ".md") {
				continue
			}
			if fi, err := e.Info(); err == nil {
				fmt.Fprintf(h, "%s %d %d\x00", name, fi.Size(), fi.ModTime().UnixNano())
			}
		}
	}
	return strconv.FormatUint(h.Sum64(), 16)
}
