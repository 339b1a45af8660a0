package memory_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/graph/graphtest"
	"github.com/gortex/gortex/indexer"
	"github.com/gortex/gortex/internal/fixturetest"
	"github.com/gortex/gortex/memory"
	"github.com/gortex/gortex/rationale"
	"github.com/gortex/gortex/workspace"
)

// fixture copies the fixture repository to a temp dir and indexes it.
func fixture(t *testing.T) (string, *graph.Store) {
	t.Helper()
	root := fixturetest.Repo(t)
	return root, index(t, root)
}

func index(t *testing.T, root string) *graph.Store {
	t.Helper()
	idx, _, err := indexer.Build(context.Background(), root, indexer.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return graphtest.Checked(t, idx.Store)
}

// edit rewrites a file of the repository at root.
func edit(t *testing.T, root, file string, change func(string) string) {
	t.Helper()
	p := filepath.Join(root, file)
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	out := change(string(b))
	if out == string(b) {
		t.Fatalf("edit of %s changed nothing", file)
	}
	if err := os.WriteFile(p, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestReconcileRenameMoveDelete anchors three memories, then renames one
// symbol, moves another to a new file and deletes a third.
func TestReconcileRenameMoveDelete(t *testing.T) {
	ctx := context.Background()
	root, gs := fixture(t)
	store := memory.OpenWorkspace(root)
	add := func(anchor, body string) memory.ID {
		res, err := store.Add(ctx, &memory.Memory{Body: body, Symbols: []memory.SymbolAnchor{{Written: anchor}}},
			memory.AddOptions{Resolve: workspace.Resolver(gs), Root: root})
		if err != nil {
			t.Fatal(err)
		}
		if fp := res.Memory.Symbols[0].Fingerprint; fp == "" {
			t.Fatalf("no fingerprint for %s", anchor)
		}
		return res.ID
	}
	renamed := add("billing.Invoice.Finalize", "Finalize writes one ledger entry per invoice line.")
	moved := add("billing.NewInvoice", "Invoice numbers are gapless because auditors require it.")
	deleted := add("billing.Total", "Totals are summed in integer cents, never floats.")

	edit(t, root, "billing/invoice.go", func(s string) string {
		s = strings.Replace(s, "func (inv *Invoice) Finalize() error {", "func (inv *Invoice) Close() error {", 1)
		i := strings.Index(s, "// Total returns")
		s = s[:i] // Total is the file's last declaration
		start := strings.Index(s, "// NewInvoice creates")
		end := strings.Index(s, "// AddLine appends")
		os.WriteFile(filepath.Join(root, "billing/new.go"), []byte("package billing\n\nimport \"fmt\"\n\n"+s[start:end]), 0o644)
		return s[:start] + s[end:]
	})
	gs = index(t, root)

	rep, err := store.Check(ctx, root, gs)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Problems) > 0 {
		t.Fatalf("problems: %v", rep.Problems)
	}
	got := map[memory.ID]string{}
	for _, r := range rep.Retargeted {
		got[r.Memory] = string(r.To) + " as " + r.Now
	}
	want := map[memory.ID]string{
		renamed: "billing/invoice.go::Invoice.Close as billing.Invoice.Close",
		moved:   "billing/new.go::NewInvoice as billing.NewInvoice",
	}
	for id, w := range want {
		if got[id] != w {
			t.Errorf("retarget of %s: %q, want %q", id, got[id], w)
		}
	}
	if len(rep.Stale) != 1 || rep.Stale[0].Memory != deleted || rep.Stale[0].ID != "billing/invoice.go::Total" {
		t.Fatalf("stale: %v", rep.Stale)
	}
	// The retarget is in the file; a second check finds nothing to do.
	m, err := store.Get(ctx, string(renamed))
	if err != nil || m.Symbols[0].ID != "billing/invoice.go::Invoice.Close" || m.Symbols[0].Written != "billing.Invoice.Close" {
		t.Fatalf("file not retargeted: %+v, %v", m, err)
	}
	rep, _ = store.Check(ctx, root, gs)
	if len(rep.Retargeted) != 0 || len(rep.Stale) != 1 {
		t.Errorf("second check: %d retargeted, %d stale", len(rep.Retargeted), len(rep.Stale))
	}
	// The projection links the live anchors and marks the stale memory.
	mems, _, _ := store.List(ctx, memory.Filter{})
	if _, err := memory.Reconcile(ctx, root, gs, mems); err != nil {
		t.Fatal(err)
	}
	layer := rationale.LinkMemories(gs, mems)
	if !slices.ContainsFunc(layer.Into("billing/invoice.go::Invoice.Close"), func(l rationale.MemoryLink) bool {
		return l.Memory.ID == renamed && l.Signal == graph.SignalMemory
	}) {
		t.Error("no memory link to the renamed method")
	}
	for _, m := range mems {
		if m.ID == deleted && !m.Stale() {
			t.Error("stale memory not marked")
		}
	}
}
