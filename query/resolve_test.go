package query

import (
	"errors"
	"testing"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/graph/graphtest"
)

// testStore holds symbols in two modules whose paths contain dots, with
// names that repeat across packages and types.
func testStore(t *testing.T) *graph.Store {
	t.Helper()
	s := graphtest.Checked(t, graph.New())
	add := func(path, pkg, pkgPath, recv, name string, kind graph.NodeKind) {
		dotted := name
		if recv != "" {
			dotted = recv + "." + name
		}
		err := s.AddNode(graph.Node{ID: graph.SymbolID(path, dotted), Kind: kind, Name: name, Receiver: recv,
			Package: pkg, Qualified: pkgPath + "." + dotted, Path: path, Line: 1})
		if err != nil {
			t.Fatal(err)
		}
	}
	add("pkg/apis/v1/nodepool.go", "v1", "sigs.k8s.io/karpenter/pkg/apis/v1", "", "Budget", graph.KindType)
	add("pkg/apis/v1/nodepool.go", "v1", "sigs.k8s.io/karpenter/pkg/apis/v1", "Budget", "IsActive", graph.KindMethod)
	add("pkg/apis/v1beta1/nodepool.go", "v1beta1", "sigs.k8s.io/karpenter/pkg/apis/v1beta1", "", "Budget", graph.KindType)
	add("pkg/apis/v1beta1/nodepool.go", "v1beta1", "sigs.k8s.io/karpenter/pkg/apis/v1beta1", "Budget", "IsActive", graph.KindMethod)
	add("pkg/apis/v1/nodepool.go", "v1", "sigs.k8s.io/karpenter/pkg/apis/v1", "", "Disruption", graph.KindType)
	add("pkg/scheduling/req.go", "scheduling", "sigs.k8s.io/karpenter/pkg/scheduling", "", "NewRequirement", graph.KindFunction)
	add("x/v1/a.go", "v1", "example.com/x/v1", "", "Widget", graph.KindType)
	return s
}

func TestResolve(t *testing.T) {
	s := testStore(t)
	tests := []struct {
		name    string
		query   string
		wantID  graph.NodeID
		wantErr error
		nCands  int
	}{
		{"full qualified", "sigs.k8s.io/karpenter/pkg/apis/v1.Budget", "pkg/apis/v1/nodepool.go::Budget", nil, 0},
		{"path suffix", "apis/v1.Budget", "pkg/apis/v1/nodepool.go::Budget", nil, 0},
		{"pkg suffix", "v1.Budget.IsActive", "pkg/apis/v1/nodepool.go::Budget.IsActive", nil, 0},
		{"unique bare", "NewRequirement", "pkg/scheduling/req.go::NewRequirement", nil, 0},
		{"unique bare in other module", "Widget", "x/v1/a.go::Widget", nil, 0},
		{"stable id", "pkg/apis/v1/nodepool.go::Budget.IsActive", "pkg/apis/v1/nodepool.go::Budget.IsActive", nil, 0},
		{"ambiguous type method", "Budget.IsActive", "", ErrAmbiguous, 2},
		{"ambiguous bare", "Budget", "", ErrAmbiguous, 2},
		{"suffix must align", "pis/v1.Budget", "", ErrUnknown, 0},
		{"unknown", "Budgett", "", ErrUnknown, 0},
		{"unknown id", "nope.go::X", "", ErrUnknown, 0},
		{"wrong package", "v2.Budget", "", ErrUnknown, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q, err := Parse(tt.query)
			if err != nil {
				t.Fatal(err)
			}
			n, cands, err := Resolve(s, q)
			if !errors.Is(err, tt.wantErr) {
				t.Fatalf("err = %v, want %v", err, tt.wantErr)
			}
			if len(cands) != tt.nCands {
				t.Errorf("%d candidates, want %d", len(cands), tt.nCands)
			}
			if tt.wantID != "" && (n == nil || n.ID != tt.wantID) {
				t.Errorf("resolved %v, want %s", n, tt.wantID)
			}
		})
	}
}

func TestSuggest(t *testing.T) {
	s := testStore(t)
	got := Suggest(s, "Budgett", 3)
	if len(got) == 0 || got[0] != "Budget" {
		t.Errorf("Suggest(Budgett) = %v, want Budget first", got)
	}
	if got := Suggest(s, "Zzzzzzzzzz", 3); len(got) != 0 {
		t.Errorf("Suggest(Zzzzzzzzzz) = %v, want nothing", got)
	}
}

func TestMatchesSuffix(t *testing.T) {
	tests := []struct {
		qualified, suffix string
		want              bool
	}{
		{"crate::shop::Cart::add", "Cart.add", true},
		{"crate::shop::Cart::add", "shop.Cart.add", true},
		{"crate::shop::Cart::add", "art.add", false},
		{"Shop::Cart#add", "Cart.add", true},
		{`App\Shop\Cart::add`, "Shop.Cart.add", true},
		{"src/billing/invoice.Invoice", "invoice.Invoice", true},
		{"src/billing/invoice.Invoice", "billing/invoice.Invoice", true},
		{"sigs.k8s.io/karpenter/pkg/apis/v1.Budget", "pis/v1.Budget", false},
	}
	for _, tt := range tests {
		if got := matchesSuffix(tt.qualified, tt.suffix); got != tt.want {
			t.Errorf("matchesSuffix(%q, %q) = %v, want %v", tt.qualified, tt.suffix, got, tt.want)
		}
	}
}
