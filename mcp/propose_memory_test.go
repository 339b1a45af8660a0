package mcp

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gortex/gortex/memory"
	"github.com/gortex/gortex/query"
)

func TestProposeMemory(t *testing.T) {
	s, c := newServer(t)
	live := callJSON[writeResult](t, c, "store_memory", map[string]any{"body": "Ledger entries are never deleted, only reversed by a new entry."})
	body := "Checkout never retries a failed payment: the provider may have charged the card already."
	steps := []struct {
		name   string
		args   map[string]any
		status string
		id     string // "" for a new one
		note   string
	}{
		{"proposed", map[string]any{"body": body, "kind": "invariant", "symbols": []string{"Cart.Checkout"}}, "proposed", "", "gortex memory review --accept"},
		{"repeats the proposal", map[string]any{"body": body}, "duplicate", "first", "pending proposal"},
		{"repeats a live memory", map[string]any{"body": "Ledger entries are never deleted; they are only reversed by a new entry."}, "duplicate", live.ID, "the memory " + live.ID},
	}
	first := ""
	for _, st := range steps {
		t.Run(st.name, func(t *testing.T) {
			r := callJSON[writeResult](t, c, "propose_memory", st.args)
			want := st.id
			if want == "first" {
				want = first
			}
			if r.Status != st.status || (want != "" && r.ID != want) || !strings.Contains(r.Note, st.note) {
				t.Errorf("propose_memory = %+v", r)
			}
			if first == "" {
				first = r.ID
				if !strings.HasPrefix(r.Path, ".gortex/proposals/") {
					t.Errorf("path %q", r.Path)
				}
			}
		})
	}
	if n := memoryFiles(t, s.Root()); n != 1 {
		t.Errorf("%d memory files, want only the stored one", n)
	}
	a := callJSON[query.Answer](t, c, "why", map[string]any{"id": "Cart.Checkout"})
	for _, e := range a.Rationale {
		if e.SourceID == "mem:"+first {
			t.Error("why shows a proposal as reasoning")
		}
	}
	if res := call(t, c, "propose_memory", map[string]any{"body": "  "}); !res.IsError || !strings.Contains(text(res), "body is empty") {
		t.Errorf("an empty body: %v %s", res.IsError, text(res))
	}
	if res := call(t, c, "propose_memory", map[string]any{"body": "x holds", "symbols": []string{"Total"}}); !res.IsError || !strings.Contains(text(res), "matches") {
		t.Errorf("an ambiguous anchor: %v %s", res.IsError, text(res))
	}

	// Accepted, it becomes a memory, and why ranks it first.
	ctx := context.Background()
	res, err := memory.OpenProposals(s.Root()).Accept(ctx, first, memory.OpenWorkspace(s.Root()), nil, memory.AddOptions{Resolve: s.snap.Load().Resolver(), Root: s.Root()})
	if err != nil || res.Status != memory.StatusCreated {
		t.Fatalf("accept: %+v %v", res, err)
	}
	a = callJSON[query.Answer](t, c, "why", map[string]any{"id": "Cart.Checkout"})
	if len(a.Rationale) == 0 || a.Rationale[0].SourceID != "mem:"+string(res.ID) {
		t.Errorf("why after accepting: %+v", a.Rationale)
	}
	if _, err := os.Stat(filepath.Join(s.Root(), ".gortex", "proposals", first+".md")); !os.IsNotExist(err) {
		t.Errorf("the accepted proposal's file is still there: %v", err)
	}
}
