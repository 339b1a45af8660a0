package graph

import (
	"bytes"
	"errors"
	"fmt"
	"testing"
)

// newTestStore builds a small graph and checks the store's invariants when
// the test ends.
func newTestStore(t *testing.T) *Store {
	t.Helper()
	s := New()
	for _, n := range []Node{
		{ID: PackageID("example.com/p"), Kind: KindPackage, Name: "p"},
		{ID: "p/a.go", Kind: KindFile, Path: "p/a.go"},
		{ID: "p/a.go::T", Kind: KindType, Name: "T"},
		{ID: "p/a.go::T.M", Kind: KindMethod, Name: "M", Receiver: "T"},
		{ID: "p/a.go::F", Kind: KindFunction, Name: "F"},
		{ID: SectionID("docs/d.md", 3), Kind: KindDoc, Name: "Decision"},
	} {
		if err := s.AddNode(n); err != nil {
			t.Fatal(err)
		}
	}
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(s.AddEdge(PackageID("example.com/p"), "p/a.go", EdgeContains))
	must(s.AddEdge("p/a.go", "p/a.go::T", EdgeContains))
	must(s.AddEdge("p/a.go", "p/a.go::F", EdgeContains))
	must(s.AddEdge("p/a.go", "p/a.go::T.M", EdgeContains))
	must(s.AddEdge("p/a.go::T", "p/a.go::T.M", EdgeContains))
	must(s.AddEdge("p/a.go::F", "p/a.go::T.M", EdgeCalls))
	must(s.AddMotivation(SectionID("docs/d.md", 3), "p/a.go::T", Motivation{Signal: SignalNamed, Score: 0.5}))
	must(s.AddMotivation(SectionID("docs/d.md", 3), "p/a.go::T", Motivation{Signal: SignalLexical, Score: 0.2}))
	must(s.AddMotivation(SectionID("docs/d.md", 3), "p/a.go::T", Motivation{Signal: SignalNamed, Score: 0.9}))
	checkAtCleanup(t, s)
	return s
}

// checkInvariants fails the test when s.Check finds an inconsistency.
func checkInvariants(t testing.TB, s *Store) {
	t.Helper()
	if err := s.Check(); err != nil {
		t.Error(err)
	}
}

// checkAtCleanup runs s.Check when the test ends, after whatever the test
// did to s.
func checkAtCleanup(t testing.TB, s *Store) {
	t.Cleanup(func() {
		if err := s.Check(); err != nil {
			t.Error(err)
		}
	})
}

func TestStoreEdges(t *testing.T) {
	s := newTestStore(t)
	tests := []struct {
		name  string
		id    NodeID
		kinds EdgeKind
		in    bool
		want  int
	}{
		{"method contained by file and type", "p/a.go::T.M", EdgeContains, true, 2},
		{"method called once", "p/a.go::T.M", EdgeCalls, true, 1},
		{"type motivated once", "p/a.go::T", EdgeMotivates, true, 1},
		{"file contains three", "p/a.go", EdgeContains, false, 3},
		{"unknown node", "nope", EdgeContains, true, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := s.Out(tt.id, tt.kinds)
			if tt.in {
				got = s.In(tt.id, tt.kinds)
			}
			if len(got) != tt.want {
				t.Errorf("got %d edges, want %d: %+v", len(got), tt.want, got)
			}
			if tt.in {
				return
			}
			var targets []NodeID
			for n := range s.Targets(tt.id, tt.kinds) {
				targets = append(targets, n.ID)
			}
			for i, e := range got {
				if i >= len(targets) || targets[i] != e.To {
					t.Fatalf("Targets = %v, want the ends of %+v", targets, got)
				}
			}
			if len(targets) != len(got) {
				t.Errorf("Targets = %v, want the ends of %+v", targets, got)
			}
		})
	}
	e, _ := s.EdgeBetween(SectionID("docs/d.md", 3), "p/a.go::T")
	if len(e.Motivations) != 2 {
		t.Fatalf("motivations = %+v, want named and lexical", e.Motivations)
	}
	if best, _ := e.Best(); best.Signal != SignalNamed || best.Score != 0.9 {
		t.Errorf("best = %+v, want named 0.9", best)
	}
}

func TestContainerChain(t *testing.T) {
	s := newTestStore(t)
	var chain []NodeID
	for id := NodeID("p/a.go::T.M"); ; {
		c, ok := s.Container(id)
		if !ok {
			break
		}
		chain = append(chain, c.ID)
		id = c.ID
	}
	want := []NodeID{"p/a.go::T", "p/a.go", PackageID("example.com/p")}
	if len(chain) != len(want) {
		t.Fatalf("chain = %v, want %v", chain, want)
	}
	for i := range want {
		if chain[i] != want[i] {
			t.Fatalf("chain = %v, want %v", chain, want)
		}
	}
}

func TestRemoveNode(t *testing.T) {
	s := newTestStore(t)
	s.RemoveNode("p/a.go::T")
	if s.Has("p/a.go::T") || len(s.ByName("T")) != 0 {
		t.Fatal("type still present")
	}
	if got := s.In("p/a.go::T.M", EdgeContains); len(got) != 1 {
		t.Errorf("method keeps %d contains edges, want 1 (file)", len(got))
	}
	if s.EdgeCount() != 4 {
		t.Errorf("edges = %d, want 4", s.EdgeCount())
	}
	s.RemoveEdge("p/a.go::F", "p/a.go::T.M", EdgeCalls)
	if _, ok := s.EdgeBetween("p/a.go::F", "p/a.go::T.M"); ok {
		t.Error("calls edge survived RemoveEdge")
	}
}

func TestSaveLoad(t *testing.T) {
	s := newTestStore(t)
	s.RemoveNode("p/a.go::F") // leaves holes that Save must compact
	var buf bytes.Buffer
	if err := s.Save(&buf); err != nil {
		t.Fatal(err)
	}
	data := buf.Bytes()
	got, err := Load(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { checkInvariants(t, got) })
	if got.NodeCount() != s.NodeCount() || got.EdgeCount() != s.EdgeCount() {
		t.Fatalf("loaded %d nodes %d edges, want %d %d", got.NodeCount(), got.EdgeCount(), s.NodeCount(), s.EdgeCount())
	}
	if m := got.In("p/a.go::T", EdgeMotivates); len(m) != 1 || len(m[0].Motivations) != 2 {
		t.Errorf("motivations lost: %+v", m)
	}
	if _, err := Load(bytes.NewReader(data[:len(data)/2])); !errors.Is(err, ErrCorrupt) {
		t.Errorf("truncated snapshot: err = %v, want ErrCorrupt", err)
	}
}

// TestNewSized: a store made with room for its nodes holds what New's
// does, and adding them allocates less: its maps do not grow.
func TestNewSized(t *testing.T) {
	const n = 2000
	nodes := make([]Node, n)
	for i := range nodes {
		nodes[i] = Node{ID: NodeID(fmt.Sprintf("p/a.go::F%d", i)), Kind: KindFunction, Name: fmt.Sprintf("F%d", i%700)}
	}
	fill := func(s *Store) *Store {
		for _, nd := range nodes {
			if err := s.AddNode(nd); err != nil {
				t.Fatal(err)
			}
		}
		return s
	}
	sized, grown := fill(NewSized(n)), fill(New())
	if sized.NodeCount() != n || len(sized.ByName("F7")) != len(grown.ByName("F7")) {
		t.Fatalf("sized store: %d nodes, %d named F7; want %d, %d", sized.NodeCount(), len(sized.ByName("F7")), n, len(grown.ByName("F7")))
	}
	withRoom := testing.AllocsPerRun(5, func() { fill(NewSized(n)) })
	without := testing.AllocsPerRun(5, func() { fill(New()) })
	if withRoom >= without {
		t.Errorf("adding %d nodes allocates %.0f times into NewSized(%d), %.0f into New(): want fewer", n, withRoom, n, without)
	}
}
