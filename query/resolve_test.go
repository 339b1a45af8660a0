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
		name   string
		query  string
		wantID graph.NodeID
		want   TargetKind
		nCands int
	}{
		{"full qualified", "sigs.k8s.io/karpenter/pkg/apis/v1.Budget", "pkg/apis/v1/nodepool.go::Budget", TargetSymbol, 0},
		{"path suffix", "apis/v1.Budget", "pkg/apis/v1/nodepool.go::Budget", TargetSymbol, 0},
		{"pkg suffix", "v1.Budget.IsActive", "pkg/apis/v1/nodepool.go::Budget.IsActive", TargetSymbol, 0},
		{"unique bare", "NewRequirement", "pkg/scheduling/req.go::NewRequirement", TargetSymbol, 0},
		{"unique bare in other module", "Widget", "x/v1/a.go::Widget", TargetSymbol, 0},
		{"stable id", "pkg/apis/v1/nodepool.go::Budget.IsActive", "pkg/apis/v1/nodepool.go::Budget.IsActive", TargetSymbol, 0},
		{"ambiguous type method", "Budget.IsActive", "", TargetAmbiguous, 2},
		{"ambiguous bare", "Budget", "", TargetAmbiguous, 2},
		{"suffix must align", "pis/v1.Budget", "", TargetUnknown, 0},
		{"unknown", "Budgett", "", TargetUnknown, 0},
		{"unknown id", "nope.go::X", "", TargetUnknown, 0},
		{"wrong package", "v2.Budget", "", TargetUnknown, 0},
		{"no query", "a b", "", TargetBad, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := ResolveText(s, tt.query)
			if got.Kind != tt.want {
				t.Fatalf("kind = %d, want %d (err %v)", got.Kind, tt.want, got.Err)
			}
			if len(got.Candidates) != tt.nCands {
				t.Errorf("%d candidates, want %d", len(got.Candidates), tt.nCands)
			}
			if tt.wantID != "" && (got.Node == nil || got.Node.ID != tt.wantID) {
				t.Errorf("resolved %v, want %s", got.Node, tt.wantID)
			}
			if tt.want == TargetBad && !errors.Is(got.Err, ErrBadQuery) {
				t.Errorf("err = %v, want ErrBadQuery", got.Err)
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
