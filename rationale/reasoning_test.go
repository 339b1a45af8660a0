package rationale

import (
	"testing"
	"time"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/memory"
)

// TestReasoning reads the reasoning into a method: the graph's links
// (each with its strongest motivation) first, then the memory's, and finds
// each source again from its ID, a memory's through its "mem:" node ID.
func TestReasoning(t *testing.T) {
	s := projectStore(t)
	const method graph.NodeID = "billing/invoice.go::Invoice.Finalize"
	sec := graph.SectionID("docs/billing.md", 3)
	if err := s.AddNode(graph.Node{ID: sec, Kind: graph.KindDoc, Name: "Finalizing", Path: "docs/billing.md", Line: 3, Text: "Finalize once."}); err != nil {
		t.Fatal(err)
	}
	for _, m := range []graph.Motivation{{Signal: graph.SignalLexical, Score: 0.3}, {Signal: graph.SignalNamed, Score: 0.9, Detail: "Invoice.Finalize"}} {
		if err := s.AddMotivation(sec, method, m); err != nil {
			t.Fatal(err)
		}
	}
	at := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	m := &memory.Memory{ID: "20260101T000000Z-aaaaaa", Title: "Finalize once", Body: "Call it once.", Kind: memory.KindInvariant,
		Importance: 3, Confidence: 1, Created: at, Updated: at, Scope: memory.ScopeWorkspace,
		Symbols: []memory.SymbolAnchor{{Written: "Invoice.Finalize", ID: method}}}
	r := Reasoning{Store: s, Memories: LinkMemories(s, []*memory.Memory{m})}

	links := r.Into(method)
	if len(links) != 2 {
		t.Fatalf("Into(%s) = %d links, want 2: %+v", method, len(links), links)
	}
	if l := links[0]; l.Source.ID != sec || l.FromMemory() || l.Signal != graph.SignalNamed || l.Score != 0.9 || l.Detail != "Invoice.Finalize" {
		t.Errorf("first link = %+v, want the section's named link", l)
	}
	if l := links[1]; l.Source.ID != memory.NodeID(m.ID) || l.Memory != m || l.Signal != graph.SignalMemory {
		t.Errorf("second link = %+v, want the memory's anchor", l)
	}

	tests := []struct {
		name   string
		id     graph.NodeID
		found  bool
		memory *memory.Memory
	}{
		{"a section", sec, true, nil},
		{"a memory", memory.NodeID(m.ID), true, m},
		{"a memory the layer lacks", memory.NodeID("20990101T000000Z-zzzzzz"), false, nil},
		{"nothing", "docs/none.md#1", false, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			n, got, ok := r.Source(tt.id)
			if ok != tt.found || got != tt.memory || (ok && n.ID != tt.id) {
				t.Errorf("Source(%s) = %v, %v, %v; want found %v, memory %v", tt.id, n, got, ok, tt.found, tt.memory)
			}
		})
	}
	if id, ok := memory.IDOf(memory.NodeID(m.ID)); !ok || id != m.ID {
		t.Errorf("IDOf(NodeID(%s)) = %s, %v", m.ID, id, ok)
	}
	if _, ok := memory.IDOf(sec); ok {
		t.Errorf("IDOf(%s) is a memory", sec)
	}
}
