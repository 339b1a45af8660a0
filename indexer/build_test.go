package indexer

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"
	"time"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/graph/graphtest"
)

// copyFixture copies the fixture repository into a temporary directory.
func copyFixture(t *testing.T) string {
	t.Helper()
	dst := filepath.Join(t.TempDir(), "repo")
	if err := os.CopyFS(dst, os.DirFS("../testdata/repo")); err != nil {
		t.Fatal(err)
	}
	return dst
}

func mustBuild(t *testing.T, root string, opts Options) (*Index, Stats) {
	t.Helper()
	idx, st, err := Build(context.Background(), root, opts)
	if err != nil {
		t.Fatal(err)
	}
	graphtest.Checked(t, idx.Store)
	return idx, st
}

func TestBuildFixture(t *testing.T) {
	root := copyFixture(t)
	idx, st := mustBuild(t, root, Options{})
	s := idx.Store
	checks := []struct {
		id   graph.NodeID
		kind graph.NodeKind
		qual string
	}{
		{"billing/invoice.go::Invoice.Finalize", graph.KindMethod, "example.com/shop/billing.Invoice.Finalize"},
		{"internal/ledger/ledger.go::Record", graph.KindFunction, "example.com/shop/internal/ledger.Record"},
		{"tools/lint/indent.go::CheckIndentationTabs", graph.KindFunction, "example.com/shop/tools/lint.CheckIndentationTabs"},
		{graph.PackageID("example.com/shop/tools/lint"), graph.KindPackage, "example.com/shop/tools/lint"},
	}
	for _, c := range checks {
		n, ok := s.Node(c.id)
		if !ok {
			t.Errorf("missing %s", c.id)
			continue
		}
		if n.Kind != c.kind || n.Qualified != c.qual {
			t.Errorf("%s: kind %s qualified %s, want %s %s", c.id, n.Kind, n.Qualified, c.kind, c.qual)
		}
	}
	for _, skipped := range []string{"cart/scratch.go", "build/ignored.go", "vendor/example.org/dep/dep.go"} {
		if s.Has(graph.FileID(skipped)) {
			t.Errorf("%s should have been skipped", skipped)
		}
	}
	if _, ok := s.EdgeBetween("billing/invoice.go::Invoice", "billing/invoice.go::Invoice.Finalize"); !ok {
		t.Error("no contains edge from Invoice to Invoice.Finalize")
	}
	if e, ok := s.EdgeBetween("billing/invoice.go::Invoice.Finalize", "internal/ledger/ledger.go::Record"); !ok || !e.Kinds.Has(graph.EdgeCalls) {
		t.Error("no calls edge from Invoice.Finalize to ledger.Record (through an import)")
	}
	if st.Skipped["gitignore"] == 0 || st.Skipped["vendor"] == 0 {
		t.Errorf("skips by reason = %v, want gitignore and vendor", st.Skipped)
	}
	ig, err := os.ReadFile(filepath.Join(root, ".gortex", ".gitignore"))
	if err != nil || !strings.Contains(string(ig), "index/") {
		t.Errorf(".gortex/.gitignore = %q, %v", ig, err)
	}
}

// TestCrashMidIndex kills a real process in the middle of writing a new
// index and checks that the previous one still loads.
func TestCrashMidIndex(t *testing.T) {
	if dir := os.Getenv("GORTEX_CRASH_ROOT"); dir != "" {
		// The child: crash while the new index is half written.
		Build(context.Background(), dir, Options{Content: crashingContent{}})
		t.Fatal("Build returned; it should have crashed")
	}
	root := copyFixture(t)
	before, _ := mustBuild(t, root, Options{})
	// Change the tree so that the crashed run would have written a different graph.
	os.WriteFile(filepath.Join(root, "billing", "extra.go"), []byte("package billing\n\nfunc Extra() {}\n"), 0o644)

	cmd := exec.Command(os.Args[0], "-test.run", "^TestCrashMidIndex$")
	cmd.Env = append(os.Environ(), "GORTEX_CRASH_ROOT="+root)
	out, err := cmd.CombinedOutput()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 7 {
		t.Fatalf("child should exit 7, got %v: %s", err, out)
	}
	after, err := Load(root)
	if err != nil {
		t.Fatalf("previous index unusable after a crash: %v", err)
	}
	if after.Store.NodeCount() != before.Store.NodeCount() || after.Store.Has("billing/extra.go::Extra") {
		t.Errorf("index changed by a crashed run: %d nodes, want %d", after.Store.NodeCount(), before.Store.NodeCount())
	}
	// The next run cleans up the scratch directory and indexes the change.
	idx, st, err := Update(context.Background(), root, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !st.Incremental || !idx.Store.Has("billing/extra.go::Extra") {
		t.Errorf("update after crash: incremental=%v, has Extra=%v", st.Incremental, idx.Store.Has("billing/extra.go::Extra"))
	}
	leftovers, _ := filepath.Glob(filepath.Join(root, ".gortex", "tmp-*"))
	if len(leftovers) != 0 {
		t.Errorf("scratch dirs left: %v", leftovers)
	}
}

// crashingContent exits the process in the middle of writing an index.
type crashingContent struct{}

func (crashingContent) UpdateContent(ctx context.Context, dir string, create bool, remove []graph.NodeID, add []*graph.Node) error {
	os.MkdirAll(dir, 0o755)
	os.WriteFile(filepath.Join(dir, "half"), []byte("half written"), 0o644)
	os.Exit(7)
	return nil
}

func TestInterruptedSwapRecovers(t *testing.T) {
	root := copyFixture(t)
	mustBuild(t, root, Options{})
	// A crash between the two renames of swapIn leaves only old-*.
	if err := os.Rename(IndexDir(root), filepath.Join(root, ".gortex", "old-123")); err != nil {
		t.Fatal(err)
	}
	_, st, err := Update(context.Background(), root, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !st.Incremental || !st.UpToDate {
		t.Errorf("update after interrupted swap: incremental=%v upToDate=%v, want the old index reused", st.Incremental, st.UpToDate)
	}
}

func TestCorruptIndexIsRebuilt(t *testing.T) {
	root := copyFixture(t)
	mustBuild(t, root, Options{})
	if err := os.WriteFile(filepath.Join(IndexDir(root), graphFile), []byte("not a graph"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(root); !graph.IsStale(err) {
		t.Fatalf("Load of a corrupt index: %v, want a stale-index error", err)
	}
	idx, st, err := Update(context.Background(), root, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if st.Rebuilt == "" || st.Incremental || !idx.Store.Has("billing/invoice.go::Invoice") {
		t.Errorf("rebuilt=%q incremental=%v", st.Rebuilt, st.Incremental)
	}
}

func TestIncrementalUpdate(t *testing.T) {
	root := copyFixture(t)
	idx, _ := mustBuild(t, root, Options{})
	if idx.Stale(CheckAll) {
		t.Fatal("a fresh index is stale")
	}
	ledger := filepath.Join(root, "internal", "ledger", "ledger.go")
	src, _ := os.ReadFile(ledger)
	os.WriteFile(ledger, append(src, []byte("\n// Reverse undoes an entry.\nfunc Reverse() { Record(nil) }\n")...), 0o644)
	os.Remove(filepath.Join(root, "docs", "notes.txt"))
	loaded, err := Load(root)
	if err != nil {
		t.Fatal(err)
	}
	if !loaded.Stale(CheckAll) {
		t.Fatal("index not stale after edits")
	}
	idx, st, err := Update(context.Background(), root, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if st.Changed != 1 || st.Removed != 1 {
		t.Errorf("changed %d removed %d, want 1 and 1", st.Changed, st.Removed)
	}
	s := idx.Store
	if !s.Has("internal/ledger/ledger.go::Reverse") {
		t.Error("new function missing")
	}
	if _, ok := s.EdgeBetween("internal/ledger/ledger.go::Reverse", "internal/ledger/ledger.go::Record"); !ok {
		t.Error("calls edge of the new function missing")
	}
	if _, ok := s.EdgeBetween("billing/invoice.go::Invoice.Finalize", "internal/ledger/ledger.go::Record"); !ok {
		t.Error("calls edge from an unchanged file into the changed one lost")
	}
	for n := range s.Nodes() {
		if n.Path == "docs/notes.txt" {
			t.Errorf("node of a deleted file survives: %s", n.ID)
		}
	}
	full, _ := mustBuild(t, copyTree(t, root), Options{})
	if full.Store.NodeCount() != s.NodeCount() || full.Store.EdgeCount() != s.EdgeCount() {
		t.Errorf("incremental graph has %d nodes %d edges; a full build has %d %d",
			s.NodeCount(), s.EdgeCount(), full.Store.NodeCount(), full.Store.EdgeCount())
	}
}

// copyTree copies root without its index.
func copyTree(t *testing.T, root string) string {
	t.Helper()
	dst := filepath.Join(t.TempDir(), "copy")
	if err := os.CopyFS(dst, os.DirFS(root)); err != nil {
		t.Fatal(err)
	}
	os.RemoveAll(filepath.Join(dst, ".gortex"))
	return dst
}

// gcProbe is a ContentIndexer that notes whether the collector was off
// while it ran.
type gcProbe struct{ paused *bool }

func (p gcProbe) UpdateContent(ctx context.Context, dir string, create bool, remove []graph.NodeID, add []*graph.Node) error {
	prev := debug.SetGCPercent(100)
	debug.SetGCPercent(prev)
	*p.paused = prev < 0
	return nil
}

// TestUpdatePauseGC checks that an update turns the collector off only
// when Options.PauseGC asks for it, and turns it back on when done. The
// probe runs as the update writes the content index of a changed document,
// which is inside the pause when there is no Linker.
func TestUpdatePauseGC(t *testing.T) {
	if prev := debug.SetGCPercent(100); prev < 0 {
		debug.SetGCPercent(prev)
		t.Skip("the collector is off (GOGC=off)")
	} else {
		debug.SetGCPercent(prev)
	}
	for _, pause := range []bool{false, true} {
		root := copyFixture(t)
		var paused bool
		opts := Options{Content: gcProbe{&paused}, PauseGC: pause}
		mustBuild(t, root, opts)
		doc := filepath.Join(root, "docs", "design", "cart-design.md")
		src, err := os.ReadFile(doc)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(doc, append(src, "\nOne more line.\n"...), 0o644); err != nil {
			t.Fatal(err)
		}
		later := time.Now().Add(time.Minute)
		if err := os.Chtimes(doc, later, later); err != nil {
			t.Fatal(err)
		}
		paused = !pause
		_, st, err := Update(context.Background(), root, opts)
		if err != nil {
			t.Fatal(err)
		}
		if !st.Incremental || st.Changed != 1 {
			t.Fatalf("PauseGC %v: incremental %v, changed %d; want an incremental update of 1 file", pause, st.Incremental, st.Changed)
		}
		if paused != pause {
			t.Errorf("PauseGC %v: collector off during the update = %v", pause, paused)
		}
		if prev := debug.SetGCPercent(100); prev < 0 {
			t.Errorf("PauseGC %v: collector still off after the update", pause)
		} else {
			debug.SetGCPercent(prev)
		}
	}
}
