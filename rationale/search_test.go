package rationale

import (
	"context"
	"testing"
	"time"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/memory"
)

func TestMemoriesSearch(t *testing.T) {
	ctx := context.Background()
	at := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	mem := func(id memory.ID, title, body string) *memory.Memory {
		return &memory.Memory{ID: id, Title: title, Body: body, Kind: memory.KindDecision, Importance: 3, Confidence: 1,
			Created: at, Updated: at, Scope: memory.ScopeWorkspace}
	}
	l := LinkMemories(projectStore(t), []*memory.Memory{
		mem("20260101T000000Z-aaaaaa", "Refunds are idempotent", "A retried refund must not pay twice."),
		mem("20260101T000000Z-bbbbbb", "Discounts apply before tax", "Tax is computed on the discounted total."),
	})
	tests := []struct {
		name  string
		layer *Memories
		text  string
		want  []graph.NodeID
	}{
		{"one match", l, "refunding", []graph.NodeID{memory.NodeID("20260101T000000Z-aaaaaa")}},
		{"the other", l, "discount tax", []graph.NodeID{memory.NodeID("20260101T000000Z-bbbbbb")}},
		{"no match", l, "kubernetes", nil},
		{"empty layer", LinkMemories(projectStore(t), nil), "refund", nil},
		{"nil layer", nil, "refund", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			hits, err := tt.layer.Search(ctx, tt.text, 10)
			if err != nil {
				t.Fatal(err)
			}
			var got []graph.NodeID
			for _, h := range hits {
				got = append(got, h.ID)
			}
			if len(got) != len(tt.want) || len(got) > 0 && got[0] != tt.want[0] {
				t.Errorf("Search(%q) = %v, want %v", tt.text, got, tt.want)
			}
		})
	}
	first := l.search.idx
	if _, err := l.Search(ctx, "refund", 1); err != nil || l.search.idx != first || first == nil {
		t.Error("a second search built the layer's index again")
	}
	if got := l.Analyze("Refunds are idempotent"); len(got) != 2 {
		t.Errorf("Analyze = %v, want two stemmed terms", got)
	}
}
