package rationale

import (
	"sort"
	"sync"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/memory"
)

// MemoryLink is one motivates link from a memory to a code node: an anchor
// (signal memory, scored by memory.Score) or a name in the memory's title or
// body that resolves to exactly one symbol (signal named).
type MemoryLink struct {
	Memory *memory.Memory
	Node   *graph.Node // the memory as a reasoning node: title, path, sanitised body
	graph.Motivation
}

// Memories is the memory layer over one graph: the memories and their links
// to the nodes the graph holds, found when the memories are loaded and
// kept beside the graph instead of written into it. It is never changed
// after LinkMemories returns, so any number of readers may share it. A nil
// *Memories has no memories.
type Memories struct {
	all   []*memory.Memory
	byID  map[memory.ID]*memory.Memory
	nodes map[memory.ID]*graph.Node
	into  map[graph.NodeID][]MemoryLink
	links int

	search memoryIndex // built on the first Search (search.go)

	onlyMu sync.Mutex
	only   map[memory.Scope]*Memories // the layers Only made, kept with their indexes
}

// LinkMemories links mems to s: each live anchor that s holds gets a memory
// link, each symbol that exactly one name in the memory resolves to a named
// link (the stronger one when both apply). Stale anchors link nothing.
// Title and body are sanitised again, as a memory file may have been edited
// by hand. It reads no file.
func LinkMemories(s *graph.Store, mems []*memory.Memory) *Memories {
	l := &Memories{all: mems, byID: make(map[memory.ID]*memory.Memory, len(mems)), nodes: make(map[memory.ID]*graph.Node, len(mems)),
		into: map[graph.NodeID][]MemoryLink{}}
	for _, m := range mems {
		n := memoryNode(m)
		l.nodes[m.ID] = n
		if _, dup := l.byID[m.ID]; !dup {
			l.byID[m.ID] = m
		}
		best := map[graph.NodeID]graph.Motivation{}
		var order []graph.NodeID
		add := func(to graph.NodeID, mot graph.Motivation) {
			cur, ok := best[to]
			if !ok {
				order = append(order, to)
			}
			if !ok || graph.Stronger(mot, cur) {
				best[to] = mot
			}
		}
		score := memory.Score(m.Pinned, m.Importance, m.Confidence)
		for _, a := range m.Symbols {
			if !a.Stale && s.Has(a.ID) {
				add(a.ID, graph.Motivation{Signal: graph.SignalMemory, Score: score, Detail: a.Written})
			}
		}
		for _, f := range m.Files {
			if id := graph.FileID(f); s.Has(id) {
				add(id, graph.Motivation{Signal: graph.SignalMemory, Score: score, Detail: f})
			}
		}
		named := namedUnique(s, n)
		sort.Slice(named, func(i, j int) bool { return named[i].to < named[j].to })
		for _, nm := range named {
			add(nm.to, graph.Motivation{Signal: graph.SignalNamed, Score: nm.score, Detail: nm.detail})
		}
		for _, to := range order {
			l.into[to] = append(l.into[to], MemoryLink{Memory: m, Node: n, Motivation: best[to]})
		}
		l.links += len(order)
	}
	return l
}

// Into returns the links into the node id, in the order the memories were
// given.
func (l *Memories) Into(id graph.NodeID) []MemoryLink {
	if l == nil {
		return nil
	}
	return l.into[id]
}

// All returns every memory of the layer, stale and superseded ones too.
func (l *Memories) All() []*memory.Memory {
	if l == nil {
		return nil
	}
	return l.all
}

// Node returns the reasoning node of memory id.
func (l *Memories) Node(id memory.ID) (*graph.Node, bool) {
	if l == nil {
		return nil, false
	}
	n, ok := l.nodes[id]
	return n, ok
}

// Memory returns the memory id (the first of that ID); nil when the layer
// has none.
func (l *Memories) Memory(id memory.ID) *memory.Memory {
	if l == nil {
		return nil
	}
	return l.byID[id]
}

// Only returns the layer of the memories of scope alone (l itself for
// memory.ScopeBoth), their links as l found them: what a surface that
// holds both stores answers for one, before any ranking. It is made once
// per scope and kept with l, so that its search index is built once too.
func (l *Memories) Only(scope memory.Scope) *Memories {
	if l == nil || scope == memory.ScopeBoth {
		return l
	}
	l.onlyMu.Lock()
	defer l.onlyMu.Unlock()
	if o, ok := l.only[scope]; ok {
		return o
	}
	if l.only == nil {
		l.only = map[memory.Scope]*Memories{}
	}
	o := l.filter(scope)
	l.only[scope] = o
	return o
}

// filter makes the layer of the memories of scope alone.
func (l *Memories) filter(scope memory.Scope) *Memories {
	o := &Memories{byID: map[memory.ID]*memory.Memory{}, nodes: map[memory.ID]*graph.Node{}, into: map[graph.NodeID][]MemoryLink{}}
	for _, m := range l.all {
		if m.Scope != scope {
			continue
		}
		o.all = append(o.all, m)
		o.nodes[m.ID] = l.nodes[m.ID]
		if _, dup := o.byID[m.ID]; !dup {
			o.byID[m.ID] = m
		}
	}
	for to, links := range l.into {
		for _, ml := range links {
			if ml.Memory.Scope == scope {
				o.into[to] = append(o.into[to], ml)
				o.links++
			}
		}
	}
	return o
}

// nodeList returns the reasoning nodes of the layer's memories, in order.
func (l *Memories) nodeList() []*graph.Node {
	out := make([]*graph.Node, 0, len(l.all))
	for _, m := range l.all {
		if n, ok := l.nodes[m.ID]; ok {
			out = append(out, n)
		}
	}
	return out
}

// Links is the number of links the layer adds to the graph.
func (l *Memories) Links() int {
	if l == nil {
		return 0
	}
	return l.links
}

// memoryNode is m as a reasoning node, for what memories share with
// document sections: an ID, a name, a path and a text to search and cite.
func memoryNode(m *memory.Memory) *graph.Node {
	return &graph.Node{ID: memory.NodeID(m.ID), Kind: graph.KindMemory, Name: memory.SanitizeLine(m.Title),
		Path: m.Path, Lang: "markdown", Text: memory.Sanitize(m.Body), Updated: m.Updated}
}

// namedLink is a symbol that a name in a memory resolves to alone.
type namedLink struct {
	to     graph.NodeID
	score  float64
	detail string
}

// namedUnique finds the symbols that a name in n's title or body resolves
// to alone ("Invoice.Finalize" counts as one: the method, with its type).
// Names shared by several symbols are skipped: a memory is precise, or it
// is anchored.
func namedUnique(s *graph.Store, n *graph.Node) []namedLink {
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
	out := make([]namedLink, 0, len(found))
	for id, f := range found {
		out = append(out, namedLink{to: id, score: f.score, detail: f.detail})
	}
	return out
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
