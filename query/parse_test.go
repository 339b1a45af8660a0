package query

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	tests := []struct {
		name    string
		in      string
		want    Query
		wantErr bool
	}{
		{"bare", "Budget", Query{Raw: "Budget", Names: []string{"Budget"}}, false},
		{"type method", "Budget.IsActive", Query{Raw: "Budget.IsActive", Names: []string{"Budget", "IsActive"}}, false},
		{"pkg type method", "v1.Budget.IsActive", Query{Raw: "v1.Budget.IsActive", Names: []string{"v1", "Budget", "IsActive"}}, false},
		{"dotted import path", "sigs.k8s.io/karpenter/pkg/apis/v1.Budget",
			Query{Raw: "sigs.k8s.io/karpenter/pkg/apis/v1.Budget", Dir: "sigs.k8s.io/karpenter/pkg/apis", Names: []string{"v1", "Budget"}}, false},
		{"relative path suffix", "apis/v1.Budget", Query{Raw: "apis/v1.Budget", Dir: "apis", Names: []string{"v1", "Budget"}}, false},
		{"stable id", "pkg/apis/v1/nodepool.go::Budget", Query{Raw: "pkg/apis/v1/nodepool.go::Budget", ID: "pkg/apis/v1/nodepool.go::Budget"}, false},
		{"stable id method", "a.go::T.M", Query{Raw: "a.go::T.M", ID: "a.go::T.M"}, false},
		{"trims space", "  Budget \n", Query{Raw: "Budget", Names: []string{"Budget"}}, false},
		{"unicode identifier", "Größe", Query{Raw: "Größe", Names: []string{"Größe"}}, false},
		{"rust path", "crate::shop::Cart::add", Query{Raw: "crate::shop::Cart::add", Names: []string{"crate", "shop", "Cart", "add"}}, false},
		{"cpp global", "::ns::Class::method", Query{Raw: "::ns::Class::method", Names: []string{"ns", "Class", "method"}}, false},
		{"ruby instance method", "Shop::Cart#empty?", Query{Raw: "Shop::Cart#empty?", Names: []string{"Shop", "Cart", "empty?"}}, false},
		{"ruby class method", "Shop::Cart.build", Query{Raw: "Shop::Cart.build", Names: []string{"Shop", "Cart", "build"}}, false},
		{"php", `\App\Shop\Cart::add`, Query{Raw: `\App\Shop\Cart::add`, Names: []string{"App", "Shop", "Cart", "add"}}, false},
		{"typescript path", "src/billing/invoice.Invoice.finalize",
			Query{Raw: "src/billing/invoice.Invoice.finalize", Dir: "src/billing", Names: []string{"invoice", "Invoice", "finalize"}}, false},
		{"bash name", "release.build-all", Query{Raw: "release.build-all", Names: []string{"release", "build-all"}}, false},
		{"stable id in a dotless dir", "src/lib.rs::util.clamp", Query{Raw: "src/lib.rs::util.clamp", ID: "src/lib.rs::util.clamp"}, false},
		{"empty", "", Query{}, true},
		{"only separators", "::", Query{}, true},
		{"empty part", "Shop::::Cart", Query{}, true},
		{"question mark inside", "a?b", Query{}, true},
		{"id without name", "a.go::", Query{}, true},
		{"trailing dot", "Budget.", Query{}, true},
		{"leading digit", "1Budget", Query{}, true},
		{"sentence", "why use toml", Query{}, true},
		{"empty dir", "/Budget", Query{}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Parse(tt.in)
			if tt.wantErr {
				if !errors.Is(err, ErrBadQuery) {
					t.Fatalf("Parse(%q) err = %v, want ErrBadQuery", tt.in, err)
				}
				return
			}
			if err != nil {
				t.Fatalf("Parse(%q): %v", tt.in, err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Parse(%q) = %+v, want %+v", tt.in, got, tt.want)
			}
		})
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"Budget", "v1.Budget.IsActive", "sigs.k8s.io/karpenter/pkg/apis/v1.Budget",
		"a.go::T.M", "::", "a/b/", ".", "x/y.z/w.V", "crate::a::B::c", `\A\B::c`, "A::B#c?"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		q, err := Parse(in)
		if err != nil {
			return
		}
		if q.ID != "" {
			if !strings.Contains(q.ID, "::") {
				t.Fatalf("ID %q without ::", q.ID)
			}
			return
		}
		if len(q.Names) == 0 {
			t.Fatalf("Parse(%q) gave no names", in)
		}
		for _, n := range q.Names {
			if !isIdent(n) {
				t.Fatalf("Parse(%q) name %q is no identifier", in, n)
			}
		}
		// The suffix form re-parses to the same query.
		again, err := Parse(q.Suffix())
		if err != nil || !reflect.DeepEqual(again.Names, q.Names) || again.Dir != q.Dir {
			t.Fatalf("Parse(%q).Suffix() = %q does not round-trip: %+v, %v", in, q.Suffix(), again, err)
		}
	})
}
