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
	"github.com/gortex/gortex/rationale"
)

// buildKind says how a snapshot was made.
type buildKind string

// The ways of making a snapshot, cheapest last.
const (
	buildInitial  buildKind = "initial"  // first load: the index as found, built or updated when needed
	buildFull     buildKind = "full"     // reindex --full: rebuilt from scratch
	buildUpdate   buildKind = "update"   // files changed: re-indexed incrementally
	buildMemories buildKind = "memories" // only memory files changed: index reloaded, memories projected again
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
// itself only stats: the manifest's files and directories, and the memory
// directories' listings.
func (s *Server) check(ctx context.Context) error {
	s.buildMu.Lock()
	defer s.buildMu.Unlock()
	cur := s.snap.Load()
	switch {
	case cur == nil:
		return s.build(ctx, buildInitial)
	case cur.Index.Stale():
		return s.build(ctx, buildUpdate)
	case s.memoryState() != cur.memState:
		return s.build(ctx, buildMemories)
	}
	return nil
}

// build makes a snapshot of the given kind and publishes it. The caller
// holds buildMu.
func (s *Server) build(ctx context.Context, kind buildKind) error {
	start := time.Now()
	rec := &Refresh{At: start.UTC().Format(time.RFC3339), Kind: string(kind)}
	defer func() {
		rec.Seconds = time.Since(start).Round(time.Millisecond).Seconds()
		s.last.Store(rec)
	}()
	idx, st, err := s.loadIndex(ctx, kind)
	if err != nil {
		rec.Error = err.Error()
		return err
	}
	rec.Changed, rec.Removed, rec.Rebuilt = st.Changed, st.Removed, st.Rebuilt
	state := s.memoryState()
	ld, err := rationale.LoadMemories(ctx, s.root, idx.Store, s.stores)
	if err != nil {
		rec.Error = err.Error()
		return fmt.Errorf("load memories: %w", err)
	}
	for _, r := range ld.Retargeted {
		s.log.Info(r.String())
	}
	if len(ld.Retargeted) > 0 {
		state = s.memoryState() // the retargets rewrote memory files
	}
	for _, p := range ld.Problems {
		s.log.Warn("skipped a memory", "problem", p.Error())
	}
	sn := &Snapshot{Gen: s.gen.Add(1), Index: idx, Memories: ld.Memories, Problems: ld.Problems,
		Built: time.Now(), memState: state}
	sn.Counts = count(idx.Store, ld.Memories)
	s.snap.Store(sn)
	s.log.Info("snapshot published", "gen", sn.Gen, "kind", kind, "changed", st.Changed, "removed", st.Removed,
		"memories", len(ld.Memories), "took", time.Since(start).Round(time.Millisecond))
	return nil
}

// loadIndex gets the index a build of the given kind starts from.
func (s *Server) loadIndex(ctx context.Context, kind buildKind) (*indexer.Index, indexer.Stats, error) {
	switch kind {
	case buildFull:
		return indexer.Build(ctx, s.root, rationale.IndexOptions(s.root))
	case buildUpdate:
		return indexer.Update(ctx, s.root, rationale.IndexOptions(s.root))
	case buildMemories:
		// The store a snapshot holds is never changed, so projecting the
		// memories again needs a store of its own: read from disk.
		if idx, err := indexer.Load(s.root); err == nil {
			return idx, indexer.Stats{UpToDate: true}, nil
		}
	}
	idx, err := rationale.FreshIndex(ctx, s.root, func(msg string) { s.log.Info(msg) })
	return idx, indexer.Stats{}, err
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
