package graph

import (
	"bytes"
	"fmt"
	"maps"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// editor makes the same change to a layered store and to a decoded one,
// noting what it made dirty as an update does.
type editor struct {
	t              *testing.T
	layer, decoded *Store
	dirty          map[NodeID]bool
	pairs          map[[2]NodeID]bool
}

func (e *editor) addNode(n Node) {
	e.dirty[n.ID] = true
	e.same("add node", e.layer.AddNode(n), e.decoded.AddNode(n))
}

func (e *editor) removeNode(id NodeID) {
	e.dirty[id] = true
	for _, s := range []*Store{e.decoded} {
		for _, in := range []bool{false, true} {
			list := s.Out(id, ^EdgeKind(0))
			if in {
				list = s.In(id, ^EdgeKind(0))
			}
			for _, ed := range list {
				e.pairs[[2]NodeID{ed.From, ed.To}] = true
			}
		}
	}
	e.layer.RemoveNode(id)
	e.decoded.RemoveNode(id)
}

func (e *editor) addEdge(from, to NodeID, k EdgeKind) {
	e.pairs[[2]NodeID{from, to}] = true
	e.same("add edge", e.layer.AddEdge(from, to, k), e.decoded.AddEdge(from, to, k))
}

func (e *editor) addMotivation(from, to NodeID, m Motivation) {
	e.pairs[[2]NodeID{from, to}] = true
	e.same("add motivation", e.layer.AddMotivation(from, to, m), e.decoded.AddMotivation(from, to, m))
}

func (e *editor) removeEdge(from, to NodeID, k EdgeKind) {
	e.pairs[[2]NodeID{from, to}] = true
	e.layer.RemoveEdge(from, to, k)
	e.decoded.RemoveEdge(from, to, k)
}

func (e *editor) same(what string, a, b error) {
	e.t.Helper()
	if fmt.Sprint(a) != fmt.Sprint(b) {
		e.t.Fatalf("%s: layered store says %v, decoded store %v", what, a, b)
	}
}

func (e *editor) list() Dirty {
	return Dirty{Nodes: slices.Collect(maps.Keys(e.dirty)), Edges: slices.Collect(maps.Keys(e.pairs))}
}

// check holds the layered store to the decoded one: every read, the kind
// counts, and the delta each writes; then the layered store decoded.
func (e *editor) check(base []byte) {
	e.t.Helper()
	t := e.t
	if e.layer.v == nil {
		t.Fatal("a change decoded the layered store")
	}
	// A node's container is one of those of the highest rank: with two,
	// which one depends on the order of its in-edges, which differs.
	if got, want := sortedLines(noContainers(readAll(e.layer))), sortedLines(noContainers(readAll(e.decoded))); got != want {
		t.Fatalf("layered store answers otherwise than decoded:\n%s", lineDiff(got, want))
	}
	for n := range e.decoded.Nodes() {
		got, ok1 := e.layer.Container(n.ID)
		want, ok2 := e.decoded.Container(n.ID)
		if ok1 != ok2 || ok1 && containerRank(got.Kind) != containerRank(want.Kind) {
			t.Fatalf("container of %s: %v, decoded %v", n.ID, got, want)
		}
	}
	if got, want := e.layer.CountKinds(), e.decoded.CountKinds(); !reflect.DeepEqual(got, want) {
		t.Errorf("kind counts %v, decoded %v", got, want)
	}
	if err := e.layer.Err(); err != nil {
		t.Fatal(err)
	}
	dl := deltaBytes(t, e.layer, e.list())
	applied := loadBytes(t, base)
	if _, err := applied.ApplyDelta(bytes.NewReader(dl)); err != nil {
		t.Fatal(err)
	}
	sameGraph(t, applied, e.decoded)
	opened, err := openBytes(t, base)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := opened.ApplyDelta(bytes.NewReader(dl)); err != nil {
		t.Fatal(err)
	}
	sameGraph(t, opened, e.decoded)
	full, err := e.layer.Decoded()
	if err != nil {
		t.Fatal(err)
	}
	checkInvariants(t, full)
	sameGraph(t, full, e.decoded)
}

// newEditor opens base (with the delta d over it, when given) twice: in
// layer mode, and decoded.
func newEditor(t *testing.T, base, d []byte) *editor {
	t.Helper()
	layer, err := openBytes(t, base)
	if err != nil {
		t.Fatal(err)
	}
	layer.Layer()
	decoded := loadBytes(t, base)
	e := &editor{t: t, layer: layer, decoded: decoded, dirty: map[NodeID]bool{}, pairs: map[[2]NodeID]bool{}}
	if d != nil {
		dirty, err := layer.ApplyDelta(bytes.NewReader(d))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := decoded.ApplyDelta(bytes.NewReader(d)); err != nil {
			t.Fatal(err)
		}
		for _, id := range dirty.Nodes {
			e.dirty[id] = true
		}
		for _, p := range dirty.Edges {
			e.pairs[p] = true
		}
	}
	return e
}

// TestLayerMatchesDecoded makes the changes an update makes to a store in
// layer mode and to the same store decoded, over a snapshot alone and
// over a snapshot with a delta: both answer alike and write the same delta.
func TestLayerMatchesDecoded(t *testing.T) {
	const m = NodeID("p/a.go::T.M")
	doc := SectionID("docs/d.md", 3)
	tests := []struct {
		name string
		edit func(e *editor)
	}{
		{"a node replaced keeps its edges", func(e *editor) {
			n, _ := e.decoded.Node("p/a.go::T")
			c := *n
			c.Text = "T is another thing."
			e.addNode(c)
		}},
		{"a node removed and added again, as an update does", func(e *editor) {
			// Over the delta, which removed T.M, the snapshot's T.M and
			// its edges stay gone: only the contains edge comes back.
			c := Node{ID: m, Kind: KindMethod, Name: "M", Receiver: "T", Path: "p/a.go"}
			if n, ok := e.decoded.Node(m); ok {
				c = *n
			}
			e.removeNode(m)
			e.addNode(c)
			e.addEdge("p/a.go", m, EdgeContains)
		}},
		{"a node removed with its edges", func(e *editor) { e.removeNode("p/a.go::T") }},
		{"an unknown node removed", func(e *editor) { e.removeNode("p/none.go") }},
		{"a node added with edges and motivations", func(e *editor) {
			e.addNode(Node{ID: "p/a.go::N", Kind: KindFunction, Name: "N", Path: "p/a.go"})
			e.addEdge("p/a.go", "p/a.go::N", EdgeContains)
			e.addMotivation(doc, "p/a.go::N", Motivation{Signal: SignalNamed, Score: 0.5, Detail: "N"})
			e.addMotivation(doc, "p/a.go::N", Motivation{Signal: SignalNamed, Score: 0.8, Detail: "N again"})
			e.addMotivation(doc, "p/a.go::N", Motivation{Signal: SignalNamed, Score: 0.1})
		}},
		{"a kind of an edge removed, another kept", func(e *editor) {
			e.addEdge("p/a.go::T", m, EdgeCalls)
			e.removeEdge("p/a.go::T", m, EdgeContains)
		}},
		{"motivations removed", func(e *editor) { e.removeEdge(doc, m, EdgeMotivates) }},
		{"a motivation of the snapshot's raised", func(e *editor) {
			e.addMotivation(doc, m, Motivation{Signal: SignalLexical, Score: 0.9})
		}},
		{"an edge to a missing node", func(e *editor) {
			e.addEdge("p/a.go", "p/missing.go", EdgeContains)
			e.addMotivation("p/missing.go", m, Motivation{Signal: SignalNamed, Score: 1})
		}},
		{"an edge added, dropped and added again", func(e *editor) {
			e.addEdge(m, "p/a.go::T", EdgeCalls)
			e.removeEdge(m, "p/a.go::T", ^EdgeKind(0))
			e.addEdge(m, "p/a.go::T", EdgeReferences)
		}},
		{"a symbol renamed", func(e *editor) {
			n, _ := e.decoded.Node("p/a.go::T")
			c := *n
			c.Name = "U"
			e.addNode(c)
		}},
	}
	base := saveBytes(t, richStore(t))
	changed := loadBytes(t, base)
	d := deltaBytes(t, changed, changeStore(t, changed, "1")) // removes T.M, adds N1
	for _, over := range []struct {
		name  string
		delta []byte
	}{{"snapshot", nil}, {"snapshot and delta", d}} {
		for _, tt := range tests {
			t.Run(over.name+"/"+tt.name, func(t *testing.T) {
				e := newEditor(t, base, over.delta)
				tt.edit(e)
				e.check(base)
			})
		}
	}
}

// TestLayerRandomEdits makes random changes over a small set of IDs, so
// that every order of adding, removing and re-adding nodes and edges is
// met, and holds the layered store to the decoded one after each few.
func TestLayerRandomEdits(t *testing.T) {
	base := saveBytes(t, richStore(t))
	changed := loadBytes(t, base)
	d := deltaBytes(t, changed, changeStore(t, changed, "1"))
	ids := []NodeID{PackageID("example.com/p"), "p/a.go", "p/a.go::T", "p/a.go::T.M", "p/a.go::N1",
		SectionID("docs/d.md", 3), SectionID("docs/d.md", 21), "p/b.go", "p/b.go::U"}
	kinds := []NodeKind{KindFunction, KindType, KindFile, KindDoc, KindMethod}
	names := []string{"T", "M", "U", ""}
	for seed := range uint64(24) {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			r := rand.New(rand.NewPCG(seed, 7))
			over := d
			if seed%2 == 0 {
				over = nil
			}
			e := newEditor(t, base, over)
			id := func() NodeID { return ids[r.IntN(len(ids))] }
			for step := range 60 {
				switch r.IntN(5) {
				case 0:
					e.addNode(Node{ID: id(), Kind: kinds[r.IntN(len(kinds))], Name: names[r.IntN(len(names))], Text: fmt.Sprint(step)})
				case 1:
					e.removeNode(id())
				case 2:
					e.addEdge(id(), id(), EdgeKind(1+r.IntN(31)))
				case 3:
					sig := []Signal{SignalNamed, SignalLexical, SignalPath}[r.IntN(3)]
					e.addMotivation(id(), id(), Motivation{Signal: sig, Score: float64(r.IntN(10)) / 10, Detail: fmt.Sprint(step)})
				case 4:
					e.removeEdge(id(), id(), EdgeKind(1+r.IntN(31)))
				}
				if step%12 == 11 {
					e.check(base)
				}
			}
		})
	}
}

// lineDiff lists the lines only one of two sorted texts has.
func lineDiff(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	var b strings.Builder
	for _, l := range g {
		if !slices.Contains(w, l) {
			fmt.Fprintln(&b, "+", l)
		}
	}
	for _, l := range w {
		if !slices.Contains(g, l) {
			fmt.Fprintln(&b, "-", l)
		}
	}
	return b.String()
}

func noContainers(s string) string {
	var keep []string
	for _, l := range strings.Split(s, "\n") {
		if !strings.HasPrefix(l, " container ") {
			keep = append(keep, l)
		}
	}
	return strings.Join(keep, "\n")
}
