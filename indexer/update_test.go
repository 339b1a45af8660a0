package indexer_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/indexer"
	"github.com/gortex/gortex/internal/fixturetest"
	"github.com/gortex/gortex/semantic"
	"github.com/gortex/gortex/workspace"
)

// TestUpdateMatchesFullBuild applies a change to a copy of the fixture,
// updates its index incrementally, and checks that the graph is exactly
// what a full build of the changed tree gives: every node and field, every
// edge with its kinds and motivations.
func TestUpdateMatchesFullBuild(t *testing.T) {
	tests := []struct {
		name   string
		change func(t *testing.T, root string)
		kept   bool // the update keeps the links instead of linking again
		full   bool // the update builds the index again
		learn  bool // the update learns the model again, reading the graph
	}{
		{"body of a function", func(t *testing.T, root string) {
			replace(t, root, "internal/ledger/ledger.go", "return &Ledger{nextID: 1}", "l := &Ledger{nextID: 1}\n\treturn l")
		}, true, false, false},
		{"comment appended", func(t *testing.T, root string) {
			appendTo(t, root, "billing/invoice.go", "\n// trailing comment\n")
		}, true, false, false},
		{"new function called from another package", func(t *testing.T, root string) {
			appendTo(t, root, "internal/ledger/ledger.go", "\n// Reverse undoes an entry.\nfunc Reverse() { New() }\n")
			replace(t, root, "billing/invoice.go", "n := lastNumber.Add(1)", "n := lastNumber.Add(1)\n\tledger.Reverse()")
		}, false, false, true},
		{"second method makes a value call ambiguous", func(t *testing.T, root string) {
			// checkout.go's c.Empty() resolved to Cart.Empty in pricing.go;
			// neither file changes, but the edge between them must go.
			appendTo(t, root, "cart/discount.go", "\n// Empty is another Empty.\nfunc (cp Coupon) Empty() bool { return false }\n")
		}, false, false, true},
		{"a symbol a document names is renamed", func(t *testing.T, root string) {
			replace(t, root, "internal/ledger/ledger.go", "func New()", "func NewLedger()")
		}, false, false, true},
		{"a document changes", func(t *testing.T, root string) {
			appendTo(t, root, "docs/adr/0001-use-a-ledger.md", "\n## Follow-up\n\nWe also call `ledger.New` from `billing`.\n")
		}, false, false, true},
		{"a file is deleted and one added in a new directory", func(t *testing.T, root string) {
			remove(t, root, "cart/discount.go")
			write(t, root, "cart/promo/promo.go", "package promo\n\nimport \"example.com/shop/billing\"\n\n// Promo wraps a total.\nfunc Promo() int64 { return billing.Total(nil) }\n")
		}, false, false, true},
		{"a package changes its name", func(t *testing.T, root string) {
			for _, f := range []string{"internal/ledger/ledger.go"} {
				replace(t, root, f, "package ledger", "package journal")
			}
		}, false, false, true},
		{"a module path changes", func(t *testing.T, root string) {
			replace(t, root, "tools/go.mod", "module ", "module x.")
		}, false, true, true},
		{"touched without a change", func(t *testing.T, root string) {
			now := time.Now().Add(time.Minute)
			os.Chtimes(filepath.Join(root, "billing", "refund.go"), now, now)
		}, true, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := fixtureCopy(t)
			ctx := context.Background()
			if _, _, err := indexer.Build(ctx, root, workspace.IndexOptions(root, workspace.Options{})); err != nil {
				t.Fatal(err)
			}
			tt.change(t, root)
			opts := workspace.IndexOptions(root, workspace.Options{})
			linker := &countingLinker{inner: opts.Linker}
			opts.Linker = linker
			modeler := &recordingModeler{Modeler: opts.Model}
			opts.Model = modeler
			idx, st, err := indexer.Update(ctx, root, opts)
			if err != nil {
				t.Fatal(err)
			}
			if st.Incremental == tt.full {
				t.Fatalf("update incremental: %v, want %v (rebuilt: %q)", st.Incremental, !tt.full, st.Rebuilt)
			}
			if linked := linker.calls > 0; linked == tt.kept {
				t.Errorf("linked again: %v, want %v", linked, !tt.kept)
			}
			full := fixtureCopyOf(t, root)
			want, wantSt, err := indexer.Build(ctx, full, workspace.IndexOptions(full, workspace.Options{}))
			if err != nil {
				t.Fatal(err)
			}
			sameGraph(t, idx.Store, want.Store)
			if modeler.learned != tt.learn {
				t.Errorf("model learned again: %v, want %v", modeler.learned, tt.learn)
			}
			sameFile(t, filepath.Join(indexer.IndexDir(root), semantic.FileName), filepath.Join(indexer.IndexDir(full), semantic.FileName))
			if st.Links != wantSt.Links || st.Symbols != wantSt.Symbols || st.Sections != wantSt.Sections {
				t.Errorf("stats: %d links %d symbols %d sections, a full build: %d %d %d",
					st.Links, st.Symbols, st.Sections, wantSt.Links, wantSt.Symbols, wantSt.Sections)
			}
			loaded, err := indexer.Load(root)
			if err != nil {
				t.Fatal(err)
			}
			sameGraph(t, loaded.Store, want.Store)
			if loaded.Stale(indexer.CheckAll) {
				t.Error("index stale right after the update")
			}
			// The next update finds nothing to do.
			if _, st, err := indexer.Update(ctx, root, workspace.IndexOptions(root, workspace.Options{})); err != nil || !st.UpToDate {
				t.Errorf("second update: up to date %v, err %v", st.UpToDate, err)
			}
		})
	}
}

// TestUpdatesAccumulate makes one change after another, updating after
// each, and compares the end with a full build: the deltas of successive
// updates add up.
func TestUpdatesAccumulate(t *testing.T) {
	root := fixtureCopy(t)
	ctx := context.Background()
	if _, _, err := indexer.Build(ctx, root, workspace.IndexOptions(root, workspace.Options{})); err != nil {
		t.Fatal(err)
	}
	var ledger string
	steps := []func(){
		func() { appendTo(t, root, "billing/invoice.go", "\n// one\n") },
		func() {
			appendTo(t, root, "internal/ledger/ledger.go", "\n// Reverse undoes an entry.\nfunc Reverse() { New() }\n")
		},
		func() {
			replace(t, root, "billing/invoice.go", "n := lastNumber.Add(1)", "n := lastNumber.Add(1)\n\tledger.Reverse()")
		},
		func() {
			appendTo(t, root, "docs/adr/0001-use-a-ledger.md", "\n## Reversal\n\n`ledger.Reverse` undoes an entry.\n")
		},
		func() { appendTo(t, root, "cart/pricing.go", "\n// two\n") },
		// A file that is called and named goes, then comes back as it
		// was: the edges it had in the snapshot come back only as the
		// update makes them again.
		func() {
			ledger = read(t, root, "internal/ledger/ledger.go")
			remove(t, root, "internal/ledger/ledger.go")
		},
		func() { write(t, root, "internal/ledger/ledger.go", ledger) },
	}
	for i, step := range steps {
		step()
		if _, st, err := indexer.Update(ctx, root, workspace.IndexOptions(root, workspace.Options{})); err != nil || !st.Incremental {
			t.Fatalf("step %d: incremental %v, err %v", i, st.Incremental, err)
		}
		if _, err := os.Stat(filepath.Join(indexer.IndexDir(root), "graph.delta")); err != nil {
			t.Errorf("step %d: no delta written: %v", i, err)
		}
	}
	got, err := indexer.Load(root)
	if err != nil {
		t.Fatal(err)
	}
	full := fixtureCopyOf(t, root)
	want, _, err := indexer.Build(ctx, full, workspace.IndexOptions(full, workspace.Options{}))
	if err != nil {
		t.Fatal(err)
	}
	sameGraph(t, got.Store, want.Store)
}

// countingLinker counts the Link calls of the Linker it wraps.
type countingLinker struct {
	inner indexer.Linker
	calls int
}

func (l *countingLinker) Link(ctx context.Context, s *graph.Store) (map[graph.Signal]int, error) {
	l.calls++
	return l.inner.Link(ctx, s)
}

// recordingModeler records whether the Modeler it wraps was asked to
// learn the model again (not told that the model reads the same).
type recordingModeler struct {
	indexer.Modeler
	learned bool
}

func (m *recordingModeler) WriteModel(ctx context.Context, s *graph.Store, dir, live string, same bool) error {
	m.learned = !same
	return m.Modeler.WriteModel(ctx, s, dir, live, same)
}

// sameFile fails unless the two files hold the same bytes.
func sameFile(t *testing.T, got, want string) {
	t.Helper()
	g, err := os.ReadFile(got)
	if err != nil {
		t.Fatal(err)
	}
	w, err := os.ReadFile(want)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(g, w) {
		t.Errorf("%s: %d bytes differ from a full build's %d", filepath.Base(got), len(g), len(w))
	}
}

// sameGraph compares two stores node by node and edge by edge.
func sameGraph(t *testing.T, got, want *graph.Store) {
	t.Helper()
	g, w := digest(got), digest(want)
	if slices.Equal(g, w) {
		return
	}
	for _, l := range g {
		if _, found := slices.BinarySearch(w, l); !found {
			t.Errorf("only in the update: %s", l)
		}
	}
	for _, l := range w {
		if _, found := slices.BinarySearch(g, l); !found {
			t.Errorf("only in the full build: %s", l)
		}
	}
}

// digest renders every node and edge of s as a sorted list of lines.
func digest(s *graph.Store) []string {
	var out []string
	for n := range s.Nodes() {
		var attrs []string
		for k, v := range n.Attrs {
			attrs = append(attrs, k+"="+v)
		}
		slices.Sort(attrs)
		out = append(out, fmt.Sprintf("node %s %s name=%q q=%q path=%s %d-%d lang=%s pkg=%s recv=%s sig=%q text=%q head=%q attrs=%v",
			n.ID, n.Kind, n.Name, n.Qualified, n.Path, n.Line, n.EndLine, n.Lang, n.Package, n.Receiver, n.Signature, n.Text, n.HeadingPath, attrs))
	}
	for e := range s.Edges() {
		var ms []string
		for _, m := range e.Motivations {
			ms = append(ms, fmt.Sprintf("%s:%.6f:%s", m.Signal, m.Score, m.Detail))
		}
		slices.Sort(ms)
		out = append(out, fmt.Sprintf("edge %s -> %s %s %v", e.From, e.To, e.Kinds, ms))
	}
	slices.Sort(out)
	return out
}

func fixtureCopy(t *testing.T) string {
	t.Helper()
	return fixturetest.Repo(t)
}

// fixtureCopyOf copies root without its index.
func fixtureCopyOf(t *testing.T, root string) string {
	t.Helper()
	dst := filepath.Join(t.TempDir(), "full")
	if err := os.CopyFS(dst, os.DirFS(root)); err != nil {
		t.Fatal(err)
	}
	os.RemoveAll(filepath.Join(dst, ".gortex"))
	return dst
}

func replace(t *testing.T, root, rel, old, new string) {
	t.Helper()
	p := filepath.Join(root, filepath.FromSlash(rel))
	src, err := os.ReadFile(p)
	if err != nil || !strings.Contains(string(src), old) {
		t.Fatalf("%s has no %q (%v)", rel, old, err)
	}
	write(t, root, rel, strings.Replace(string(src), old, new, 1))
}

func appendTo(t *testing.T, root, rel, text string) {
	t.Helper()
	src, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(rel)))
	if err != nil {
		t.Fatal(err)
	}
	write(t, root, rel, string(src)+text)
}

func write(t *testing.T, root, rel, text string) {
	t.Helper()
	p := filepath.Join(root, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	// A later modification time than the index's, even on a coarse clock.
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	later := time.Now().Add(time.Minute)
	os.Chtimes(p, later, later)
}

func read(t *testing.T, root, rel string) string {
	t.Helper()
	src, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(rel)))
	if err != nil {
		t.Fatal(err)
	}
	return string(src)
}

func remove(t *testing.T, root, rel string) {
	t.Helper()
	if err := os.Remove(filepath.Join(root, filepath.FromSlash(rel))); err != nil {
		t.Fatal(err)
	}
}

// TestStaleAfterLoad checks both ways Stale answers: with the check Load
// began, and, on later calls, by statting again, so that a long-lived
// holder of an Index (the MCP server) sees changes made after its load.
func TestStaleAfterLoad(t *testing.T) {
	root := fixtureCopy(t)
	if _, _, err := indexer.Build(context.Background(), root, indexer.Options{}); err != nil {
		t.Fatal(err)
	}
	idx, err := indexer.Load(root)
	if err != nil {
		t.Fatal(err)
	}
	if idx.Stale(indexer.CheckAll) {
		t.Fatal("stale right after a build")
	}
	appendTo(t, root, "cart/cart.go", "\n// later\n")
	if !idx.Stale(indexer.CheckAll) {
		t.Error("a change made after the load is not seen")
	}
	write(t, root, "cart/new.go", "package cart\n")
	loaded, err := indexer.Load(root)
	if err != nil {
		t.Fatal(err)
	}
	if !loaded.Stale(indexer.CheckAll) {
		t.Error("a new file is not seen by the check Load began")
	}
}

// TestOlderManifestRebuilds checks that an index whose manifest an older
// gortex wrote (manifest.gob, before the table of files) is refused as of
// another version, not read as corrupt, and that an update rebuilds it.
func TestOlderManifestRebuilds(t *testing.T) {
	root := fixtureCopy(t)
	ctx := context.Background()
	if _, _, err := indexer.Build(ctx, root, indexer.Options{}); err != nil {
		t.Fatal(err)
	}
	dir := indexer.IndexDir(root)
	if err := os.Rename(filepath.Join(dir, "manifest.bin"), filepath.Join(dir, "manifest.gob")); err != nil {
		t.Fatal(err)
	}
	if _, err := indexer.Load(root); !errors.Is(err, graph.ErrVersion) {
		t.Fatalf("Load = %v, want graph.ErrVersion", err)
	}
	_, st, err := indexer.Update(ctx, root, indexer.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(st.Rebuilt, "older gortex") {
		t.Errorf("Rebuilt = %q, want it to name the older gortex", st.Rebuilt)
	}
	if _, err := indexer.LoadQuick(root); err != nil {
		t.Errorf("the rebuilt index does not load: %v", err)
	}
}

// TestTestDataIsNoDocument builds a repository whose design note and
// whose test data both name a function: only the note becomes sections,
// in a full build and in an update that adds more test data.
func TestTestDataIsNoDocument(t *testing.T) {
	root := t.TempDir()
	write(t, root, "go.mod", "module example.com/m\n")
	write(t, root, "pay.go", "package m\n\n// Charge takes a payment.\nfunc Charge() {}\n")
	write(t, root, "docs/design.md", "# Payments\n\n`Charge` retries once.\n")
	write(t, root, "testdata/script/charge.txt", "# Charge twice\n\ncall Charge\n")
	if _, _, err := indexer.Build(context.Background(), root, indexer.Options{}); err != nil {
		t.Fatal(err)
	}
	write(t, root, "pkg/testdata/more.md", "# More\n\n`Charge` in a test.\n")
	write(t, root, "pkg/__snapshots__/view.md", "# View\n\n`Charge` rendered.\n")
	idx, _, err := indexer.Update(context.Background(), root, indexer.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var docs []string
	for n := range idx.Store.Nodes() {
		if n.Kind == graph.KindDoc {
			docs = append(docs, n.Path)
		}
	}
	if len(docs) == 0 || slices.ContainsFunc(docs, func(p string) bool { return p != "docs/design.md" }) {
		t.Errorf("sections in %v, want docs/design.md's alone", docs)
	}
	for _, p := range []string{"testdata/script/charge.txt", "pkg/testdata/more.md", "pkg/__snapshots__/view.md"} {
		if n, ok := idx.Store.Node(graph.FileID(p)); !ok || n.Kind != graph.KindFile {
			t.Errorf("%s: %v, want a file node", p, n)
		}
	}
}

// TestUpdateMeetsDamagedPage damages the live snapshot where an update
// reads it (the text of a symbol of the file it changes): the update
// checks the pages it reads, not the whole snapshot, and a page that
// fails its checksum makes it build the index again, never carry the
// damage over. The index it writes is a full build's.
func TestUpdateMeetsDamagedPage(t *testing.T) {
	root := fixtureCopy(t)
	ctx := context.Background()
	if _, _, err := indexer.Build(ctx, root, workspace.IndexOptions(root, workspace.Options{})); err != nil {
		t.Fatal(err)
	}
	snap := filepath.Join(indexer.IndexDir(root), "graph.bin")
	data, err := os.ReadFile(snap)
	if err != nil {
		t.Fatal(err)
	}
	at := bytes.Index(data, []byte("an empty ledger whose first entry gets ID 1"))
	if at < 0 {
		t.Fatal("the snapshot holds no text of ledger.New")
	}
	data[at] ^= 0x20
	if err := os.WriteFile(snap, data, 0o644); err != nil {
		t.Fatal(err)
	}
	appendTo(t, root, "billing/invoice.go", "\n// trailing comment\n")
	idx, st, err := indexer.Update(ctx, root, workspace.IndexOptions(root, workspace.Options{}))
	if err != nil {
		t.Fatal(err)
	}
	if st.Incremental || !strings.Contains(st.Rebuilt, "corrupt") {
		t.Errorf("update of a damaged snapshot: incremental %v, rebuilt %q; want it built again for the damage", st.Incremental, st.Rebuilt)
	}
	full := fixtureCopyOf(t, root)
	want, _, err := indexer.Build(ctx, full, workspace.IndexOptions(full, workspace.Options{}))
	if err != nil {
		t.Fatal(err)
	}
	sameGraph(t, idx.Store, want.Store)
	loaded, err := indexer.Load(root)
	if err != nil {
		t.Fatal(err)
	}
	sameGraph(t, loaded.Store, want.Store)
}
