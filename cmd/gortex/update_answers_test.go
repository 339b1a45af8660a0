package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/gortex/gortex/indexer"
	"github.com/gortex/gortex/indexer/names"
)

// TestUpdatedIndexAnswersAsFull brings an index up to date through deltas
// (a document that names a symbol, a new function called from another
// package, a body, a comment), then builds it again from scratch over
// the same files: every why, of every symbol and package and of a few
// questions, answers byte for byte the same from both.
func TestUpdatedIndexAnswersAsFull(t *testing.T) {
	dir := fixtureCopy(t)
	if code, _, stderr := run(t, "index", "--quiet", dir); code != exitOK {
		t.Fatalf("index: %s", stderr)
	}
	edit := func(rel, old, new string) {
		t.Helper()
		p := filepath.Join(dir, filepath.FromSlash(rel))
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if old == "" {
			src = append(src, new...)
		} else if !strings.Contains(string(src), old) {
			t.Fatalf("%s holds no %q", rel, old)
		} else {
			src = []byte(strings.Replace(string(src), old, new, 1))
		}
		if err := os.WriteFile(p, src, 0o644); err != nil {
			t.Fatal(err)
		}
		if code, _, stderr := run(t, "index", "--quiet", dir); code != exitOK {
			t.Fatalf("index after editing %s: %s", rel, stderr)
		}
	}
	// A document first (linking reads the whole graph), edits inside
	// bodies and comments last (their links restored, not made again).
	edit("docs/adr/0001-use-a-ledger.md", "", "\n## Follow-up\n\nWe also call `ledger.Reverse` from `billing`.\n")
	edit("internal/ledger/ledger.go", "", "\n// Reverse undoes an entry.\nfunc Reverse() { New() }\n")
	edit("billing/invoice.go", "n := lastNumber.Add(1)", "n := lastNumber.Add(1)\n\tledger.Reverse()")
	edit("internal/ledger/ledger.go", "return &Ledger{nextID: 1}", "l := &Ledger{nextID: 1}\n\treturn l")
	edit("billing/invoice.go", "", "\n// trailing comment\n")
	delta := filepath.Join(indexer.IndexDir(dir), "graph.delta")
	if _, err := os.Stat(delta); err != nil {
		t.Fatalf("the updates wrote no delta: %v", err)
	}
	queries := []string{"why does the ledger never change an entry", "how are refunds issued", "spending limit for business customers"}
	idx, err := indexer.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	for n := range idx.Store.Nodes() {
		if forms := names.Of(n); len(forms) > 0 {
			queries = append(queries, forms[0])
		}
	}
	slices.Sort(queries)
	queries = slices.Compact(queries)
	answers := func() []string {
		var out []string
		for _, q := range queries {
			_, stdout, stderr := run(t, "why", "--dir", dir, "--json", "--no-llm", q)
			out = append(out, stdout+stderr)
		}
		return out
	}
	updated := answers()
	if code, _, stderr := run(t, "index", "--quiet", "--full", dir); code != exitOK {
		t.Fatalf("index --full: %s", stderr)
	}
	if _, err := os.Stat(delta); err == nil {
		t.Fatal("a full index kept a delta")
	}
	full := answers()
	for i, q := range queries {
		if updated[i] != full[i] {
			t.Errorf("why %q after updates:\n%s\nafter a full index:\n%s", q, updated[i], full[i])
		}
	}
	t.Logf("%d queries answered alike", len(queries))
}
