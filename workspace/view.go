package workspace

import (
	"fmt"
	"hash/fnv"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/memory"
)

// View is one consistent state of the repository as a Session hands it
// out: an opened Workspace, never modified after it is published, with when
// and how it was made. Any number of readers may share it while the
// session makes the next one; a surface that derives tables from a view
// (the MCP server's document library) keys them by the view, or by Gen.
type View struct {
	*Workspace
	// Gen increases with every view the session publishes.
	Gen uint64
	// Built is when the view was published.
	Built time.Time
	// Counts are the view's sizes; a long session reads the whole
	// snapshot to count them (which is also how it finds a damaged one),
	// a short session leaves them zero.
	Counts Counts

	memState string // memoryState of the stores when the memories were read
}

// Counts are the sizes of a view, for a status report.
type Counts struct {
	Files    int `json:"files" toon:"files"`
	Symbols  int `json:"symbols" toon:"symbols"`
	Sections int `json:"sections" toon:"sections"`
	Links    int `json:"links" toon:"links"` // motivates edges
	Memories int `json:"memories" toon:"memories"`
	Live     int `json:"live_memories" toon:"live_memories"`
	Stale    int `json:"stale_memories" toon:"stale_memories"` // with an anchor whose symbol or file is gone
}

// Refresh describes how a session last made a view, for a status report.
type Refresh struct {
	At      string  `json:"at" toon:"at"` // RFC 3339
	Kind    string  `json:"kind" toon:"kind"`
	Seconds float64 `json:"seconds" toon:"seconds"`
	Changed int     `json:"changed" toon:"changed"` // files re-parsed
	Removed int     `json:"removed" toon:"removed"` // files gone
	Rebuilt string  `json:"rebuilt" toon:"rebuilt"` // why an unusable index was rebuilt
	Error   string  `json:"error" toon:"error"`     // "" when it succeeded
}

// refreshKind says how a view was made; it is Refresh.Kind.
type refreshKind string

// The ways of making a view, cheapest last.
const (
	refreshInitial  refreshKind = "initial"  // first load: the index as found, built or updated when needed
	refreshFull     refreshKind = "full"     // Reindex(full): rebuilt from scratch
	refreshUpdate   refreshKind = "update"   // files changed: re-indexed incrementally
	refreshMemories refreshKind = "memories" // only memory files changed: the memories read again over the same index
)

// count reads every node and edge of w's store (the whole mapped snapshot)
// and its memories.
func count(w *Workspace) Counts {
	s, mems := w.Store(), w.Memories.All()
	var c Counts
	for n := range s.Nodes() {
		switch {
		case n.Kind == graph.KindFile:
			c.Files++
		case n.Kind.IsSymbol():
			c.Symbols++
		case n.Kind == graph.KindDoc:
			c.Sections++
		}
	}
	for e := range s.Edges() {
		if e.Kinds.Has(graph.EdgeMotivates) {
			c.Links++
		}
	}
	c.Links += w.Memories.Links()
	c.Memories = len(mems)
	for _, m := range mems {
		if m.Live() {
			c.Live++
		}
		if m.Stale() {
			c.Stale++
		}
	}
	return c
}

// memoryState summarises the memory directories of stores: each memory
// file's name, size and modification time. It changes whenever a memory is
// written, edited by hand, added or removed; reading it costs one directory
// listing and one stat per memory.
func memoryState(stores []*memory.Store) string {
	h := fnv.New64a()
	for _, st := range stores {
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
