package syntax_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/graph/graphtest"
	"github.com/gortex/gortex/indexer"
	"github.com/gortex/gortex/query"
)

// TestLangQueries indexes each language's fixture and resolves names in the
// language's own convention, suffixes of them and stable IDs, the way
// gortex why does.
func TestLangQueries(t *testing.T) {
	tests := []struct {
		lang  string
		query string
		want  graph.NodeID
	}{
		{"python", "shop.models.Cart.add", "shop/models.py::Cart.add"},
		{"python", "models.Cart.Line", "shop/models.py::Cart.Line"},
		{"python", "shop.version", "shop/__init__.py::version"},
		{"python", "shop/models.py::Cart.add", "shop/models.py::Cart.add"},
		{"python", "shop", graph.PackageID("shop")}, // the package: its dotted directory
		{"javascript", "src/cart/cart.Cart.add", "src/cart/cart.js::Cart.add"},
		{"javascript", "cart.Cart", "src/cart/cart.js::Cart"},
		{"javascript", "legacy.Inventory.count", "src/cart/legacy.js::Inventory.count"},
		{"typescript", "src/billing/invoice.Billing.Invoice.finalize", "src/billing/invoice.ts::Invoice.finalize"},
		{"typescript", "Invoice.finalize", "src/billing/invoice.ts::Invoice.finalize"},
		{"typescript", "money.Money", "src/billing/money.d.ts::Money"},
		{"tsx", "src/components/CartView.CartView", "src/components/CartView.tsx::CartView"},
		{"java", "com.example.shop.Cart.add", "src/main/java/com/example/shop/Cart.java::Cart.add"},
		{"java", "shop.Cart.Builder.build", "src/main/java/com/example/shop/Cart.java::Cart.Builder.build"},
		{"java", "com.example.shop", graph.PackageID("com.example.shop")},
		{"kotlin", "com.example.shop.Cart.add", "src/main/kotlin/com/example/shop/Cart.kt::Cart.add"},
		{"kotlin", "Prices.of", "src/main/kotlin/com/example/shop/Cart.kt::Prices.of"},
		{"scala", "com.example.shop.Cart.add", "src/main/scala/com/example/shop/Cart.scala::Cart.add"},
		{"c", "ring_push", "src/ring.c::ring_push"},
		{"c", "ring.stats", "src/ring.c::ring.stats"},
		{"cpp", "shop::cache::LRU::get", "src/cache.h::LRU.get"},
		{"cpp", "cache::Registry::add", "src/cache.cpp::Registry.add"},
		{"cpp", "::shop::cache::reset", "src/cache.cpp::reset"},
		{"cpp", "src/cache.h::LRU.get", "src/cache.h::LRU.get"},
		{"csharp", "Example.Shop.Cart.Add", "Shop/Cart.cs::Cart.Add"},
		{"csharp", "Example.Shop.Pricing.Prices.Of", "Shop/Prices.cs::Prices.Of"},
		{"rust", "crate::shop::cart::Cart::add", "src/shop/cart.rs::Cart.add"},
		{"rust", "cart::Cart::add", "src/shop/cart.rs::Cart.add"},
		{"rust", "crate::shop::Priced", "src/shop/mod.rs::Priced"},
		{"rust", "crate::util::clamp", "src/lib.rs::util.clamp"},
		{"rust", "src/shop/cart.rs::Cart.add", "src/shop/cart.rs::Cart.add"},
		{"ruby", "Shop::Cart#add", "lib/shop/cart.rb::Shop.Cart.add"},
		{"ruby", "Shop::Cart.build", "lib/shop/cart.rb::Shop.Cart.build"},
		{"ruby", "Cart#empty?", "lib/shop/cart.rb::Shop.Cart.empty?"},
		{"ruby", "Shop::Pricing", "lib/shop/pricing.rb::Shop.Pricing"},
		{"php", `App\Shop\Cart::add`, "src/Shop/Cart.php::Cart.add"},
		{"php", `\App\Shop\cart_total`, "src/Shop/Cart.php::cart_total"},
		{"php", "Cart::add", "src/Shop/Cart.php::Cart.add"},
		{"swift", "Cart.clear", "Sources/Shop/Cart.swift::Cart.clear"},
		{"lua", "Cart.add", "lua/shop/cart.lua::Cart.add"},
		{"lua", "cart.M.checkout", "lua/shop/cart.lua::M.checkout"},
		{"elixir", "Shop.Cart.add", "lib/shop/cart.ex::Shop.Cart.add"},
		{"elixir", "Shop.Cart.Line", "lib/shop/cart.ex::Shop.Cart.Line"},
		{"ocaml", "Cart.Prices.of_sku", "lib/cart.ml::Prices.of_sku"},
		{"bash", "release.build", "scripts/release.sh::build"},
		{"protobuf", "shop.v1.CartService.AddItem", "proto/shop/v1/cart.proto::CartService.AddItem"},
		{"protobuf", "Cart.Line.sku", "proto/shop/v1/cart.proto::Cart.Line.sku"},
		{"hcl", "aws_instance.web", "infra/main.tf::aws_instance.web"},
		{"hcl", "infra/main.region", "infra/main.tf::region"},
	}
	stores := map[string]*graph.Store{}
	for _, tt := range tests {
		t.Run(tt.lang+"/"+tt.query, func(t *testing.T) {
			s, ok := stores[tt.lang]
			if !ok {
				s = buildFixture(t, tt.lang)
				stores[tt.lang] = s
			}
			r := query.ResolveText(s, tt.query)
			if r.Kind == query.TargetAmbiguous {
				var ids []graph.NodeID
				for _, c := range r.Candidates {
					ids = append(ids, c.ID)
				}
				t.Fatalf("ambiguous: %v", ids)
			}
			n := r.Node
			if n == nil {
				t.Fatalf("target kind %d: %v", r.Kind, r.Err)
			}
			if n.ID != tt.want {
				t.Errorf("resolved %s (%s), want %s", n.ID, n.Qualified, tt.want)
			}
		})
	}
}

func buildFixture(t *testing.T, lang string) *graph.Store {
	t.Helper()
	root := filepath.Join(t.TempDir(), lang)
	if err := os.CopyFS(root, os.DirFS(filepath.Join("testdata", "lang", lang))); err != nil {
		t.Fatal(err)
	}
	idx, _, err := indexer.Build(context.Background(), root, indexer.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return graphtest.Checked(t, idx.Store)
}
