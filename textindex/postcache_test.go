package textindex

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/gortex/gortex/graph"
)

// TestPostingsCache: a search of an index on disk answers the same, hit
// for hit, score for score (bit for bit) and term for term, with its
// postings decoded anew, read from postCache the first time (decoded and
// kept) and the second (read back); and after sections were removed, the
// cached postings of the segments that stay are read without them. An
// index made anew in the same place is not answered from the old one's
// postings.
func TestPostingsCache(t *testing.T) {
	ctx := context.Background()
	words := strings.Fields("ledger invoice retry backoff cents drift sum amount write queue node pool health repair budget disruption")
	section := func(i int, extra string) *graph.Node {
		var text []string
		for j := range 3 + i%7 {
			text = append(text, words[(i*7+j*3)%len(words)])
		}
		return &graph.Node{ID: graph.NodeID(fmt.Sprintf("doc:d%d.md#L1", i)), Kind: graph.KindDoc,
			Path: fmt.Sprintf("docs/%s/d%d.md", words[i%len(words)], i), Name: words[(i+5)%len(words)], Text: strings.Join(text, " ") + extra}
	}
	var nodes []*graph.Node
	for i := range 60 {
		nodes = append(nodes, section(i, ""))
	}
	dir := filepath.Join(t.TempDir(), "content.bleve")
	write := func(create bool, remove []graph.NodeID, add []*graph.Node) {
		t.Helper()
		if err := (Indexer{}).UpdateContent(ctx, dir, create, remove, add); err != nil {
			t.Fatal(err)
		}
	}
	write(true, nil, nodes[:20])
	write(false, nil, nodes[20:40])
	write(false, nil, nodes[40:])
	queries := []string{"ledger retry", "drifting sums of cents", "node pool health repair budget", "queue", "ledger ledger ledger write", "nothing matches this"}
	search := func(cache bool) [][]Hit {
		t.Helper()
		defer func(on bool) { postCacheOn = on }(postCacheOn)
		postCacheOn = cache
		r, err := OpenReader(dir)
		if err != nil {
			t.Fatal(err)
		}
		defer r.Close()
		var out [][]Hit
		for _, q := range queries {
			for _, limit := range []int{1, 10, 100} {
				hits, err := r.Search(ctx, q, limit)
				if err != nil {
					t.Fatal(err)
				}
				out = append(out, hits)
			}
		}
		return out
	}
	check := func(when string) {
		t.Helper()
		want := search(false)
		for _, pass := range []string{"decoded and kept", "read back"} {
			if got := search(true); !reflect.DeepEqual(got, want) {
				t.Errorf("%s, %s: cached search differs:\n%v\nwant\n%v", when, pass, got, want)
			}
		}
		if postCache.Len() == 0 {
			t.Errorf("%s: nothing cached", when)
		}
	}
	check("three segments")
	write(false, []graph.NodeID{nodes[3].ID, nodes[25].ID, nodes[47].ID}, nil)
	check("three sections removed")
	// The same IDs and paths, other words: the index made anew.
	var again []*graph.Node
	for i := range 60 {
		again = append(again, section(i+1, " ledger"))
	}
	for i := range again {
		again[i].ID = nodes[i].ID
	}
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	write(true, nil, again[:20])
	write(false, nil, again[20:40])
	write(false, nil, again[40:])
	check("made anew")
}
