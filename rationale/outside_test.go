package rationale

import (
	"sort"
	"testing"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/graph/graphtest"
)

// outsideStore is a repository in Go and Rust whose code imports from
// other projects, with symbols that share the names it imports.
func outsideStore(t *testing.T) *graph.Store {
	t.Helper()
	s := graphtest.Checked(t, graph.New())
	file := func(p, lang, imports string) {
		f := graph.Node{ID: graph.FileID(p), Kind: graph.KindFile, Name: p, Path: p, Lang: lang}
		f.SetAttr(graph.AttrImports, imports)
		if err := s.AddNode(f); err != nil {
			t.Fatal(err)
		}
	}
	sym := func(p, lang, pkg, recv, name, qualified string) {
		dotted := name
		if recv != "" {
			dotted = recv + "." + name
		}
		if err := s.AddNode(graph.Node{ID: graph.SymbolID(p, dotted), Kind: graph.KindType, Name: name, Receiver: recv,
			Package: pkg, Qualified: qualified, Path: p, Lang: lang}); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.AddNode(graph.Node{ID: graph.PackageID("example.com/shop/cart"), Kind: graph.KindPackage, Name: "cart",
		Qualified: "example.com/shop/cart", Path: "cart", Lang: "go"}); err != nil {
		t.Fatal(err)
	}
	file("cart/cart.go", "go", "=context =time corev1=k8s.io/api/core/v1 =example.com/shop/cart")
	file("src/sink.rs", "rust", "=futures::stream::Stream Tx=tokio::sync::Sender =crate::batch::Batch =pipe::net::Wire =net::Frame Read=std")
	sym("cart/cart.go", "go", "cart", "", "Context", "example.com/shop/cart.Context")
	sym("cart/cart.go", "go", "cart", "", "Duration", "example.com/shop/cart.Duration")
	sym("cart/cart.go", "go", "cart", "", "Stream", "example.com/shop/cart.Stream")
	sym("src/net/mod.rs", "rust", "", "", "Stream", "pipe::net::Stream")
	sym("src/net/mod.rs", "rust", "", "", "Send", "pipe::net::Send")
	sym("src/net/mod.rs", "rust", "", "", "Wire", "pipe::net::Wire")
	sym("src/batch.rs", "rust", "", "Segment", "into_iter", "pipe::batch::Segment::into_iter")
	return s
}

// TestLinkOutsideNames: a name the code takes from outside links to the
// repository's symbol of that name only where the section places it; a
// qualifier naming outside code names no symbol of the repository.
func TestLinkOutsideNames(t *testing.T) {
	tests := []struct {
		name, text string
		want       []string
	}{
		// Rust's imports bind names in Rust: the cart's Go Stream stays.
		{"an imported trait in a Rust block", "```rust\nwhere S: Stream<Item = u64> + Send,\n```", []string{"cart/cart.go::Stream"}},
		{"a prelude method", "```rust\nfor e in events.into_iter() {}\n```", nil},
		{"placed by its folder", "In `net`, a `Send` is one framed write.", []string{"src/net/mod.rs::Send"}},
		{"unplaced", "A `Send` is one framed write.", nil},
		{"the standard library qualifies", "```go\nfunc run(ctx context.Context, d time.Duration)\n```", nil},
		{"an imported package qualifies", "Each `corev1.Context` is read once.", nil},
		{"a variable does not", "```go\nc.Duration()\n```", []string{"cart/cart.go::Duration"}},
		{"the repository's own package does", "`cart.Context` holds the session.", []string{"cart/cart.go::Context"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := linkSection(t, outsideStore(t), graph.Node{ID: graph.SectionID("docs/d.md", 1), Kind: graph.KindDoc,
				Name: "Design", Path: "docs/d.md", Text: tt.text})
			var ids []string
			for id := range got {
				ids = append(ids, id)
			}
			sort.Strings(ids)
			if len(ids) != len(tt.want) || (len(ids) > 0 && !equalStrings(ids, tt.want)) {
				t.Errorf("links %v, want %v", ids, tt.want)
			}
		})
	}
}

func equalStrings(a, b []string) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return len(a) == len(b)
}
