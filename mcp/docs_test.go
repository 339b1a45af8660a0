package mcp

import (
	"strings"
	"testing"

	"github.com/gortex/gortex/docs"
)

func TestDocumentTools(t *testing.T) {
	_, c := newServer(t)
	list := callJSON[docs.List](t, c, "list_docs", map[string]any{})
	byPath := map[string]docs.Info{}
	for _, d := range list.Docs {
		byPath[d.Path] = d
	}
	adr, ok := byPath["docs/adr/0001-use-a-ledger.md"]
	if !ok || list.Count != list.Total {
		t.Fatalf("list_docs = %+v", list)
	}
	if adr.Kind != "adr" || adr.Title != "ADR 0001: Use an append-only ledger for money" ||
		adr.Purpose != "Before this decision every package kept its own view of money." || adr.Sections < 4 {
		t.Errorf("ADR 0001 = %+v", adr)
	}
	if old := byPath["docs/adr/0002-refund-as-store-credit.md"]; old.SupersededBy == "" {
		t.Errorf("ADR 0002 is not marked superseded: %+v", old)
	}
	adrs := callJSON[docs.List](t, c, "list_docs", map[string]any{"kind": "adr", "path": "docs/"})
	if adrs.Count != 4 {
		t.Errorf("list_docs kind adr = %d documents, want 4", adrs.Count)
	}

	out := callJSON[docs.Outline](t, c, "doc_outline", map[string]any{"path": "adr/0001-use-a-ledger.md"})
	if out.Path != "docs/adr/0001-use-a-ledger.md" || len(out.Sections) != adr.Sections {
		t.Fatalf("doc_outline = %+v", out)
	}
	title := out.Sections[0]
	var decision docs.Row
	for _, s := range out.Sections {
		if s.Heading == "Decision" {
			decision = s
		}
	}
	if title.Depth != 1 || title.Parent != "" || decision.Depth != 2 || decision.Parent != title.ID || decision.Tokens == 0 {
		t.Errorf("outline rows: title %+v, decision %+v", title, decision)
	}

	secs := callJSON[docs.Sections](t, c, "read_doc_section", map[string]any{"ids": []string{decision.ID, strings.TrimPrefix(title.ID, "doc:")}})
	if secs.Count != 2 || !strings.Contains(secs.Sections[0].Text, "`Invoice.Finalize` is the first caller") ||
		secs.Sections[0].Heading != "ADR 0001: Use an append-only ledger for money > Decision" {
		t.Errorf("read_doc_section = %+v", secs)
	}
	all := callJSON[docs.Sections](t, c, "read_doc_section", map[string]any{"ids": []string{title.ID}, "subsections": true})
	if all.Count != len(out.Sections) {
		t.Errorf("read_doc_section with subsections = %d sections, want %d", all.Count, len(out.Sections))
	}
	cut := callJSON[docs.Sections](t, c, "read_doc_section", map[string]any{"ids": []string{title.ID}, "subsections": true, "max_tokens": 250})
	// Subsections are dropped from the end once even their first
	// sentences do not fit; what is kept starts as the whole does.
	if !strings.Contains(cut.Note, "cut to fit") || cut.Count < 1 || cut.Count > all.Count || cut.Sections[0].ID != all.Sections[0].ID {
		t.Errorf("read_doc_section max_tokens: note %q, %d sections", cut.Note, cut.Count)
	}
}

func TestSearch(t *testing.T) {
	_, c := newServer(t)
	callJSON[writeResult](t, c, "store_memory", map[string]any{"body": "Discounts are applied before tax, never after; auditors check it.", "kind": "constraint"})
	tests := []struct {
		scope, query string
		kind, id     string // of the first hit
	}{
		{"code", "Invoice.Finalize", "symbol", "billing/invoice.go::Invoice.Finalize"},
		{"code", "finalize invoice", "symbol", "billing/invoice.go::Invoice.Finalize"},
		{"docs", "append-only ledger journal", "section", ""},
		{"memories", "discount tax", "memory", ""},
		{"all", "refund store credit", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.scope+" "+tt.query, func(t *testing.T) {
			res := callJSON[docs.Result](t, c, "search", map[string]any{"query": tt.query, "scope": tt.scope})
			if res.Count == 0 {
				t.Fatalf("no hits: %+v", res)
			}
			h := res.Hits[0]
			if (tt.kind != "" && h.Kind != tt.kind) || (tt.id != "" && h.ID != tt.id) || h.Score != 1 || h.What == "" {
				t.Errorf("first hit = %+v, want kind %q id %q score 1", h, tt.kind, tt.id)
			}
			for _, h := range res.Hits {
				if h.Kind == "" || h.ID == "" || h.Path == "" {
					t.Errorf("hit lacks what or where: %+v", h)
				}
			}
		})
	}
}
