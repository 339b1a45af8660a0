package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/gortex/gortex/docs"
)

// TestDocsAndSearch runs gortex docs and gortex search on the fixture: the
// same answers as the MCP document tools, as text and as JSON.
func TestDocsAndSearch(t *testing.T) {
	dir := fixture(t)
	tests := []struct {
		name string
		args []string
		code int
		want []string // in stdout, or in stderr when the code is not 0
	}{
		{"list", []string{"docs"}, exitOK, []string{"adr     docs/adr/0001-use-a-ledger.md", "Before this decision every package kept its own view of money.", "[superseded by docs/adr/0003"}},
		{"list by kind", []string{"docs", "--kind", "design"}, exitOK, []string{"docs/design/cart-design.md  Cart design"}},
		{"a directory", []string{"docs", "docs/adr"}, exitOK, []string{"0001-use-a-ledger.md", "0003-refund-to-original-payment-methods.md"}},
		{"outline", []string{"docs", "docs/adr/0001-use-a-ledger.md"}, exitOK, []string{"(adr)  ADR 0001", "#L27  27-36", "  Decision"}},
		{"section by heading", []string{"docs", "docs/adr/0001-use-a-ledger.md#decision"}, exitOK, []string{"docs/adr/0001-use-a-ledger.md:27  ADR 0001: Use an append-only ledger for money > Decision", "We take option 3."}},
		{"section by id, tail of the path", []string{"docs", "adr/0001-use-a-ledger.md#L27"}, exitOK, []string{"We take option 3."}},
		{"section with subsections", []string{"docs", "docs/design/cart-design.md#Pricing", "--subsections"}, exitOK, []string{"Cart design > Pricing\n", "Cart design > Pricing > Rounding"}},
		{"no such document", []string{"docs", "docs/other/cart-design.md"}, exitUnknown, []string{"did you mean docs/design/cart-design.md?"}},
		{"no such section", []string{"docs", "docs/design/cart-design.md#Epilogue"}, exitUnknown, []string{`no section "Epilogue"`, "gortex docs docs/design/cart-design.md lists its sections"}},
		{"search code", []string{"search", "Invoice.Finalize"}, exitOK, []string{"symbol", "billing/invoice.go:", "example.com/shop/billing.Invoice.Finalize"}},
		{"search docs, words as arguments", []string{"search", "--scope", "docs", "append-only", "ledger"}, exitOK, []string{"section", "docs/adr/0001-use-a-ledger.md"}},
		{"search without words", []string{"search"}, exitUsage, []string{"give the words"}},
		{"search bad scope", []string{"search", "--scope", "web", "x"}, exitUsage, []string{"unknown scope"}},
		{"search json and toon", []string{"search", "--json", "--toon", "x"}, exitUsage, []string{"exclude"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, stderr := run(t, append(tt.args, "--dir", dir)...)
			got := out
			if code != exitOK {
				got = stderr
			}
			if code != tt.code {
				t.Fatalf("exit %d, want %d\n%s%s", code, tt.code, out, stderr)
			}
			for _, w := range tt.want {
				if !strings.Contains(got, w) {
					t.Errorf("output lacks %q:\n%s", w, got)
				}
			}
		})
	}
	t.Run("json", func(t *testing.T) {
		var list docs.List
		if _, out, _ := run(t, "docs", "--dir", dir, "--json", "--kind", "adr"); json.Unmarshal([]byte(out), &list) != nil || list.Count != 4 {
			t.Errorf("docs --json: %s", out)
		}
		var res docs.Result
		_, out, _ := run(t, "search", "--dir", dir, "--json", "--scope", "code", "finalize", "invoice")
		if json.Unmarshal([]byte(out), &res) != nil || res.Count == 0 || res.Hits[0].ID != "billing/invoice.go::Invoice.Finalize" || res.Query != "finalize invoice" {
			t.Errorf("search --json: %s", out)
		}
		if _, out, _ := run(t, "docs", "--dir", dir, "--toon", "docs/adr/0001-use-a-ledger.md"); !strings.HasPrefix(out, "path: docs/adr/0001-use-a-ledger.md") {
			t.Errorf("docs --toon: %s", out)
		}
	})
}
