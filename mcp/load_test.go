package mcp

import (
	"fmt"
	"sync"
	"testing"

	"github.com/gortex/gortex/query"
)

// loadBody is a memory's body of mostly its own words, so that no two are
// duplicates (token-set Jaccard similarity under memory.DuplicateThreshold).
func loadBody(i int) string {
	return fmt.Sprintf("Decision %d keeps ledger rounding: alpha%d bravo%d charlie%d delta%d echo%d foxtrot%d.", i, i, i, i, i, i, i)
}

// Fifty why calls interleaved with fifty store_memory calls: every call is
// answered without error, every memory is on disk, and the last snapshot
// holds them all. Run it with -race.
func TestLoad(t *testing.T) {
	s, c := newServer(t)
	const n = 50
	var wg sync.WaitGroup
	errs := make(chan string, 2*n)
	ids := make(chan string, n)
	symbols := []string{"billing.Invoice.Finalize", "ledger.Record", "cart.Cart.Checkout", "billing.IssueRefund", "billing.Budget"}
	for i := range n {
		wg.Go(func() {
			res := call(t, c, "why", map[string]any{"id": symbols[i%len(symbols)], "format": []string{"json", "toon"}[i%2]})
			if res.IsError {
				errs <- "why: " + text(res)
			}
		})
		wg.Go(func() {
			res := call(t, c, "store_memory", map[string]any{"body": loadBody(i), "symbols": []string{symbols[i%len(symbols)]},
				"tags": []string{"load"}, "importance": 1 + i%5})
			w := decode[writeResult](t, text(res))
			if res.IsError || w.Status != "created" {
				errs <- fmt.Sprintf("store_memory %d: %s", i, text(res))
				return
			}
			ids <- w.ID
		})
	}
	wg.Wait()
	close(errs)
	close(ids)
	for e := range errs {
		t.Error(e)
	}
	seen := map[string]bool{}
	for id := range ids {
		seen[id] = true
	}
	if len(seen) != n {
		t.Errorf("%d distinct ids, want %d", len(seen), n)
	}
	if got := memoryFiles(t, s.Root()); got != n {
		t.Errorf("%d memory files on disk, want %d", got, n)
	}
	list := callJSON[memoryList](t, c, "query_memories", map[string]any{"tag": "load", "limit": 200, "max_tokens": 100000})
	if list.Count != n || list.Matched != n {
		t.Errorf("query_memories sees %d memories, want %d", list.Count, n)
	}
	a := callJSON[query.Answer](t, c, "why", map[string]any{"id": "ledger.Record", "limit": 100})
	mems := 0
	for _, e := range a.Rationale {
		if e.Kind == "rationale" {
			mems++
		}
	}
	if mems != n/len(symbols) {
		t.Errorf("why ledger.Record shows %d memories, want %d", mems, n/len(symbols))
	}
}
