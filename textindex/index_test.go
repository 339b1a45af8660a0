package textindex

import (
	"context"
	"fmt"
	"math"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/search/query"
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

// bleveSearch is the search Search stands for, run by Bleve: the
// disjunction of a match query per field, each hit's terms read from its
// term locations.
func bleveSearch(t *testing.T, c *Index, text string, limit int) []Hit {
	t.Helper()
	var qs []query.Query
	for _, f := range searchFields {
		q := bleve.NewMatchQuery(text)
		q.SetField(f.name)
		q.SetBoost(f.boost)
		qs = append(qs, q)
	}
	req := bleve.NewSearchRequestOptions(bleve.NewDisjunctionQuery(qs...), limit, 0, false)
	req.IncludeLocations = true
	res, err := c.idx.SearchInContext(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	hits := make([]Hit, len(res.Hits))
	for i, h := range res.Hits {
		var terms []string
		for _, byTerm := range h.Locations {
			for term := range byTerm {
				terms = append(terms, term)
			}
		}
		slices.Sort(terms)
		hits[i] = Hit{ID: graph.NodeID(h.ID), Score: h.Score, Terms: slices.Compact(terms)}
	}
	return hits
}

// TestSearchMatchesBleve checks Search against Bleve's own search, on an
// index on disk of several segments (sections added in three updates) and
// in memory: the same hits in the same order, scores equal up to the order
// of their sums, the same terms. Sections of the same words score the same
// but for rounding, so among near-equal scores the order may differ.
func TestSearchMatchesBleve(t *testing.T) {
	ctx := context.Background()
	words := strings.Fields("ledger invoice retry backoff cents drift sum amount write queue node pool health repair budget disruption")
	var nodes []*graph.Node
	for i := range 60 {
		var text []string
		for j := range 3 + i%7 {
			text = append(text, words[(i*7+j*3)%len(words)])
		}
		nodes = append(nodes, &graph.Node{ID: graph.NodeID(fmt.Sprintf("doc:d%d.md#L1", i)), Kind: graph.KindDoc,
			Path: fmt.Sprintf("docs/%s/d%d.md", words[i%len(words)], i), Name: words[(i+5)%len(words)], Text: strings.Join(text, " ")})
	}
	disk, err := Create(filepath.Join(t.TempDir(), "content.bleve"))
	if err != nil {
		t.Fatal(err)
	}
	defer disk.Close()
	for _, part := range [][]*graph.Node{nodes[:20], nodes[20:40], nodes[40:]} {
		if err := disk.Update(ctx, nil, part); err != nil {
			t.Fatal(err)
		}
	}
	if err := disk.Update(ctx, []graph.NodeID{nodes[3].ID, nodes[25].ID}, nil); err != nil {
		t.Fatal(err)
	}
	mem, err := NewMem(ctx, nodes)
	if err != nil {
		t.Fatal(err)
	}
	defer mem.Close()
	queries := []string{"ledger retry", "drifting sums of cents", "node pool health repair budget", "queue", "ledger ledger ledger write", "nothing matches this", ""}
	for name, idx := range map[string]*Index{"disk": disk, "memory": mem} {
		for _, q := range queries {
			for _, limit := range []int{1, 10, 100} {
				got, err := idx.Search(ctx, q, limit)
				if err != nil {
					t.Fatal(err)
				}
				want := bleveSearch(t, idx, q, limit)
				if len(got) != len(want) {
					t.Fatalf("%s: Search(%q, %d): %d hits, Bleve %d", name, q, limit, len(got), len(want))
				}
				for i := range got {
					g, w := got[i], want[i]
					if math.Abs(g.Score-w.Score) > 1e-12*w.Score {
						t.Errorf("%s: Search(%q) hit %d: score %v, Bleve %v", name, q, i, g.Score, w.Score)
					}
					if g.ID != w.ID {
						// Only a near tie may come in another order.
						if j := slices.IndexFunc(want, func(h Hit) bool { return h.ID == g.ID }); j < 0 || math.Abs(want[j].Score-g.Score) > 1e-12*g.Score {
							t.Errorf("%s: Search(%q) hit %d: %s, Bleve %s", name, q, i, g.ID, w.ID)
						}
						continue
					}
					if terms := slices.Sorted(slices.Values(g.Terms)); !slices.Equal(terms, w.Terms) {
						t.Errorf("%s: Search(%q) hit %d terms %v, Bleve %v", name, q, i, terms, w.Terms)
					}
				}
			}
		}
	}
}
