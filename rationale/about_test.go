package rationale

import (
	"testing"

	"github.com/gortex/gortex/graph"
)

func TestMentionsOf(t *testing.T) {
	keys := []string{"machinehealthcheck"}
	tests := []struct {
		text string
		want int
	}{
		{"", 0},
		{"The MachineHealthCheck controller", 1},
		{"MachineHealthChecks and machine health checking, machine-health-check", 3},
		{"core/reconcilers/machinehealthcheck/doc.go", 1},
		{"a machine whose health check failed", 0},
		{"machinehealthchecker", 0},
		{"machine health", 0},
	}
	for _, tt := range tests {
		if got := mentionsOf(tt.text, keys); got != tt.want {
			t.Errorf("mentionsOf(%q) = %d, want %d", tt.text, got, tt.want)
		}
	}
}

func TestAbout(t *testing.T) {
	sec := func(p string, line int, heading, text string) *graph.Node {
		return &graph.Node{ID: graph.SectionID(p, line), Kind: graph.KindDoc, Path: p, Line: line, Name: heading,
			HeadingPath: []string{"Title", heading}, Text: text}
	}
	secs := []*graph.Node{
		sec("docs/cart-design.md", 1, "Cart", "The cart holds items."),
		sec("docs/cart-design.md", 9, "Limits", "No limits."),
		sec("docs/other.md", 1, "Orders", "Orders, then the cart, then carts."),
		sec("docs/other.md", 5, "Misc", "Nothing."),
		sec("docs/guide.md", 1, "Carts", "Nothing."),
		sec("docs/guide.md", 3, "Usage", "Nothing."),
	}
	secs[4].HeadingPath, secs[5].HeadingPath = []string{"Carts"}, []string{"Carts", "Usage"}
	got := About(secs, "cart", "cart")
	want := map[graph.NodeID]float64{
		secs[0].ID: (1 + 0.5 + 1.0) / 3,   // heading, one mention, a document named for it
		secs[1].ID: (0 + 0 + 1.0) / 3,     // its document is named for it
		secs[2].ID: (0 + 0.75 + 0.18) / 3, // two mentions, two in its document
		secs[3].ID: (0 + 0 + 0.18) / 3,
		secs[4].ID: (1 + 0 + 1.0) / 3, // the title: its own heading, and its document's
		secs[5].ID: (0 + 0 + 1.0) / 3, // under the title: its document's
	}
	for id, w := range want {
		if d := got[id] - w; d > 1e-9 || d < -1e-9 {
			t.Errorf("About(%s) = %.4f, want %.4f", id, got[id], w)
		}
	}
	if len(About(secs, "ab")) != 0 {
		t.Error("a name of two letters scored sections")
	}
}
