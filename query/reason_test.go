package query

import (
	"strings"
	"testing"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/rationale"
)

func TestReasonRank(t *testing.T) {
	tests := []struct {
		heading string
		want    int
	}{
		{"Context", 1},
		{"## Context and Problem Statement", 1},
		{"2. Motivation", 2},
		{"Problem statement", 3},
		{"Background", 4},
		{"Summary", 5},
		{"Decision", 0},
		{"Contextual help", 0}, // a word, not a prefix of one
		{"", 0},
	}
	for _, tt := range tests {
		t.Run(tt.heading, func(t *testing.T) {
			if got := reasonRank(tt.heading); got != tt.want {
				t.Errorf("reasonRank(%q) = %d, want %d", tt.heading, got, tt.want)
			}
		})
	}
}

// addDoc adds a document of the given kind whose sections have the given
// headings (each with text "<heading> text"), in line order.
func addDoc(t *testing.T, s *graph.Store, path string, kind rationale.AssetKind, headings ...string) []graph.NodeID {
	t.Helper()
	addNodes(t, s, graph.Node{ID: graph.FileID(path), Kind: graph.KindFile, Name: path, Path: path, Lang: "markdown"})
	var ids []graph.NodeID
	for i, h := range headings {
		id := graph.SectionID(path, i*10+1)
		n := graph.Node{ID: id, Kind: graph.KindDoc, Name: h, Path: path, Line: i*10 + 1, Lang: "markdown",
			HeadingPath: []string{h}, Text: h + " text"}
		if h == "Motivation" {
			n.Text = ""
		}
		n.SetAttr(rationale.AttrAssetKind, string(kind))
		addNodes(t, s, n)
		addEdge(t, s, graph.FileID(path), id, graph.EdgeContains)
		ids = append(ids, id)
	}
	return ids
}

func TestReasonsContext(t *testing.T) {
	s := newTestStore(t)
	adr := addDoc(t, s, "docs/adr/1.md", rationale.AssetADR, "ADR 1", "Context", "Decision", "Consequences")
	kep := addDoc(t, s, "keps/2/README.md", rationale.AssetDesign, "KEP 2", "Summary", "Motivation", "Design")
	none := addDoc(t, s, "docs/adr/3.md", rationale.AssetADR, "ADR 3", "Decision")
	guide := addDoc(t, s, "docs/guide.md", rationale.AssetDoc, "Background", "Usage")
	// Each step asks in rank order within one answer: a document's reason
	// is given to its first entry only.
	steps := []struct {
		name string
		id   graph.NodeID
		want string
	}{
		{"a decision carries its ADR's context", adr[2], "Context text"},
		{"a second entry of the ADR does not repeat it", adr[3], ""},
		{"the summary stands in for an empty motivation", kep[3], "Summary text"},
		{"a reason section carries no context of its own", kep[1], ""},
		{"an ADR without a reason section carries none", none[1], ""},
		{"a plain document carries none", guide[1], ""},
	}
	rs := newReasons(s)
	for _, st := range steps {
		t.Run(st.name, func(t *testing.T) {
			if got := rs.context(sectionSource(node(t, s, st.id))); got != st.want {
				t.Errorf("context of %s = %q, want %q", st.id, got, st.want)
			}
		})
	}
	t.Run("the reason section ranked first leaves none to the rest", func(t *testing.T) {
		rs := newReasons(s)
		rs.context(sectionSource(node(t, s, adr[1])))
		if got := rs.context(sectionSource(node(t, s, adr[2]))); got != "" {
			t.Errorf("context after the Context entry = %q, want none", got)
		}
	})
}

func TestDocParagraph(t *testing.T) {
	tests := []struct{ name, text, want string }{
		{"first paragraph, whitespace collapsed", "Total is the price\nof the cart.\n\nDiscounts are not applied.", "Total is the price of the cart."},
		{"leading blank lines", "\n\n  Sum adds.\n", "Sum adds."},
		{"none", "", ""},
		{"cut", strings.Repeat("word ", 200), ""}, // checked by length below
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := docParagraph(tt.text)
			if tt.name == "cut" {
				if n := len([]rune(got)); n != contextLen || !strings.HasSuffix(got, "…") {
					t.Errorf("docParagraph cut to %d runes (%q), want %d ending in an ellipsis", n, got, contextLen)
				}
				return
			}
			if got != tt.want {
				t.Errorf("docParagraph(%q) = %q, want %q", tt.text, got, tt.want)
			}
		})
	}
}
