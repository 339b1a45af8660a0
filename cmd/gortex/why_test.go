package main

import (
	"os"
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

// TestWhySeesChanges: why answers while its check of the index's
// directories and documents runs, so each change that check sees must
// still reach the answer: a document added beside the others, and one
// edited in place (its directory's time kept), both naming the asked
// symbol. Nothing changed, nothing is updated.
func TestWhySeesChanges(t *testing.T) {
	dir := fixtureCopy(t)
	const q = "cart.Cart.Empty"
	if code, _, stderr := run(t, "index", "--quiet", dir); code != exitOK {
		t.Fatalf("index: %s", stderr)
	}
	cites := func(path string) bool {
		t.Helper()
		code, out, stderr := run(t, "why", "--dir", dir, "--json", "--no-llm", q)
		if code != exitOK {
			t.Fatalf("why: exit %d: %s", code, stderr)
		}
		return strings.Contains(out, `"path": "`+path+`"`)
	}
	const added, edited = "docs/design/empty-carts.md", "docs/design/cart-design.md"
	if cites(added) {
		t.Fatalf("why cites %s before it exists", added)
	}
	if _, out, stderr := run(t, "why", "--dir", dir, "--json", "--no-llm", q); strings.Contains(stderr, "updating") {
		t.Errorf("why updated an index nothing changed: %s\n%s", stderr, out)
	}
	if err := os.WriteFile(filepath.Join(dir, added), []byte("# Empty carts\n\n`Cart.Empty` lets checkout refuse a cart with no lines before it asks for payment.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if !cites(added) {
		t.Errorf("why does not cite %s, added after the index", added)
	}
	docDir := filepath.Join(dir, "docs", "design")
	before, err := os.Stat(docDir)
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.OpenFile(filepath.Join(dir, edited), os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteString("\n## Emptiness\n\nWe keep `Cart.Empty` so that a cart with no lines is never priced.\n"); err != nil {
		t.Fatal(err)
	}
	f.Close()
	if after, err := os.Stat(docDir); err != nil || !after.ModTime().Equal(before.ModTime()) {
		t.Fatalf("appending to %s changed its directory's time (%v)", edited, err)
	}
	code, out, stderr := run(t, "why", "--dir", dir, "--json", "--no-llm", q)
	if code != exitOK || !strings.Contains(out, "Emptiness") || !strings.Contains(stderr, "updating") {
		t.Errorf("after %s was edited in place: exit %d, stderr %q; the answer lacks its new section: %v", edited, code, stderr, !strings.Contains(out, "Emptiness"))
	}
}
