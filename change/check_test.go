package change

import (
	"context"
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
