package textindex

import (
	"context"
	"path/filepath"
	"slices"
	"testing"

	"github.com/gortex/gortex/graph"
)

var sections = []*graph.Node{
	{ID: "doc:docs/adr/0001.md#L1", Kind: graph.KindDoc, Path: "docs/adr/0001-integer-cents.md", Name: "Integer cents",
		HeadingPath: []string{"ADR 1", "Integer cents"}, Text: "Floating point sums drift, so every amount is kept in integer cents."},
	{ID: "doc:docs/design/retry.md#L1", Kind: graph.KindDoc, Path: "docs/design/retry.md", Name: "Retries",
		Text: "Failed ledger writes are retried with exponential backoff."},
}

func TestMemSearch(t *testing.T) {
	ctx := context.Background()
	idx, err := NewMem(ctx, sections)
	if err != nil {
		t.Fatal(err)
	}
	defer idx.Close()
	tests := []struct {
		name, query string
		want        graph.NodeID
		terms       []string
	}{
		{"stemmed text", "drifting sums", sections[0].ID, []string{"drift", "sum"}},
		{"heading path", "integer cents", sections[0].ID, []string{"integ", "cent"}},
		{"path words", "retry design", sections[1].ID, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			hits, err := idx.Search(ctx, tt.query, 5)
			if err != nil {
				t.Fatal(err)
			}
			if len(hits) == 0 || hits[0].ID != tt.want {
				t.Fatalf("Search(%q) = %+v, want %s first", tt.query, hits, tt.want)
			}
			for _, term := range tt.terms {
				if !slices.Contains(hits[0].Terms, term) {
					t.Errorf("hit terms %v lack %q", hits[0].Terms, term)
				}
			}
		})
	}
	if got := idx.Analyze("The sums drifted"); !slices.Equal(got, []string{"sum", "drift"}) {
		t.Errorf("Analyze = %v, want [sum drift]", got)
	}
}

// TestReadersShare: readers of an index on disk may hold it at once, so a
// long-running server and a CLI query do not block each other.
func TestReadersShare(t *testing.T) {
	ctx := context.Background()
	dir := filepath.Join(t.TempDir(), "content.bleve")
	if err := (Indexer{}).UpdateContent(ctx, dir, true, nil, sections); err != nil {
		t.Fatal(err)
	}
	a, err := OpenReader(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	b, err := OpenReader(dir)
	if err != nil {
		t.Fatalf("second reader while the first is open: %v", err)
	}
	defer b.Close()
	for _, r := range []*Index{a, b} {
		if n, err := r.Count(); err != nil || n != uint64(len(sections)) {
			t.Errorf("Count = %d, %v; want %d", n, err, len(sections))
		}
	}
	if err := (Indexer{}).UpdateContent(ctx, filepath.Join(t.TempDir(), "other"), false, nil, nil); err == nil {
		t.Error("updating an index that does not exist succeeded")
	}
}
