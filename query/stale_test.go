package query

import (
	"testing"

	"github.com/gortex/gortex/memory"
)

func TestAnchorNames(t *testing.T) {
	a := memory.SymbolAnchor{Written: "grpc.WithBlock", ID: "grpc/dialoptions.go::WithBlock", Stale: true}
	m := memory.SymbolAnchor{Written: "Invoice.Finalize", ID: "billing/invoice.go::Invoice.Finalize", Stale: true}
	tests := []struct {
		name   string
		anchor memory.SymbolAnchor
		query  string
		want   bool
	}{
		{"bare name", a, "WithBlock", true},
		{"as written", a, "grpc.WithBlock", true},
		{"stable id", a, "grpc/dialoptions.go::WithBlock", true},
		{"other stable id", a, "grpc/clientconn.go::WithBlock", false},
		{"longer than written", a, "google.golang.org/grpc.WithBlock", true},
		{"other package", a, "credentials.WithBlock", false},
		{"prefix only", a, "WithBlockX", false},
		{"method", m, "Finalize", true},
		{"method with type", m, "Invoice.Finalize", true},
		{"method with package", m, "billing.Invoice.Finalize", true},
		{"full path", m, "example.com/shop/billing.Invoice.Finalize", true},
		{"wrong type", m, "Order.Finalize", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q, err := Parse(tt.query)
			if err != nil {
				t.Fatal(err)
			}
			if got := anchorNames(tt.anchor, q); got != tt.want {
				t.Errorf("anchorNames(%s, %q) = %v, want %v", tt.anchor.ID, tt.query, got, tt.want)
			}
		})
	}
}

func TestNamesWord(t *testing.T) {
	tests := []struct {
		text, name string
		want       bool
	}{
		{"Call `WithBlock` to wait.", "WithBlock", true},
		{"grpc.WithBlock waits", "WithBlock", true},
		{"WithBlocking is new", "WithBlock", false},
		{"no mention", "WithBlock", false},
		{"UseWithBlock and WithBlock", "WithBlock", true},
		{"Cart.RemoveItem drops", "Cart.RemoveItem", true},
	}
	for _, tt := range tests {
		if got := namesWord(tt.text, tt.name); got != tt.want {
			t.Errorf("namesWord(%q, %q) = %v, want %v", tt.text, tt.name, got, tt.want)
		}
	}
}
