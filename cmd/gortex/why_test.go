package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/graph/graphtest"
	"github.com/gortex/gortex/indexer"
)

// A snapshot whose record points outside it (a flipped byte the open,
// which sums no checksum, does not see) is noticed when the answer reads
// it: why says the index is damaged, rebuilds it, and answers as from a
// sound index.
func TestWhyDamagedIndex(t *testing.T) {
	dir := fixtureCopy(t)
	const q = "cart.Cart.Total"
	if code, _, stderr := run(t, "index", "--quiet", dir); code != exitOK {
		t.Fatalf("index: %s", stderr)
	}
	_, want, _ := run(t, "why", "--dir", dir, "--json", "--no-llm", q)
	file := filepath.Join(indexer.IndexDir(dir), "graph.bin")
	// Among the flipped bytes a read of the asked symbol's neighbourhood
	// meets (cheap to find), the first that why notices.
	var code int
	var out, stderr string
	flipped := graphtest.Damage(t, file, readNeighbourhood("Total"), func() bool {
		code, out, stderr = run(t, "why", "--dir", dir, "--json", "--no-llm", q)
		return strings.Contains(stderr, "the index is damaged")
	}, 300)
	if flipped < 0 {
		t.Fatal("none of 300 flipped bytes that damage the symbol's records was noticed by why")
	}
	if code != exitOK || out != want {
		t.Errorf("byte %d flipped: exit %d, stderr:\n%s\nanswer differs from the sound index's: %v", flipped, code, stderr, out != want)
	}
	if code, _, stderr := run(t, "why", "--dir", dir, "--json", "--no-llm", q); code != exitOK || strings.Contains(stderr, "damaged") {
		t.Errorf("after the rebuild: exit %d, stderr:\n%s", code, stderr)
	}
}

// readNeighbourhood reads the symbols named name, their edges and the
// nodes at their ends.
func readNeighbourhood(name string) func(*graph.Store) {
	return func(s *graph.Store) {
		for _, n := range s.ByName(name) {
			for _, e := range append(s.Out(n.ID, ^graph.EdgeKind(0)), s.In(n.ID, ^graph.EdgeKind(0))...) {
				for _, id := range []graph.NodeID{e.From, e.To} {
					if m, ok := s.Node(id); ok {
						_ = m.Text + m.Path + m.Name
					}
				}
			}
		}
	}
}
