package rationale

import (
	"strconv"
	"strings"

	"github.com/gortex/gortex/graph"
)

// memNodePrefix starts the graph node ID of a memory: "mem:<id>".
const memNodePrefix = "mem:"

// MemoryNodeID is the graph node ID of memory id.
func MemoryNodeID(id MemoryID) graph.NodeID { return graph.NodeID(memNodePrefix + string(id)) }

// Attributes of a memory's graph node (graph.Node.Attrs), besides those
// it shares with document sections (AttrAssetKind "memory", AttrStatus
// "superseded", AttrSupersededBy, AttrUpdated). Booleans are "true" or
// absent; times are RFC 3339, as on sections.
const (
	AttrRationaleKind = "rationale_kind"
	AttrImportance    = "importance"
	AttrConfidence    = "confidence"
	AttrBasis         = "basis"
	AttrPinned        = "pinned"
	AttrScope         = "scope"
	AttrStale         = "stale"
	AttrCreated       = "created"
)

// MemoryScore is the score of a memory's motivates edges, in [0, 1). It
// orders memories lexicographically: pinned first (0.5), then importance
// (steps of 0.1), then confidence (up to 0.095, less than one importance
// step), so that a ranker adding it to the memory signal's strength gets
// the order pinned, importance, confidence.
func MemoryScore(pinned bool, importance int, confidence float64) float64 {
	s := 0.1*float64(min(max(importance, 1), 5)-1) + 0.095*min(max(confidence, 0), 1)
	if pinned {
		s += 0.5
	}
	return s
}

// ProjectMemories puts mems into s: one rationale node per memory (replacing
// the memory nodes s had), a motivates edge with signal memory to each
// anchor that s holds, a named edge to each symbol that exactly one name in
// the memory's title or body resolves to, and a supersedes edge from each
// memory to the one it replaces. It is cheap (no file is read), so callers
// run it on every load of the index. It returns the number of motivates
// edges added. Title and body are sanitised again, as a memory file may
// have been edited by hand.
func ProjectMemories(s *graph.Store, mems []*Memory) int {
	var old []graph.NodeID
	for n := range s.Nodes() {
		if n.Kind == graph.KindRationale && strings.HasPrefix(string(n.ID), memNodePrefix) {
			old = append(old, n.ID)
		}
	}
	for _, id := range old {
		s.RemoveNode(id)
	}
	edges := 0
	for _, m := range mems {
		edges += projectMemory(s, m)
	}
	for _, m := range mems {
		if m.Supersedes != "" && s.Has(MemoryNodeID(m.Supersedes)) {
			// Both nodes exist: checked above and just added.
			_ = s.AddEdge(MemoryNodeID(m.ID), MemoryNodeID(m.Supersedes), graph.EdgeSupersedes)
		}
	}
	return edges
}

func projectMemory(s *graph.Store, m *Memory) int {
	n := memoryNode(m)
	if err := s.AddNode(n); err != nil {
		return 0
	}
	mot := graph.Motivation{Signal: graph.SignalMemory, Score: MemoryScore(m.Pinned, m.Importance, m.Confidence)}
	edges := 0
	for _, a := range m.Symbols {
		if !a.Stale && s.Has(a.ID) {
			mot.Detail = a.Written
			_ = s.AddMotivation(n.ID, a.ID, mot) // both nodes exist
			edges++
		}
	}
	for _, f := range m.Files {
		if id := graph.FileID(f); s.Has(id) {
			mot.Detail = f
			_ = s.AddMotivation(n.ID, id, mot)
			edges++
		}
	}
	return edges + linkNamedUnique(s, &n)
}

func memoryNode(m *Memory) graph.Node {
	n := graph.Node{
		ID: MemoryNodeID(m.ID), Kind: graph.KindRationale, Name: SanitizeLine(m.Title),
		Path: m.Path, Lang: "markdown", Text: Sanitize(m.Body),
	}
	n.SetAttr(AttrAssetKind, string(AssetMemory))
	n.SetAttr(AttrRationaleKind, string(m.Kind))
	n.SetAttr(AttrImportance, strconv.Itoa(m.Importance))
	n.SetAttr(AttrConfidence, strconv.FormatFloat(m.Confidence, 'f', -1, 64))
	n.SetAttr(AttrBasis, string(m.Basis))
	n.SetAttr(AttrPinned, boolAttr(m.Pinned))
	n.SetAttr(AttrSupersededBy, string(m.SupersededBy))
	if !m.Live() {
		n.SetAttr(AttrStatus, "superseded")
	}
	n.SetAttr(AttrScope, string(m.Scope))
	n.SetAttr(AttrStale, boolAttr(m.Stale()))
	n.SetAttr(AttrCreated, formatTime(m.Created))
	n.SetAttr(AttrUpdated, formatTime(m.Updated))
	return n
}

func boolAttr(b bool) string {
	if b {
		return "true"
	}
	return ""
}

// linkNamedUnique adds a named motivation from the memory to each symbol
// that a name in its title or body resolves to alone ("Invoice.Finalize"
// counts as one: the method, with its type). Names shared by several
// symbols are skipped: a memory is precise, or it is anchored.
func linkNamedUnique(s *graph.Store, n *graph.Node) int {
	ms := scanMentions(n.Name, true, nil)
	ms = scanMentions(n.Text, false, ms)
	found := map[graph.NodeID]namedMatch{}
	for _, m := range ms {
		hits := map[graph.NodeID]*graph.Node{}
		scores := map[graph.NodeID]float64{}
		resolveMention(s, m, func(c *graph.Node, score float64, _ mention) {
			hits[c.ID], scores[c.ID] = c, max(scores[c.ID], score)
		})
		if primaries(hits) != 1 {
			continue
		}
		for id := range hits {
			if cur, ok := found[id]; !ok || scores[id] > cur.score {
				found[id] = namedMatch{score: scores[id], detail: m.text()}
			}
		}
	}
	for id, f := range found {
		_ = s.AddMotivation(n.ID, id, graph.Motivation{Signal: graph.SignalNamed, Score: f.score, Detail: f.detail})
	}
	return len(found)
}

// primaries counts the hits that are not merely the receiver type of
// another hit.
func primaries(hits map[graph.NodeID]*graph.Node) int {
	recv := map[string]bool{}
	for _, c := range hits {
		if c.Receiver != "" {
			recv[c.Package+"."+c.Receiver] = true
		}
	}
	k := 0
	for _, c := range hits {
		if c.Receiver != "" || !recv[c.Package+"."+c.Name] {
			k++
		}
	}
	return k
}
