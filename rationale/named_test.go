package rationale

import (
	"reflect"
	"sort"
	"testing"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/graph/graphtest"
)

// linkStore builds a store with symbols in two packages and one section per
// text, links it, and returns the symbols each section names.
func linkText(t *testing.T, text string) map[string]float64 {
	t.Helper()
	s := graphtest.Checked(t, graph.New())
	sym := func(pkg, recv, name string, kind graph.NodeKind) { addShopSymbol(t, s, pkg, recv, name, kind) }
	sym("billing", "", "Budget", graph.KindType)
	sym("billing", "Budget", "Remaining", graph.KindMethod)
	sym("billing", "", "Invoice", graph.KindType)
	sym("billing", "Invoice", "Finalize", graph.KindMethod)
	sym("billing", "", "Total", graph.KindFunction)
	sym("cart", "", "Total", graph.KindFunction)
	sym("cart", "", "ApplyDiscount", graph.KindFunction)
	sym("cart", "", "Sum", graph.KindFunction)
	sym("ledger", "", "Record", graph.KindFunction)
	return linkSection(t, s, graph.Node{ID: graph.SectionID("d.md", 1), Kind: graph.KindDoc, Name: "Heading", Path: "d.md", Text: text})
}

// addShopSymbol adds a symbol of the example shop: pkg/x.go's name (with
// its receiver, when recv is set), qualified under example.com/shop.
func addShopSymbol(t *testing.T, s *graph.Store, pkg, recv, name string, kind graph.NodeKind) {
	t.Helper()
	dotted := name
	if recv != "" {
		dotted = recv + "." + name
	}
	path := pkg + "/x.go"
	if err := s.AddNode(graph.Node{ID: graph.SymbolID(path, dotted), Kind: kind, Name: name, Receiver: recv,
		Package: pkg, Qualified: "example.com/shop/" + pkg + "." + dotted, Path: path}); err != nil {
		t.Fatal(err)
	}
}

func TestLinkNamed(t *testing.T) {
	tests := []struct {
		name string
		text string
		want []string // symbol IDs linked
	}{
		{"camel case in prose", "ApplyDiscount rounds down.", []string{"cart/x.go::ApplyDiscount"}},
		{"plain word in prose", "Budget constraints forced us to cut scope.", nil},
		{"plain word in code span", "The `Budget` type caps spend.", []string{"billing/x.go::Budget"}},
		{"type method in prose", "Budget.Remaining never goes negative.", []string{"billing/x.go::Budget.Remaining", "billing/x.go::Budget"}},
		{"pkg name", "Every write goes through ledger.Record first.", []string{"ledger/x.go::Record"}},
		{"qualified", "See example.com/shop/billing.Invoice for the type.", []string{"billing/x.go::Invoice"}},
		{"qualified method", "We call `example.com/shop/billing.Invoice.Finalize`.", []string{"billing/x.go::Invoice.Finalize", "billing/x.go::Invoice"}},
		{"short name in prose", "Sum the line amounts.", nil},
		{"short name in code needs its package", "Call `Sum` on the lines.", nil},
		{"short name in code with its package", "In `cart`, call `Sum` on the lines.", []string{"cart/x.go::Sum"}},
		{"a manifest's kind names a type", "```yaml\nkind: Invoice\n```", []string{"billing/x.go::Invoice"}},
		{"a kind is never a function", "```yaml\nkind: ApplyDiscount\n```", []string{"cart/x.go::ApplyDiscount"}},
		{"flags are no names", "Run it with `--ApplyDiscount` or -ApplyDiscount.", nil},
		{"source blocks keep their names", "```go\nx := ApplyDiscount(c)\n```", []string{"cart/x.go::ApplyDiscount"}},
		{"shared name splits", "The `Total` is rounded.", []string{"billing/x.go::Total", "cart/x.go::Total"}},
		{"context picks among shared names", "In the `cart` package, `Total` is rounded.", []string{"cart/x.go::Total"}},
		{"receiver context picks a method", "```go\nb := Budget{}\nb.Remaining()\n```\n`Remaining` never goes negative.", []string{"billing/x.go::Budget", "billing/x.go::Budget.Remaining"}},
		{"fenced code counts as code", "```go\nb := Budget{}\n```", []string{"billing/x.go::Budget"}},
		{"variable qualifier", "```go\nx.Finalize()\n```", []string{"billing/x.go::Invoice.Finalize"}},
		{"substring is no token", "ApplyDiscounts and PreApplyDiscount differ.", nil},
		{"case sensitive", "applydiscount is not it.", nil},
		{"unclosed backtick", "`Budget never closes", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := linkText(t, tt.text)
			var ids []string
			for id := range got {
				ids = append(ids, id)
			}
			sort.Strings(ids)
			want := append([]string(nil), tt.want...)
			sort.Strings(want)
			if len(want) == 0 {
				want = nil
			}
			if !reflect.DeepEqual(ids, want) {
				t.Errorf("linked %v, want %v", ids, want)
			}
		})
	}
}

func TestNamedScores(t *testing.T) {
	got := linkText(t, "The `Total` is rounded; see example.com/shop/ledger.Record and ApplyDiscount.")
	if got["billing/x.go::Total"] != scoreBareCode/2 {
		t.Errorf("shared Total scored %v, want %v", got["billing/x.go::Total"], scoreBareCode/2)
	}
	if got["ledger/x.go::Record"] != scoreQualified {
		t.Errorf("qualified Record scored %v, want %v", got["ledger/x.go::Record"], scoreQualified)
	}
	if got["cart/x.go::ApplyDiscount"] != scoreBareProse {
		t.Errorf("prose ApplyDiscount scored %v, want %v", got["cart/x.go::ApplyDiscount"], scoreBareProse)
	}
}

func TestSplitIdent(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"parseHTTPRequest2", []string{"parse", "HTTP", "Request", "2"}},
		{"Budget", []string{"Budget"}},
		{"parse_flags", []string{"parse", "flags"}},
		{"IsActive", []string{"Is", "Active"}},
		{"HTTPServer", []string{"HTTP", "Server"}},
		{"v1beta1", []string{"v", "1", "beta", "1"}},
	}
	for _, tt := range tests {
		if got := SplitIdent(tt.in); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("SplitIdent(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func FuzzScanMentions(f *testing.F) {
	for _, s := range []string{"`Budget`", "```go\nx\n```", "a.b/c.D", "``x`` `", "example.com/x/y.Z.W"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		for _, m := range scanMentions(text, false, nil) {
			if len(m.parts) == 0 {
				t.Fatalf("mention without parts in %q", text)
			}
			for _, p := range m.parts {
				if !isIdent(p) {
					t.Fatalf("part %q of %q is no identifier", p, text)
				}
			}
		}
	})
}
