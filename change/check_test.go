package change

import (
	"cmp"
	"context"
	"fmt"
	"github.com/gortex/gortex/graph"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/gortex/gortex/history"
	"github.com/gortex/gortex/query"
)

func TestCheck(t *testing.T) {
	root := fixtureRepo(t)
	tests := []struct {
		name       string
		file       string
		old, new   string
		wantSymbol string // a touched symbol's ID
		wantFirst  string // its most binding entry's kind
		wantDoc    string // a document among its reasoning
		invariant  bool   // Governs("invariant")
	}{
		{name: "governed method", file: "cart/cart.go", old: "sum += it.PriceCents * int64(it.Quantity)",
			new: "sum += int64(it.Quantity) * it.PriceCents", wantSymbol: "cart/cart.go::Cart.Total",
			wantFirst: "invariant", wantDoc: "docs/adr/0001-integer-cents.md", invariant: true},
		{name: "ungoverned function", file: "cart/discount.go", old: "", new: "", wantSymbol: ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.old == "" {
				appendFile(t, root+"/"+tt.file, "\nfunc scratchHelper() int { return 1 }\n")
			} else {
				edit(t, root, tt.file, tt.old, tt.new)
			}
			commitAll(t, root, tt.name)
			w := open(t, root)
			diffs, err := w.History.Diff(context.Background(), "HEAD~1")
			if err != nil {
				t.Fatal(err)
			}
			r, err := Check(context.Background(), w, diffs)
			if err != nil {
				t.Fatal(err)
			}
			if r.Governs("invariant") != tt.invariant {
				t.Errorf("Governs(invariant) = %v, want %v: %+v", !tt.invariant, tt.invariant, r)
			}
			if tt.wantSymbol == "" {
				if r.Governed != 0 || r.Count == 0 {
					t.Errorf("want touched symbols nothing governs, got %+v", r)
				}
				return
			}
			var found *Touched
			for i := range r.Symbols {
				if r.Symbols[i].ID == tt.wantSymbol {
					found = &r.Symbols[i]
				}
			}
			if found == nil {
				t.Fatalf("%s not touched: %+v", tt.wantSymbol, r)
			}
			if found.Binding != tt.wantFirst || len(found.Reasoning) == 0 || found.Reasoning[0].Path == "" || found.Reasoning[0].Line == 0 {
				t.Errorf("binding %q, first %+v", found.Binding, found.Reasoning)
			}
			if !hasPath(found.Reasoning, tt.wantDoc) {
				t.Errorf("no %s among %+v", tt.wantDoc, found.Reasoning)
			}
			// The changed file belongs to the ADR that governs its symbol.
			belongs := false
			for _, fd := range r.Documents {
				belongs = belongs || (fd.File == tt.file && slices.Contains(fd.Docs, tt.wantDoc))
			}
			if !belongs {
				t.Errorf("%s does not belong to %s: %+v", tt.file, tt.wantDoc, r.Documents)
			}
		})
	}
}

func TestCheckGone(t *testing.T) {
	root := fixtureRepo(t)
	edit(t, root, "cart/cart.go", "func (c *Cart) Total() int64 {", "func (c *Cart) Sum() int64 {")
	edit(t, root, "cart/cart.go", "// Total returns the price", "// Sum returns the price")
	w := open(t, root)
	diffs, err := w.History.Diff(context.Background(), "HEAD")
	if err != nil {
		t.Fatal(err)
	}
	r, err := Check(context.Background(), w, diffs)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, s := range r.Symbols {
		ids = append(ids, s.ID+":"+s.Change+":"+s.Binding)
	}
	// The rename follows the memory when its fingerprint matches (the
	// renamed method) or leaves it stale (a gone symbol); either way the
	// invariant answers.
	if !r.Governs("invariant") {
		t.Errorf("the renamed Cart.Total lost its invariant: %v", ids)
	}
}

func TestTouchedIn(t *testing.T) {
	w := open(t, fixtureRepo(t))
	syms := symbolsByFile(w.Store(), map[string]bool{"cart/cart.go": true})["cart/cart.go"]
	line := func(name string) (int, int) {
		for _, n := range syms {
			if n.Name == name {
				return n.Line, n.EndLine
			}
		}
		t.Fatalf("no %s", name)
		return 0, 0
	}
	addFrom, addTo := line("AddItem")
	fieldLine, _ := line("MaxLines")
	tests := []struct {
		name string
		hunk history.Hunk
		want string
	}{
		{"inside a body", history.Hunk{OldStart: addFrom + 2, OldLines: 1, NewStart: addFrom + 2, NewLines: 1}, "AddItem"},
		{"deletion inside a body", history.Hunk{OldStart: addFrom + 2, OldLines: 1, NewStart: addFrom + 1}, "AddItem"},
		{"a field, not its struct", history.Hunk{OldStart: fieldLine, OldLines: 1, NewStart: fieldLine, NewLines: 1}, "MaxLines"},
		{"after the last line", history.Hunk{NewStart: addTo, OldStart: addTo + 1, OldLines: 1}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, n := range touchedIn(syms, []span{spanOf(tt.hunk)}) {
				got = append(got, n.Name)
			}
			if strings.Join(got, ",") != tt.want {
				t.Errorf("touched %v, want %q", got, tt.want)
			}
		})
	}
}

func hasPath(es []query.Entry, p string) bool {
	for _, e := range es {
		if e.Path == p {
			return true
		}
	}
	return false
}

// wideStruct is a struct of n one-line fields (lines 2…n+1), as a
// generated file may hold, sorted as symbolsByFile sorts them.
func wideStruct(n int) []*graph.Node {
	syms := []*graph.Node{{ID: "f.go::Wide", Name: "Wide", Line: 1, EndLine: n + 2}}
	for i := range n {
		syms = append(syms, &graph.Node{ID: graph.NodeID(fmt.Sprintf("f.go::Wide.F%06d", i)), Name: fmt.Sprintf("F%06d", i), Line: i + 2, EndLine: i + 2})
	}
	return syms
}

// naiveTouched is touchedIn's rule as first written, every span against
// every symbol and every pair: the reference of TestTouchedInReference.
func naiveTouched(syms []*graph.Node, spans []span) []*graph.Node {
	seen := map[graph.NodeID]bool{}
	var out []*graph.Node
	for _, sp := range spans {
		for _, n := range syms {
			if seen[n.ID] || !sp.touches(n) {
				continue
			}
			held := false
			for _, in := range syms {
				if in != n && in.Line >= n.Line && max(in.EndLine, in.Line) <= max(n.EndLine, n.Line) &&
					(in.Line != n.Line || in.EndLine != n.EndLine) && sp.within(in) {
					held = true
				}
			}
			if !held {
				seen[n.ID] = true
				out = append(out, n)
			}
		}
	}
	return out
}

// TestTouchedInReference holds the sweep to the rule on random nested and
// overlapping symbols and random hunks, and checks a check over every
// field of a 40,000-field struct: each field once, the struct only for a
// change of its own lines.
func TestTouchedInReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 2000 {
		var syms []*graph.Node
		for i := range rng.IntN(12) {
			line := 1 + rng.IntN(30)
			syms = append(syms, &graph.Node{ID: graph.NodeID(fmt.Sprint("s", i)), Line: line, EndLine: line + rng.IntN(10)})
		}
		slices.SortFunc(syms, func(a, b *graph.Node) int { return cmp.Or(cmp.Compare(a.Line, b.Line), cmp.Compare(a.ID, b.ID)) })
		var spans []span
		for from := 1; from < 40; from += 1 + rng.IntN(8) {
			h := history.Hunk{NewStart: from, NewLines: rng.IntN(4)}
			spans = append(spans, spanOf(h))
			from += h.NewLines
		}
		got, want := touchedIn(syms, spans), naiveTouched(syms, spans)
		if !slices.Equal(got, want) {
			t.Fatalf("trial %d: symbols %v spans %v: touched %v, want %v", trial, syms, spans, got, want)
		}
	}
	const n = 40_000
	syms := wideStruct(n)
	if got := touchedIn(syms, []span{{from: 1, to: 1 << 30}}); len(got) != n+1 {
		t.Errorf("the whole file touches %d symbols, want %d", len(got), n+1)
	}
	perField := make([]span, n)
	for i := range perField {
		perField[i] = span{from: i + 2, to: i + 2}
	}
	got := touchedIn(syms, perField)
	if len(got) != n || got[0].Name != "F000000" || got[n-1].Name != fmt.Sprintf("F%06d", n-1) {
		t.Errorf("a hunk per field touches %d symbols, want the %d fields", len(got), n)
	}
}

// BenchmarkTouchedIn maps a hunk per field of a 40,000-field struct onto
// its symbols: linear in hunks plus symbols (the first version compared
// every pair, seconds here).
func BenchmarkTouchedIn(b *testing.B) {
	const n = 40_000
	syms := wideStruct(n)
	spans := make([]span, n)
	for i := range spans {
		spans[i] = span{from: i + 2, to: i + 2}
	}
	for b.Loop() {
		touchedIn(syms, spans)
	}
}

// TestCheckNoise holds what check leaves out as noise and what it must not
// miss: a change of mode alone changes no file; a hunk inside a
// declaration's doc comment touches the declaration; a changelog never
// governs; a memory anchored to a symbol and to its file governs that
// symbol, not every symbol of the file, and is listed once.
func TestCheckNoise(t *testing.T) {
	t.Run("mode only", func(t *testing.T) {
		root := fixtureRepo(t)
		if err := os.Chmod(filepath.Join(root, "cart", "cart.go"), 0o755); err != nil {
			t.Fatal(err)
		}
		r := checkHead(t, root, "HEAD")
		if len(r.Files) != 0 || r.Count != 0 || r.MetaOnly != 1 {
			t.Errorf("files %v, count %d, meta-only %d; want none, 0, 1", r.Files, r.Count, r.MetaOnly)
		}
	})
	t.Run("doc comment of a constant", func(t *testing.T) {
		root := fixtureRepo(t)
		edit(t, root, "cart/cart.go", "// limit at zero.", "// limit at 0.")
		r := checkHead(t, root, "HEAD")
		if ids := touchedIDs(r); !slices.Equal(ids, []string{"cart/cart.go::MaxItems"}) {
			t.Errorf("touched %v, want MaxItems alone", ids)
		}
	})
	t.Run("changelog never governs", func(t *testing.T) {
		root := fixtureRepo(t)
		for _, p := range []string{"CHANGELOG.md", "CHANGELOG/v1.2.0.md", "docs/release-notes/v1.3.md"} {
			writeFile(t, root, p, "# Changes\n\n## Fixed\n\n- `Cart.Total` now sums `Item.PriceCents` in int64 (#42).\n")
		}
		commitAll(t, root, "changelogs")
		edit(t, root, "cart/cart.go", "sum += it.PriceCents * int64(it.Quantity)", "sum += int64(it.Quantity) * it.PriceCents")
		r := checkHead(t, root, "HEAD")
		for _, g := range r.Reasoning {
			if g.AssetKind == "changelog" || strings.Contains(strings.ToLower(g.Path), "changelog") || strings.Contains(g.Path, "release-notes") {
				t.Errorf("a changelog governs: %s (%s)", g.Path, g.AssetKind)
			}
		}
		if r.Governed != 1 {
			t.Errorf("governed %d, want 1 (Cart.Total)", r.Governed)
		}
	})
	t.Run("memory anchored to a symbol and its file", func(t *testing.T) {
		root := fixtureRepo(t)
		writeFile(t, root, ".gortex/memories/20240102T000000Z-items1.md", `---
id: 20240102T000000Z-items1
title: RemoveItem keeps the order of the other lines
kind: invariant
anchors:
  symbols:
    - written: cart.Cart.RemoveItem
      id: cart/cart.go::Cart.RemoveItem
  files: [cart/cart.go]
importance: 4
confidence: 0.9
basis: review
source: review
author: Test <test@example.com>
created: "2024-01-02T00:00:00Z"
updated: "2024-01-02T00:00:00Z"
---

Receipts list the lines in the order they were added.
`)
		writeFile(t, root, ".gortex/memories/20240103T000000Z-filea1.md", `---
id: 20240103T000000Z-filea1
title: The cart package is reviewed by the payments team
kind: constraint
anchors:
  files: [cart/checkout.go]
importance: 3
confidence: 0.9
basis: review
source: review
author: Test <test@example.com>
created: "2024-01-03T00:00:00Z"
updated: "2024-01-03T00:00:00Z"
---

Any change of checkout goes through the payments team.
`)
		commitAll(t, root, "memories")
		edit(t, root, "cart/cart.go", "// Len returns the number of lines in the cart.", "// Len returns how many lines the cart has.")
		edit(t, root, "cart/cart.go", "sum += it.PriceCents * int64(it.Quantity)", "sum += int64(it.Quantity) * it.PriceCents")
		edit(t, root, "cart/checkout.go", "// ErrEmptyCart is returned when an empty cart is checked out.", "// ErrEmptyCart is returned for an empty cart.")
		r := checkHead(t, root, "HEAD")
		for _, g := range r.Reasoning {
			if strings.Contains(g.SourceID, "items1") {
				t.Errorf("the RemoveItem memory governs %v, though RemoveItem is untouched", g.Symbols)
			}
		}
		var file *Governor
		for i, g := range r.Reasoning {
			if strings.Contains(g.SourceID, "filea1") {
				file = &r.Reasoning[i]
			}
		}
		if file == nil || !slices.Equal(file.Files, []string{"cart/checkout.go"}) || len(file.Symbols) != 0 {
			t.Errorf("the file memory governs %+v, want the file cart/checkout.go as such", file)
		}
		seen := map[string]bool{}
		for _, g := range r.Reasoning {
			if seen[g.SourceID] {
				t.Errorf("%s listed twice", g.SourceID)
			}
			seen[g.SourceID] = true
		}
		for _, s := range r.Symbols {
			if s.ID == "cart/cart.go::Cart.Len" && len(s.GovernedBy) > 0 {
				t.Errorf("Cart.Len governed by %v", s.GovernedBy)
			}
		}
	})
}

func checkHead(t *testing.T, root, base string) *Report {
	t.Helper()
	w := open(t, root)
	diffs, err := w.History.Diff(context.Background(), base)
	if err != nil {
		t.Fatal(err)
	}
	r, err := Check(context.Background(), w, diffs)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func touchedIDs(r *Report) []string {
	var ids []string
	for _, s := range r.Symbols {
		ids = append(ids, s.ID)
	}
	return ids
}

func writeFile(t *testing.T, root, rel, text string) {
	t.Helper()
	p := filepath.Join(root, rel)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}
