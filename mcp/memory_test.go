package mcp

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gortex/gortex/query"
)

// A memory stored through MCP is the first entry of why for its symbol,
// as a memory added with the CLI is: both go through rationale.
func TestMemoryLifecycle(t *testing.T) {
	s, c := newServer(t)
	store := map[string]any{
		"title": "Finalize runs once per invoice", "kind": "invariant", "importance": 5,
		"body":    "Invoice.Finalize writes one ledger entry per line; calling it twice books revenue twice.",
		"symbols": []string{"billing.Invoice.Finalize"}, "tags": []string{"ledger", "#Money"},
		"basis": "incident", "confidence": 0.9,
	}
	created := callJSON[writeResult](t, c, "store_memory", store)
	if created.Status != "created" || created.ID == "" {
		t.Fatalf("store_memory = %+v", created)
	}
	if !strings.HasPrefix(created.Path, ".gortex/memories/") {
		t.Errorf("path = %q", created.Path)
	}

	a := callJSON[query.Answer](t, c, "why", map[string]any{"id": "Invoice.Finalize"})
	if len(a.Rationale) == 0 || a.Rationale[0].SourceID != "mem:"+created.ID || a.Rationale[0].RationaleKind != "invariant" {
		t.Fatalf("why does not rank the memory first: %+v", a.Rationale)
	}

	dup := callJSON[writeResult](t, c, "store_memory", store)
	if dup.Status != "duplicate" || dup.ID != created.ID || dup.Note == "" {
		t.Errorf("storing it again = %+v, want duplicate of %s", dup, created.ID)
	}

	up := callJSON[writeResult](t, c, "update_memory", map[string]any{"id": created.ID, "importance": 4, "pinned": true})
	if up.Status != "updated" || up.ID != created.ID {
		t.Errorf("update_memory = %+v", up)
	}
	list := callJSON[memoryList](t, c, "query_memories", map[string]any{"symbol": "Invoice.Finalize"})
	if list.Count != 1 || list.Memories[0].Importance != 4 || !list.Memories[0].Pinned || list.Memories[0].Author != "gortex-test" {
		t.Fatalf("query_memories after update = %+v", list)
	}
	if got := list.Memories[0].Tags; got != "ledger, money" {
		t.Errorf("tags = %q", got)
	}

	sup := callJSON[writeResult](t, c, "supersede_memory", map[string]any{"id": created.ID,
		"body": "Finalize may run twice since the ledger deduplicates entries by invoice line id."})
	if sup.Status != "created" || sup.Supersedes != created.ID {
		t.Fatalf("supersede_memory = %+v", sup)
	}
	list = callJSON[memoryList](t, c, "query_memories", map[string]any{"file": "billing/invoice.go"})
	if list.Count != 2 || list.Memories[0].ID != sup.ID || list.Memories[1].SupersededBy != sup.ID {
		t.Errorf("query_memories does not rank the live memory first: %+v", list.Memories)
	}
	live := callJSON[memoryList](t, c, "query_memories", map[string]any{"live_only": true, "text": "DEDUPLICATES ledger"})
	if live.Count != 1 || live.Memories[0].ID != sup.ID {
		t.Errorf("query_memories live_only text = %+v", live.Memories)
	}

	gone := callJSON[writeResult](t, c, "forget_memory", map[string]any{"id": created.ID})
	if gone.Status != "forgotten" {
		t.Errorf("forget_memory = %+v", gone)
	}
	if _, err := os.Stat(filepath.Join(s.Root(), filepath.FromSlash(created.Path))); !os.IsNotExist(err) {
		t.Errorf("the forgotten memory's file is still there: %v", err)
	}
	if n := memoryFiles(t, s.Root()); n != 1 {
		t.Errorf("%d memory files, want 1", n)
	}
}

func TestStoreMemoryUpsertAndGlobal(t *testing.T) {
	_, c := newServer(t)
	g := callJSON[writeResult](t, c, "store_memory", map[string]any{"scope": "global",
		"body": "Refunds go back to the original payment method, never to store credit.", "symbols": []string{"billing.IssueRefund"}})
	if g.Status != "created" || !filepath.IsAbs(g.Path) {
		t.Fatalf("global store_memory = %+v", g)
	}
	ws := callJSON[memoryList](t, c, "query_memories", map[string]any{"scope": "workspace"})
	gl := callJSON[memoryList](t, c, "query_memories", map[string]any{"scope": "global"})
	if ws.Count != 0 || gl.Count != 1 {
		t.Errorf("workspace %d, global %d memories; want 0 and 1", ws.Count, gl.Count)
	}
	a := callJSON[query.Answer](t, c, "why", map[string]any{"id": "billing.IssueRefund", "scope": "workspace"})
	for _, e := range a.Rationale {
		if e.SourceID == "mem:"+g.ID {
			t.Errorf("why scope workspace includes the global memory")
		}
	}
	up := callJSON[writeResult](t, c, "store_memory", map[string]any{"id": g.ID,
		"body": "Refunds go back to the original payment method; store credit only on request."})
	if up.Status != "updated" || up.ID != g.ID {
		t.Errorf("store_memory with id = %+v", up)
	}
}
