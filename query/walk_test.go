package query

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/memory"
	"github.com/gortex/gortex/rationale"
)

// walkHit is what a test compares of a hit.
type walkHit struct {
	source graph.NodeID
	signal graph.Signal
	score  float64
	detail string
	via    graph.NodeID // "" for a direct edge
	depth  int
}

func (h walkHit) String() string {
	return fmt.Sprintf("{%s %s %.3f %q via=%q depth=%d}", h.source, h.signal, h.score, h.detail, h.via, h.depth)
}

func walkHits(t *testing.T, hits []hit) []walkHit {
	t.Helper()
	out := []walkHit{}
	for _, h := range hits {
		w := walkHit{source: h.source.ID, signal: h.signal, score: h.score, detail: h.detail, depth: h.depth}
		if h.via != nil {
			w.via = h.via.ID
		}
		if h.lex != 0 {
			t.Errorf("Walk set the lexical similarity of %s; that is withLexical's job", h.source.ID)
		}
		out = append(out, w)
	}
	return out
}

func TestWalk(t *testing.T) {
	docA := graph.SectionID("docs/a.md", 1)
	docB := graph.SectionID("docs/b.md", 1)
	docC := graph.SectionID("docs/c.md", 1)
	docD := graph.SectionID("docs/d.md", 1)
	docs := func(t *testing.T, s *graph.Store) {
		for _, p := range []string{"docs/a.md", "docs/b.md", "docs/c.md", "docs/d.md"} {
			addNodes(t, s, section(p, "Heading of "+p, rationale.AssetDesign))
		}
	}
	tests := []struct {
		name   string
		build  func(t *testing.T, s *graph.Store)
		target graph.NodeID
		want   []walkHit
	}{
		{
			name:   "nothing motivates the symbol or its containers",
			build:  func(t *testing.T, s *graph.Store) { docs(t, s) },
			target: methodFinal,
			want:   []walkHit{},
		},
		{
			name: "one hop: reasoning of a caller or callee is not the symbol's",
			build: func(t *testing.T, s *graph.Store) {
				docs(t, s)
				motivate(t, s, docA, methodFinal, graph.SignalNamed, 0.9, "Invoice.Finalize")
				motivate(t, s, docB, funcTotal, graph.SignalNamed, 0.9, "Total") // Total calls Finalize
			},
			target: methodFinal,
			want:   []walkHit{{docA, graph.SignalNamed, 0.9, "Invoice.Finalize", "", 0}},
		},
		{
			name: "containers follow method, type, file, package, each one deeper",
			build: func(t *testing.T, s *graph.Store) {
				docs(t, s)
				motivate(t, s, docD, pkgBilling, graph.SignalPath, 0.4, "billing/")
				motivate(t, s, docC, fileInvoice, graph.SignalPath, 0.6, "billing/invoice.go")
				motivate(t, s, docB, typeInvoice, graph.SignalCochange, 0.5, "")
				motivate(t, s, docA, methodFinal, graph.SignalLexical, 0.3, "finalize")
			},
			target: methodFinal,
			want: []walkHit{
				{docA, graph.SignalLexical, 0.3, "finalize", "", 0},
				{docB, graph.SignalCochange, 0.5, "", typeInvoice, 1},
				{docC, graph.SignalPath, 0.6, "billing/invoice.go", fileInvoice, 2},
				{docD, graph.SignalPath, 0.4, "billing/", pkgBilling, 3},
			},
		},
		{
			name: "a file's containers: its package",
			build: func(t *testing.T, s *graph.Store) {
				docs(t, s)
				motivate(t, s, docA, fileInvoice, graph.SignalPath, 0.6, "billing/invoice.go")
				motivate(t, s, docB, pkgBilling, graph.SignalNamed, 0.8, "billing")
				motivate(t, s, docC, typeInvoice, graph.SignalNamed, 0.8, "Invoice") // a member, not a container
			},
			target: fileInvoice,
			want: []walkHit{
				{docA, graph.SignalPath, 0.6, "billing/invoice.go", "", 0},
				{docB, graph.SignalMember, 0.8, "billing", pkgBilling, 1},
			},
		},
		{
			name: "a link to a package under minPackageMember explains none of its symbols",
			build: func(t *testing.T, s *graph.Store) {
				docs(t, s)
				motivate(t, s, docA, pkgBilling, graph.SignalNamed, 0.15, "the Billing")
				motivate(t, s, docB, pkgBilling, graph.SignalNamed, 0.6, "the Billing component")
			},
			target: methodFinal,
			want:   []walkHit{{docB, graph.SignalMember, 0.6, "the Billing component", pkgBilling, 3}},
		},
		{
			name: "named through a container becomes member; direct named stays named",
			build: func(t *testing.T, s *graph.Store) {
				docs(t, s)
				motivate(t, s, docA, methodFinal, graph.SignalNamed, 0.9, "Invoice.Finalize")
				motivate(t, s, docB, typeInvoice, graph.SignalNamed, 0.8, "Invoice")
				motivate(t, s, docC, pkgBilling, graph.SignalNamed, 0.7, "billing")
			},
			target: methodFinal,
			want: []walkHit{
				{docA, graph.SignalNamed, 0.9, "Invoice.Finalize", "", 0},
				{docB, graph.SignalMember, 0.8, "Invoice", typeInvoice, 1},
				{docC, graph.SignalMember, 0.7, "billing", pkgBilling, 3},
			},
		},
		{
			name: "first edge per source: the closest one, even when a farther one is stronger",
			build: func(t *testing.T, s *graph.Store) {
				docs(t, s)
				motivate(t, s, docA, methodFinal, graph.SignalLexical, 0.2, "finalize")
				motivate(t, s, docA, typeInvoice, graph.SignalNamed, 1.0, "Invoice")
				motivate(t, s, docA, fileInvoice, graph.SignalPath, 0.7, "billing/invoice.go")
				motivate(t, s, docB, typeInvoice, graph.SignalNamed, 0.6, "Invoice")
				motivate(t, s, docB, pkgBilling, graph.SignalNamed, 0.9, "billing")
			},
			target: methodFinal,
			want: []walkHit{
				{docA, graph.SignalLexical, 0.2, "finalize", "", 0},
				{docB, graph.SignalMember, 0.6, "Invoice", typeInvoice, 1},
			},
		},
		{
			name: "an edge's strongest motivation stands for it",
			build: func(t *testing.T, s *graph.Store) {
				docs(t, s)
				motivate(t, s, docA, methodFinal, graph.SignalLexical, 0.95, "finalize")
				motivate(t, s, docA, methodFinal, graph.SignalNamed, 0.4, "Invoice.Finalize")
				motivate(t, s, docA, methodFinal, graph.SignalPath, 0.9, "billing/invoice.go")
			},
			target: methodFinal,
			want:   []walkHit{{docA, graph.SignalNamed, 0.4, "Invoice.Finalize", "", 0}},
		},
		{
			name: "a motivates edge without motivations is no reasoning",
			build: func(t *testing.T, s *graph.Store) {
				docs(t, s)
				addEdge(t, s, docA, methodFinal, graph.EdgeMotivates)
				addEdge(t, s, docB, methodFinal, graph.EdgeReferences)
				motivate(t, s, docC, methodFinal, graph.SignalCochange, 0.5, "")
			},
			target: methodFinal,
			want:   []walkHit{{docC, graph.SignalCochange, 0.5, "", "", 0}},
		},
		{
			name: "memories keep their signal, directly and through a container",
			build: func(t *testing.T, s *graph.Store) {
				addMemories(t, s,
					testMemory{id: "on-method", anchor: methodFinal, importance: 4, confidence: 0.5},
					testMemory{id: "on-type", anchor: typeInvoice, pinned: true, importance: 2, confidence: 1})
			},
			target: methodFinal,
			want: []walkHit{
				{memID("on-method"), graph.SignalMemory, memory.Score(false, 4, 0.5), string(methodFinal), "", 0},
				{memID("on-type"), graph.SignalMemory, memory.Score(true, 2, 1), string(typeInvoice), typeInvoice, 1},
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newTestStore(t)
			addCode(t, s)
			tt.build(t, s)
			got := walkHits(t, walk(rationale.Reasoning{Store: s, Memories: layerOf(s)}, node(t, s, tt.target), minPackageMember))
			if !slices.IsSortedFunc(got, func(a, b walkHit) int { return a.depth - b.depth }) {
				t.Errorf("Walk(%s) is not closest first: %v", tt.target, got)
			}
			// The edges into one node come in no promised order: compare
			// each depth's hits sorted by source.
			slices.SortStableFunc(got, func(a, b walkHit) int {
				if a.depth != b.depth {
					return a.depth - b.depth
				}
				return strings.Compare(string(a.source), string(b.source))
			})
			if !slices.Equal(got, tt.want) {
				t.Errorf("Walk(%s)\n got %v\nwant %v", tt.target, got, tt.want)
			}
		})
	}
}

// A file query keeps the weak links of its package: the file is a part of
// the package as a whole, which is what they explain.
func TestWalkFileKeepsWeakPackageLinks(t *testing.T) {
	s := newTestStore(t)
	addCode(t, s)
	addNodes(t, s, section("docs/a.md", "Overview", rationale.AssetDesign))
	doc := graph.SectionID("docs/a.md", 1)
	motivate(t, s, doc, pkgBilling, graph.SignalNamed, 0.15, "the Billing")
	got := walkHits(t, walk(rationale.Reasoning{Store: s, Memories: layerOf(s)}, node(t, s, fileInvoice), 0))
	want := []walkHit{{doc, graph.SignalMember, 0.15, "the Billing", pkgBilling, 1}}
	if !slices.Equal(got, want) {
		t.Errorf("walk(file, 0)\n got %v\nwant %v", got, want)
	}
	if got := walk(rationale.Reasoning{Store: s, Memories: layerOf(s)}, node(t, s, fileInvoice), minPackageMember); len(got) != 0 {
		t.Errorf("Walk(file) kept %v", walkHits(t, got))
	}
}

// TestWhyPackageByAboutness: the links of a package are its name written
// in prose, all of one score; the answer ranks the sections by how much
// they are about the package (a heading that names it, its mentions, a
// document named for it), not by how recent their documents are.
func TestWhyPackageByAboutness(t *testing.T) {
	s := newTestStore(t)
	addCode(t, s)
	old, recent := testNow.AddDate(-5, 0, 0), testNow.AddDate(0, 0, -1)
	docs := []struct {
		path, heading, text string
		updated             time.Time
	}{
		{"docs/roadmap.md", "Next release", "The Billing package gets a new home, like the rest.", recent},
		{"docs/kinds.md", "Every object", "| Cart | yes |\n| Billing | yes |\n| Order | no |", recent},
		{"docs/proposals/invoice-billing.md", "Billing design", "Billing keeps invoices. The billing package finalizes them; Billing never retries.", old},
		{"docs/proposals/invoice-billing.md#2", "Retries", "Nothing in billing retries: a failed invoice waits for the operator.", old},
		{"docs/guide.md", "Paying", "Shop users pay by card; billing sends them an invoice.", old},
	}
	for i, d := range docs {
		p, line := d.path, 1
		if before, _, ok := strings.Cut(p, "#"); ok {
			p, line = before, 20
		}
		n := section(p, d.heading, rationale.AssetDesign)
		n.ID, n.Line, n.Text, n.Updated = graph.SectionID(p, line), line, d.text, d.updated
		addNodes(t, s, n)
		motivate(t, s, n.ID, pkgBilling, graph.SignalNamed, 0.15, fmt.Sprintf("Billing %d", i))
	}
	a, err := Why(context.Background(), s, NodeTarget("", node(t, s, pkgBilling)), Options{Now: testNow})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range a.Rationale {
		got = append(got, fmt.Sprintf("%s:%d", e.Path, e.Line))
	}
	want := []string{"docs/proposals/invoice-billing.md:1", "docs/proposals/invoice-billing.md:20",
		"docs/kinds.md:1", "docs/roadmap.md:1", "docs/guide.md:1"} // one mention each: the recent first
	if !slices.Equal(got, want) {
		t.Errorf("order = %v, want %v", got, want)
	}
}
