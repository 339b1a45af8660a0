package docs_test

import (
	"context"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/gortex/gortex/docs"
	"github.com/gortex/gortex/graph/graphtest"
	"github.com/gortex/gortex/query"
	"github.com/gortex/gortex/workspace"
)

// library opens a copy of the fixture repository.
func library(t *testing.T) *docs.Library {
	t.Helper()
	t.Setenv("XDG_DATA_HOME", t.TempDir())
	root := t.TempDir()
	if err := os.CopyFS(root, os.DirFS("../testdata/repo")); err != nil {
		t.Fatal(err)
	}
	w, err := workspace.Open(context.Background(), root, workspace.Options{})
	if err != nil {
		t.Fatal(err)
	}
	graphtest.Checked(t, w.Store())
	return docs.New(w)
}

const ledgerADR = "docs/adr/0001-use-a-ledger.md"

func TestList(t *testing.T) {
	l := library(t)
	tests := []struct {
		name  string
		o     docs.ListOptions
		count int // -1: at least one
		total int // -1: as count
		note  string
	}{
		{"all", docs.ListOptions{}, -1, -1, ""},
		{"by kind", docs.ListOptions{Kind: "adr"}, 4, 4, ""},
		{"by path prefix", docs.ListOptions{Path: "./docs/design"}, 1, 1, ""},
		{"limited", docs.ListOptions{Kind: "adr", Limit: 2}, 2, 4, "2 more"},
		{"nothing", docs.ListOptions{Kind: "rfc"}, 0, 0, "no document matches"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := l.List(tt.o)
			total := tt.total
			if total < 0 {
				total = got.Count
			}
			if (tt.count >= 0 && got.Count != tt.count) || (tt.count < 0 && got.Count == 0) || got.Total != total ||
				got.Count != len(got.Docs) || !strings.Contains(got.Note, tt.note) {
				t.Errorf("List(%+v) = count %d total %d note %q", tt.o, got.Count, got.Total, got.Note)
			}
		})
	}
}

func TestSection(t *testing.T) {
	l := library(t)
	tests := []struct {
		name, doc, ref string
		subsections    bool
		heading        string // of the first section
		count          int
		err            string
	}{
		{"by id", ledgerADR, "doc:" + ledgerADR + "#L27", false, "ADR 0001: Use an append-only ledger for money > Decision", 1, ""},
		{"by line", ledgerADR, "L27", false, "ADR 0001: Use an append-only ledger for money > Decision", 1, ""},
		{"by heading, any case", ledgerADR, "decision", false, "ADR 0001: Use an append-only ledger for money > Decision", 1, ""},
		{"by heading path", "docs/design/cart-design.md", "Pricing > Rounding", false, "Cart design > Pricing > Rounding", 1, ""},
		{"by anchor", ledgerADR, "options-considered", false, "ADR 0001: Use an append-only ledger for money > Options considered", 1, ""},
		{"with subsections", "docs/design/cart-design.md", "Pricing", true, "Cart design > Pricing", 2, ""},
		{"by a tail of the path", "adr/0001-use-a-ledger.md", "Decision", false, "ADR 0001: Use an append-only ledger for money > Decision", 1, ""},
		{"no such section", ledgerADR, "Epilogue", false, "", 0, `no section "Epilogue" in ` + ledgerADR},
		{"no such document", "docs/other/cart-design.md", "Pricing", false, "", 0, "did you mean docs/design/cart-design.md?"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := l.Section(tt.doc, tt.ref, tt.subsections)
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Errorf("error %v, want %q", err, tt.err)
				}
				return
			}
			if err != nil || got.Count != tt.count || got.Sections[0].Heading != tt.heading || got.Sections[0].Text == "" {
				t.Errorf("Section(%s, %s) = %+v, %v", tt.doc, tt.ref, got, err)
			}
		})
	}
}

func TestSearch(t *testing.T) {
	l := library(t)
	ctx := context.Background()
	tests := []struct {
		name, text string
		scope      docs.Scope
		kind, id   string // of the first hit
		err        error
	}{
		{"code by name", "Invoice.Finalize", docs.ScopeCode, "symbol", "billing/invoice.go::Invoice.Finalize", nil},
		{"code by words", "finalize invoice", docs.ScopeCode, "symbol", "billing/invoice.go::Invoice.Finalize", nil},
		{"docs", "append-only ledger journal", docs.ScopeDocs, "section", "", nil},
		{"all", "refund store credit", "", "", "", nil},
		{"empty", "  ", docs.ScopeAll, "", "", docs.ErrEmptyQuery},
		{"bad scope", "x", "web", "", "", docs.ErrScope},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := l.Search(ctx, tt.text, tt.scope, 10)
			if tt.err != nil {
				if !errors.Is(err, tt.err) {
					t.Errorf("error %v, want %v", err, tt.err)
				}
				return
			}
			if err != nil || res.Count == 0 {
				t.Fatalf("Search = %+v, %v", res, err)
			}
			var toon strings.Builder
			if err := query.Encode(&toon, res, query.FormatTOON, query.RenderOptions{}); err != nil {
				t.Errorf("TOON: %v", err)
			}
			h := res.Hits[0]
			if (tt.kind != "" && h.Kind != tt.kind) || (tt.id != "" && h.ID != tt.id) || h.Score != 1 {
				t.Errorf("first hit %+v, want kind %q id %q score 1", h, tt.kind, tt.id)
			}
		})
	}
}
