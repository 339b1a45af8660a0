package query

import (
	"testing"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/rationale"
)

func TestReadmeHits(t *testing.T) {
	s := newTestStore(t)
	addDoc(t, s, "README.md", rationale.AssetReadme, "shop")
	sansio := addDoc(t, s, "src/app/sansio/README.md", rationale.AssetReadme, "Sansio", "Why")
	addNodes(t, s,
		graph.Node{ID: "src/app/sansio/app.py::App", Kind: graph.KindClass, Name: "App", Path: "src/app/sansio/app.py"},
		graph.Node{ID: "src/app/sansio/deep/x.py::X", Kind: graph.KindClass, Name: "X", Path: "src/app/sansio/deep/x.py"},
		graph.Node{ID: "src/app/web.py::Web", Kind: graph.KindClass, Name: "Web", Path: "src/app/web.py"},
		graph.Node{ID: "main.py::main", Kind: graph.KindFunction, Name: "main", Path: "main.py"},
	)
	tests := []struct {
		name  string
		id    graph.NodeID
		want  []graph.NodeID
		depth int
	}{
		{"the README of the symbol's folder", "src/app/sansio/app.py::App", sansio, 0},
		{"the nearest README above", "src/app/sansio/deep/x.py::X", sansio, 1},
		{"not the repository's own README", "src/app/web.py::Web", nil, 0},
		{"nothing at the root", "main.py::main", nil, 0},
	}

	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			hits := readmeHits(s, node(t, s, tt.id))
			var got []graph.NodeID
			for _, h := range hits {
				got = append(got, h.source.ID)
				if h.signal != graph.SignalPath || h.depth != tt.depth {
					t.Errorf("hit %s: signal %s depth %d, want path at depth %d", h.source.ID, h.signal, h.depth, tt.depth)
				}
			}
			if len(got) != len(tt.want) {
				t.Fatalf("hits %v, want %v", got, tt.want)
			}
			for i := range got {
				if got[i] != tt.want[i] {
					t.Errorf("hits %v, want %v", got, tt.want)
				}
			}
		})
	}
}
