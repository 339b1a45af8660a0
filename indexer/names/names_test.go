package names

import (
	"slices"
	"testing"

	"github.com/gortex/gortex/graph"
)

func TestOf(t *testing.T) {
	tests := []struct {
		name string
		node graph.Node
		want []string
	}{
		{"Go method", graph.Node{Kind: graph.KindMethod, Qualified: "example.com/shop/billing.Invoice.Finalize"},
			[]string{"example.com/shop/billing.Invoice.Finalize", "billing.Invoice.Finalize", "Invoice.Finalize", "Finalize"}},
		{"Go package", graph.Node{Kind: graph.KindPackage, Qualified: "example.com/shop/billing"},
			[]string{"example.com/shop/billing", "billing"}},
		{"Rust method", graph.Node{Kind: graph.KindMethod, Qualified: "crate::cart::Cart::add"},
			[]string{"crate::cart::Cart::add", "cart::Cart::add", "Cart::add", "add"}},
		{"Ruby method", graph.Node{Kind: graph.KindMethod, Qualified: "Shop::Cart#add"}, []string{"Shop::Cart#add", "Cart#add", "add"}},
		{"PHP method", graph.Node{Kind: graph.KindMethod, Qualified: `App\Cart::add`}, []string{`App\Cart::add`, "Cart::add", "add"}},
		{"C function", graph.Node{Kind: graph.KindFunction, Qualified: "main"}, []string{"main"}},
		{"a file has none", graph.Node{Kind: graph.KindFile, Qualified: "billing/invoice.go"}, nil},
		{"a section has none", graph.Node{Kind: graph.KindDoc, Name: "Decision"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Of(&tt.node); !slices.Equal(got, tt.want) {
				t.Errorf("Of = %q, want %q", got, tt.want)
			}
		})
	}
}
