package query

import (
	"testing"
	"time"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/graph/graphtest"
	"github.com/gortex/gortex/memory"
	"github.com/gortex/gortex/rationale"
)

// Helpers that build graphs for the tests of this package.

// testNow is the time the tests rank at.
var testNow = time.Date(2025, 6, 1, 12, 0, 0, 0, time.UTC)

// newTestStore returns an empty store that is checked (graph.Store.Check)
// when the test ends, after whatever the test did to it.
func newTestStore(t *testing.T) *graph.Store {
	t.Helper()
	return graphtest.Checked(t, graph.New())
}

// addNodes adds nodes to s.
func addNodes(t *testing.T, s *graph.Store, nodes ...graph.Node) {
	t.Helper()
	for _, n := range nodes {
		if err := s.AddNode(n); err != nil {
			t.Fatal(err)
		}
	}
}

// addEdge joins from to to with the kinds in k.
func addEdge(t *testing.T, s *graph.Store, from, to graph.NodeID, k graph.EdgeKind) {
	t.Helper()
	if err := s.AddEdge(from, to, k); err != nil {
		t.Fatal(err)
	}
}

// motivate records that from motivates to through signal sig.
func motivate(t *testing.T, s *graph.Store, from, to graph.NodeID, sig graph.Signal, score float64, detail string) {
	t.Helper()
	if err := s.AddMotivation(from, to, graph.Motivation{Signal: sig, Score: score, Detail: detail}); err != nil {
		t.Fatal(err)
	}
}

// node returns the node id of s. Take nodes after the store is built:
// adding nodes may move them.
func node(t *testing.T, s *graph.Store, id graph.NodeID) *graph.Node {
	t.Helper()
	n, ok := s.Node(id)
	if !ok {
		t.Fatalf("no node %s", id)
	}
	return n
}

// The code of the test graphs: package billing holds invoice.go, which
// declares type Invoice with method Finalize, and function Total.
const (
	pkgBilling  = graph.NodeID("pkg:example.com/shop/billing")
	fileInvoice = graph.NodeID("billing/invoice.go")
	typeInvoice = graph.NodeID("billing/invoice.go::Invoice")
	methodFinal = graph.NodeID("billing/invoice.go::Invoice.Finalize")
	funcTotal   = graph.NodeID("billing/invoice.go::Total")
)

// addCode adds the code nodes above with their contains edges: the
// package contains the file, the file each symbol, the type its method.
func addCode(t *testing.T, s *graph.Store) {
	t.Helper()
	const path = "billing/invoice.go"
	addNodes(t, s,
		graph.Node{ID: pkgBilling, Kind: graph.KindPackage, Name: "billing", Qualified: "example.com/shop/billing", Path: "billing"},
		graph.Node{ID: fileInvoice, Kind: graph.KindFile, Name: "invoice.go", Path: path, Lang: "go"},
		graph.Node{ID: typeInvoice, Kind: graph.KindType, Name: "Invoice", Qualified: "example.com/shop/billing.Invoice",
			Path: path, Line: 5, EndLine: 9, Lang: "go", Package: "billing"},
		graph.Node{ID: methodFinal, Kind: graph.KindMethod, Name: "Finalize", Qualified: "example.com/shop/billing.Invoice.Finalize",
			Path: path, Line: 11, EndLine: 20, Lang: "go", Package: "billing", Receiver: "Invoice"},
		graph.Node{ID: funcTotal, Kind: graph.KindFunction, Name: "Total", Qualified: "example.com/shop/billing.Total",
			Path: path, Line: 22, EndLine: 30, Lang: "go", Package: "billing"},
	)
	addEdge(t, s, pkgBilling, fileInvoice, graph.EdgeContains)
	for _, id := range []graph.NodeID{typeInvoice, methodFinal, funcTotal} {
		addEdge(t, s, fileInvoice, id, graph.EdgeContains)
	}
	addEdge(t, s, typeInvoice, methodFinal, graph.EdgeContains)
	addEdge(t, s, funcTotal, methodFinal, graph.EdgeCalls)
}

// section is a document section at line 1 of path, of the given asset
// kind, with its own heading and words (so that no two are copies).
func section(path, heading string, kind rationale.AssetKind) graph.Node {
	n := graph.Node{ID: graph.SectionID(path, 1), Kind: graph.KindDoc, Name: heading, Path: path, Line: 1,
		Lang: "markdown", HeadingPath: []string{heading}, Text: "Section " + heading + " of " + path + "."}
	n.SetAttr(rationale.AttrAssetKind, string(kind))
	return n
}

// testMemory is what a test says of a memory; addMemories makes it one.
type testMemory struct {
	id           string
	anchor       graph.NodeID // the symbol it is anchored to
	pinned       bool
	importance   int
	confidence   float64
	updated      time.Time // zero: a day before testNow
	supersededBy string    // the id of the memory that replaces it
}

// testLayers holds the memory layer addMemories made for each test store.
var testLayers = map[*graph.Store]*rationale.Memories{}

// layerOf is the memory layer of s; nil (no memories) when it has none.
func layerOf(s *graph.Store) *rationale.Memories { return testLayers[s] }

// addMemories links the memories to s as gortex does, through
// rationale.LinkMemories: each gets a link, signal memory, to its anchor;
// layerOf(s) returns the layer. It is the one place tests make memories.
// Call it once per store: it replaces the memories s had.
func addMemories(t *testing.T, s *graph.Store, mems ...testMemory) {
	t.Helper()
	var ms []*memory.Memory
	for _, tm := range mems {
		updated := tm.updated
		if updated.IsZero() {
			updated = testNow.Add(-24 * time.Hour)
		}
		ms = append(ms, &memory.Memory{
			ID: memory.ID(tm.id), Title: "memory " + tm.id, Kind: memory.DefaultKind,
			Symbols:    []memory.SymbolAnchor{{Written: string(tm.anchor), ID: tm.anchor}},
			Importance: tm.importance, Confidence: tm.confidence, Pinned: tm.pinned,
			Created: updated, Updated: updated, SupersededBy: memory.ID(tm.supersededBy),
			Path: ".gortex/memories/" + tm.id + ".md", Scope: memory.ScopeWorkspace,
		})
		if !s.Has(tm.anchor) {
			t.Fatalf("memory %s: no anchor %s", tm.id, tm.anchor)
		}
	}
	l := rationale.LinkMemories(s, ms)
	if got := l.Links(); got != len(ms) {
		t.Fatalf("LinkMemories made %d links, want %d", got, len(ms))
	}
	testLayers[s] = l
	t.Cleanup(func() { delete(testLayers, s) })
}

// memID is the node ID of memory id.
func memID(id string) graph.NodeID { return memory.NodeID(memory.ID(id)) }
