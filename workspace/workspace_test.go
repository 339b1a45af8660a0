package workspace_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/graph/graphtest"
	"github.com/gortex/gortex/internal/fixturetest"
	"github.com/gortex/gortex/memory"
	"github.com/gortex/gortex/query"
	"github.com/gortex/gortex/workspace"
)

// fixture copies the fixture repository to a temp dir, with the global
// store in a temp dir of its own.
func fixture(t *testing.T) string {
	t.Helper()
	t.Setenv("XDG_DATA_HOME", t.TempDir())
	return fixturetest.Repo(t)
}

func open(t *testing.T, root string) *workspace.Workspace {
	t.Helper()
	w, err := workspace.Open(context.Background(), root, workspace.Options{})
	if err != nil {
		t.Fatal(err)
	}
	graphtest.Checked(t, w.Store())
	return w
}

func remember(t *testing.T, w *workspace.Workspace, anchor, body string) memory.ID {
	t.Helper()
	res, err := w.Stores[0].Add(context.Background(), &memory.Memory{Body: body, Kind: memory.KindInvariant,
		Symbols: []memory.SymbolAnchor{{Written: anchor}}}, memory.AddOptions{Resolve: w.Resolver(), Root: w.Root})
	if err != nil {
		t.Fatal(err)
	}
	return res.ID
}

// firstEntry is the SourceID of the first entry of why q.
func firstEntry(t *testing.T, w *workspace.Workspace, q string) string {
	t.Helper()
	a, err := query.Why(context.Background(), w.Store(), query.Classify(w.Store(), q, w.Root, ""), w.QueryOptions())
	if err != nil || len(a.Rationale) == 0 {
		t.Fatalf("why %s: %v, %+v", q, err, a)
	}
	return a.Rationale[0].SourceID
}

// TestOpenLayersMemories: a memory written after the index was built is
// the first entry of why for its anchor once the workspace is reloaded,
// and the graph itself holds no memory node.
func TestOpenLayersMemories(t *testing.T) {
	root := fixture(t)
	w := open(t, root)
	id := remember(t, w, "billing.Invoice.Finalize", "Finalize books one ledger entry per line; calling it twice would book each line twice.")
	before := w.Store().NodeCount()
	w2, err := w.Reload(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if w2.Index != w.Index {
		t.Error("Reload read the index again; it should reuse it")
	}
	if got := firstEntry(t, w2, "billing.Invoice.Finalize"); got != string(memory.NodeID(id)) {
		t.Errorf("first entry %s, want the memory %s", got, id)
	}
	if w2.Store().NodeCount() != before {
		t.Errorf("memories were written into the graph: %d nodes, was %d", w2.Store().NodeCount(), before)
	}
	for n := range w2.Store().Nodes() {
		if n.Kind == graph.KindMemory {
			t.Errorf("memory node %s in the graph", n.ID)
		}
	}
	if got := w2.FullText(memory.NodeID(id)); !strings.Contains(got, "books one ledger entry") {
		t.Errorf("FullText of the memory = %q", got)
	}
}

// TestOpenWritesNoMemoryFile: after a rename, Open follows the anchor in
// memory and leaves the file byte-identical; Reindex records the move.
func TestOpenWritesNoMemoryFile(t *testing.T) {
	ctx := context.Background()
	root := fixture(t)
	id := remember(t, open(t, root), "billing.Invoice.Finalize", "Finalize runs once per invoice.")
	src := filepath.Join(root, "billing", "invoice.go")
	code, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	renamed := strings.Replace(string(code), "func (inv *Invoice) Finalize() error {", "func (inv *Invoice) Close() error {", 1)
	if renamed == string(code) {
		t.Fatal("the fixture has no Invoice.Finalize to rename")
	}
	if err := os.WriteFile(src, []byte(renamed), 0o644); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(root, ".gortex", "memories", string(id)+".md")
	was, _ := os.ReadFile(file)

	w := open(t, root)
	if len(w.Loaded.Moved) != 1 || w.Loaded.Moved[0].Now != "billing.Invoice.Close" {
		t.Fatalf("moved %+v, want the anchor followed to billing.Invoice.Close", w.Loaded.Moved)
	}
	if got := firstEntry(t, w, "billing.Invoice.Close"); got != string(memory.NodeID(id)) {
		t.Errorf("first entry after the rename %s, want the memory", got)
	}
	if now, _ := os.ReadFile(file); string(now) != string(was) {
		t.Fatalf("Open rewrote the memory file:\n%s", now)
	}

	_, _, moved, err := workspace.Reindex(ctx, root, false, workspace.Options{})
	if err != nil || len(moved) != 1 {
		t.Fatalf("Reindex: moved %+v, %v", moved, err)
	}
	if now, _ := os.ReadFile(file); !strings.Contains(string(now), "written: billing.Invoice.Close") {
		t.Errorf("Reindex did not record the move:\n%s", now)
	}
}

func TestOpenScope(t *testing.T) {
	root := fixture(t)
	if _, err := workspace.Open(context.Background(), root, workspace.Options{Scope: "elsewhere"}); err == nil {
		t.Error("Open with an unknown scope succeeded")
	}
	w, err := workspace.Open(context.Background(), root, workspace.Options{Scope: memory.ScopeWorkspace})
	if err != nil || len(w.Stores) != 1 || w.Stores[0].Scope() != memory.ScopeWorkspace {
		t.Fatalf("workspace scope: %v, %+v", err, w)
	}
}

// TestQuickOpen opens with the directory check alone after a file was
// rewritten in place: the index is not updated, and Changed sees the file.
func TestQuickOpen(t *testing.T) {
	root := fixture(t)
	open(t, root)
	p := filepath.Join(root, "billing", "invoice.go")
	f, err := os.OpenFile(p, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteString("\n// later\n"); err != nil {
		t.Fatal(err)
	}
	f.Close()
	var notes []string
	note := func(s string) { notes = append(notes, s) }
	w, err := workspace.Open(context.Background(), root, workspace.Options{Quick: true, Note: note})
	if err != nil {
		t.Fatal(err)
	}
	graphtest.Checked(t, w.Store())
	if len(notes) > 0 {
		t.Errorf("the directory check updated the index: %q", notes)
	}
	if !w.Changed([]string{"cart/cart.go", "no/such.go", "billing/invoice.go"}) {
		t.Error("Changed does not see billing/invoice.go rewritten in place")
	}
	if w.Changed([]string{"cart/cart.go", "no/such.go"}) {
		t.Error("Changed sees a change in files nobody touched")
	}
	if _, err := workspace.Open(context.Background(), root, workspace.Options{Note: note}); err != nil {
		t.Fatal(err)
	}
	if len(notes) == 0 || !strings.Contains(notes[0], "files changed") {
		t.Errorf("a full open after the change noted %q, want an update", notes)
	}
}
