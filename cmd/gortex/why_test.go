package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gortex/gortex/graph"
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
	good, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	// Find a byte whose flip the open lets through and the answer's reads
	// meet: among those a read of the asked symbol's neighbourhood meets
	// (readsDamage, cheap), the first that why notices.
	flipped, tried := -1, 0
	var code int
	var out, stderr string
	for i := 8; i < len(good) && flipped < 0 && tried < 300; i++ {
		bad := bytes.Clone(good)
		bad[i] ^= 0x80
		if err := os.WriteFile(file, bad, 0o644); err != nil {
			t.Fatal(err)
		}
		if !readsDamage(t, file, "Total") {
			continue
		}
		tried++
		if code, out, stderr = run(t, "why", "--dir", dir, "--json", "--no-llm", q); strings.Contains(stderr, "the index is damaged") {
			flipped = i
		}
	}
	if flipped < 0 {
		t.Fatalf("none of %d flipped bytes that damage the symbol's records was noticed by why", tried)
	}
	if code != exitOK || out != want {
		t.Errorf("byte %d flipped: exit %d, stderr:\n%s\nanswer differs from the sound index's: %v", flipped, code, stderr, out != want)
	}
	if code, _, stderr := run(t, "why", "--dir", dir, "--json", "--no-llm", q); code != exitOK || strings.Contains(stderr, "damaged") {
		t.Errorf("after the rebuild: exit %d, stderr:\n%s", code, stderr)
	}
}

// readsDamage opens the snapshot at file and reports whether reading the
// symbols named name, their edges and the nodes at their ends meets a bad
// record.
func readsDamage(t *testing.T, file, name string) bool {
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	s, err := graph.Open(f)
	if err != nil {
		return false
	}
	for _, n := range s.ByName(name) {
		for _, e := range append(s.Out(n.ID, ^graph.EdgeKind(0)), s.In(n.ID, ^graph.EdgeKind(0))...) {
			for _, id := range []graph.NodeID{e.From, e.To} {
				if m, ok := s.Node(id); ok {
					_ = m.Text + m.Path + m.Name
				}
			}
		}
	}
	return s.Err() != nil
}
