package mcp

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	mcpgo "github.com/mark3labs/mcp-go/mcp"

	"github.com/gortex/gortex/query"
)

func TestToolsAndInstructions(t *testing.T) {
	s, err := New(fixture(t), Options{})
	if err != nil {
		t.Fatal(err)
	}
	c := connect(t, s)
	res, err := c.ListTools(context.Background(), mcpgo.ListToolsRequest{})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tool := range res.Tools {
		names = append(names, tool.Name)
		if strings.Contains(string(tool.RawInputSchema), `"null"`) {
			t.Errorf("%s: a nullable type in its schema: %s", tool.Name, tool.RawInputSchema)
		}
	}
	want := []string{"audit", "check", "covers", "doc_outline", "forget_memory", "index_status", "list_docs", "propose_memory", "query_memories", "read_doc_section",
		"reindex", "search", "specs", "store_memory", "supersede_memory", "update_memory", "why"}
	slices.Sort(names)
	if !slices.Equal(names, want) {
		t.Errorf("tools = %v, want %v", names, want)
	}
	for _, name := range want {
		if !strings.Contains(instructions, "`"+name+"`") {
			t.Errorf("the instructions never mention %s", name)
		}
	}
}

func TestPanicBecomesErrorResult(t *testing.T) {
	s, c := newServer(t)
	register(s, mcpgo.NewTool("boom"),
		func(ctx context.Context, sn *Snapshot, p indexStatusParams) (*out[status], error) {
			var m map[string]int
			m["x"] = 1 // a nil map: panics
			return nil, nil
		})
	res := call(t, c, "boom", nil)
	if !res.IsError || !strings.Contains(text(res), "internal error in boom") {
		t.Errorf("panic gave %v %q", res.IsError, text(res))
	}
	if res := call(t, c, "why", map[string]any{"id": "ledger.Record"}); res.IsError {
		t.Errorf("the server stopped serving after a panic: %s", text(res))
	}
}

// A file changed on disk is re-indexed before the next answer; a memory
// file edited by hand is reloaded; nothing changed means nothing rebuilt.
func TestRefresh(t *testing.T) {
	s, c := newServer(t)
	before := callJSON[query.Answer](t, c, "why", map[string]any{"id": "cart.Cart.Checkout"})
	gen := s.snap.Load().Gen
	callJSON[query.Answer](t, c, "why", map[string]any{"id": "cart.Cart.Checkout"})
	if g := s.snap.Load().Gen; g != gen {
		t.Fatalf("an unchanged repository was rebuilt (gen %d → %d)", gen, g)
	}

	doc := "# Checkout rules\n\n`Cart.Checkout` refuses an empty cart because the payment provider charges a fee per call.\n"
	if err := os.WriteFile(filepath.Join(s.Root(), "docs", "checkout.md"), []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	after := callJSON[query.Answer](t, c, "why", map[string]any{"id": "cart.Cart.Checkout"})
	if !slices.ContainsFunc(after.Rationale, func(e query.Entry) bool { return e.Path == "docs/checkout.md" }) {
		t.Errorf("the new document is not in the answer: %+v (before: %d entries)", after.Rationale, before.Count)
	}
	st := callJSON[status](t, c, "index_status", nil)
	if st.LastRefresh.Kind != "update" || st.LastRefresh.Changed != 1 || st.Stale || st.Generation <= gen {
		t.Errorf("index_status after an edit = %+v", st)
	}

	m := callJSON[writeResult](t, c, "store_memory", map[string]any{"body": "Checkout never retries a failed payment.", "symbols": []string{"Cart.Checkout"}})
	file := filepath.Join(s.Root(), filepath.FromSlash(m.Path))
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	edited := strings.Replace(string(data), "importance: 3", "importance: 5", 1)
	if err := os.WriteFile(file, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	list := callJSON[memoryList](t, c, "query_memories", nil)
	if list.Count != 1 || list.Memories[0].Importance != 5 {
		t.Errorf("a hand-edited memory was not reloaded: %+v", list.Memories)
	}
	if st := callJSON[status](t, c, "index_status", nil); st.LastRefresh.Kind != "memories" || st.Counts.Memories != 1 {
		t.Errorf("index_status after a memory edit = %+v", st)
	}
}

func TestReindex(t *testing.T) {
	_, c := newServer(t)
	st := callJSON[status](t, c, "index_status", map[string]any{})
	if st.Loaded {
		t.Errorf("index_status loaded the index; it must only report: %+v", st)
	}
	full := callJSON[status](t, c, "reindex", map[string]any{"full": true})
	if !full.Loaded || full.LastRefresh.Kind != "full" || full.Counts.Symbols == 0 || full.Counts.Sections == 0 || full.Counts.Links == 0 {
		t.Errorf("reindex full = %+v", full)
	}
	again := callJSON[status](t, c, "reindex", nil)
	if again.Generation != full.Generation+1 || again.LastRefresh.Changed != 0 {
		t.Errorf("reindex = %+v", again)
	}
}

// Concurrent calls share staleness checks: a burst of calls after a change
// builds one new snapshot, not one per call.
func TestConcurrentCallsShareOneRefresh(t *testing.T) {
	s, c := newServer(t)
	call(t, c, "index_status", nil)
	callJSON[query.Answer](t, c, "why", map[string]any{"id": "ledger.Record"})
	gen := s.snap.Load().Gen
	if err := os.WriteFile(filepath.Join(s.Root(), "docs", "more.md"), []byte("# More\n\n`ledger.Record` is append-only.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for range 20 {
		wg.Go(func() {
			if res := call(t, c, "why", map[string]any{"id": "ledger.Record"}); res.IsError {
				t.Error(text(res))
			}
		})
	}
	wg.Wait()
	if g := s.snap.Load().Gen; g != gen+1 {
		t.Errorf("20 concurrent calls after one change made %d snapshots, want 1", g-gen)
	}
}

// With the watcher on, a call stats nothing while nothing changed, and a
// file written just before a call is still seen by it.
func TestRefreshWatched(t *testing.T) {
	s, c := newServer(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s.Watch(ctx)
	callJSON[query.Answer](t, c, "why", map[string]any{"id": "cart.Cart.Checkout"})
	gen := s.snap.Load().Gen
	st := callJSON[status](t, c, "index_status", nil)
	if !strings.HasPrefix(st.ChangeDetection, "watcher on ") || st.Stale {
		t.Errorf("index_status with the watcher = %+v", st)
	}
	callJSON[query.Answer](t, c, "why", map[string]any{"id": "cart.Cart.Checkout"})
	if g := s.snap.Load().Gen; g != gen {
		t.Fatalf("an unchanged repository was rebuilt (gen %d → %d)", gen, g)
	}
	doc := "# Checkout rules\n\n`Cart.Checkout` refuses an empty cart because the payment provider charges a fee per call.\n"
	if err := os.WriteFile(filepath.Join(s.Root(), "docs", "checkout.md"), []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	after := callJSON[query.Answer](t, c, "why", map[string]any{"id": "cart.Cart.Checkout"})
	if !slices.ContainsFunc(after.Rationale, func(e query.Entry) bool { return e.Path == "docs/checkout.md" }) {
		t.Errorf("the new document is not in the answer: %+v", after.Rationale)
	}
	if st := callJSON[status](t, c, "index_status", nil); st.LastRefresh.Kind != "update" || st.Generation <= gen {
		t.Errorf("index_status after an edit = %+v", st)
	}
}
