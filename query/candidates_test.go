package query

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/gortex/gortex/graph"
)

// Each pair of candidates differs in one respect, and the likelier one
// must come first whatever order they came in.
func TestRankCandidates(t *testing.T) {
	type cand struct {
		path, pkg, recv, name, lang string
		links                       int
	}
	tests := []struct {
		name          string
		likely, other cand
	}{
		{"exported first", cand{path: "a/a.go", pkg: "m/a", name: "Close"}, cand{path: "a/b.go", pkg: "m/a", name: "close"}},
		{"exported receiver first", cand{path: "a/a.go", pkg: "m/a", recv: "Conn", name: "Close"}, cand{path: "a/a.go", pkg: "m/a", recv: "conn", name: "Close"}},
		{"outside tests first", cand{path: "a/z.go", pkg: "m/a", recv: "Z", name: "Close"}, cand{path: "a/a_test.go", pkg: "m/a", recv: "A", name: "Close"}},
		{"fewer import path elements first", cand{path: "longername/a.go", pkg: "m/longername", recv: "Z", name: "Close"}, cand{path: "a/b/a.go", pkg: "m/a/b", recv: "A", name: "Close"}},
		{"shorter import path first", cand{path: "ab/a.go", pkg: "m/ab", recv: "Z", name: "Close"}, cand{path: "abc/a.go", pkg: "m/abc", recv: "A", name: "Close"}},
		{"more reasoning first", cand{path: "a/a.go", pkg: "m/a", recv: "Z", name: "Close", links: 2}, cand{path: "a/a.go", pkg: "m/a", recv: "A", name: "Close", links: 1}},
		{"private python name last", cand{path: "a/a.py", pkg: "a", name: "close", lang: "python"}, cand{path: "a/a.py", pkg: "a", name: "_close", lang: "python"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := graph.New()
			var nodes []*graph.Node
			for i, c := range []cand{tt.likely, tt.other} {
				dotted := c.name
				if c.recv != "" {
					dotted = c.recv + "." + c.name
				}
				lang := c.lang
				if lang == "" {
					lang = "go"
				}
				n := graph.Node{ID: graph.SymbolID(c.path, dotted), Kind: graph.KindMethod, Name: c.name, Receiver: c.recv,
					Qualified: c.pkg + "." + dotted, Path: c.path, Lang: lang, Line: 1}
				if err := s.AddNode(n); err != nil {
					t.Fatal(err)
				}
				for k := range c.links {
					doc := graph.NodeID(fmt.Sprintf("doc:d%d-%d.md#L1", i, k))
					if err := s.AddNode(graph.Node{ID: doc, Kind: graph.KindDoc, Path: "d.md"}); err != nil {
						t.Fatal(err)
					}
					if err := s.AddMotivation(doc, n.ID, graph.Motivation{Signal: graph.SignalNamed, Score: 1}); err != nil {
						t.Fatal(err)
					}
				}
				got, _ := s.Node(n.ID)
				nodes = append(nodes, got)
			}
			for _, order := range [][]*graph.Node{{nodes[0], nodes[1]}, {nodes[1], nodes[0]}} {
				rankCandidates(s, nil, order)
				if order[0] != nodes[0] {
					t.Errorf("%s ranked before %s", order[0].ID, nodes[0].ID)
				}
			}
		})
	}
}

func TestIsTestPath(t *testing.T) {
	tests := []struct {
		path string
		want bool
	}{
		{"pkg/conn.go", false}, {"pkg/conn_test.go", true}, {"tests/helpers.go", true},
		{"internal/testdata/x.go", true}, {"lib/test_conn.py", true}, {"lib/conn_test.py", true},
		{"web/conn.test.ts", true}, {"web/conn.spec.js", true}, {"pkg/latest.go", false}, {"contest/x.go", false},
	}
	for _, tt := range tests {
		if got := isTestPath(tt.path); got != tt.want {
			t.Errorf("isTestPath(%q) = %v, want %v", tt.path, got, tt.want)
		}
	}
}

// Why keeps the likeliest candidates, at most Candidates (else Limit),
// and says how many there were.
func TestWhyAmbiguousCandidates(t *testing.T) {
	s := graph.New()
	for i := range 30 {
		recv := fmt.Sprintf("T%02d", i)
		n := graph.Node{ID: graph.SymbolID("c.go", recv+".Close"), Kind: graph.KindMethod, Name: "Close", Receiver: recv,
			Qualified: "example.com/c." + recv + ".Close", Path: "c.go", Lang: "go", Line: i + 1}
		if err := s.AddNode(n); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		name      string
		opts      Options
		wantCands int
	}{
		{"default", Options{}, DefaultLimit},
		{"limit", Options{Limit: 4}, 4},
		{"candidates", Options{Limit: 20, Candidates: 3}, 3},
		{"all fit", Options{Limit: 50}, 30},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, err := Why(context.Background(), s, Classify(s, "Close", "", ""), tt.opts)
			if err != nil || a.Status != StatusAmbiguous {
				t.Fatalf("status %d, err %v; want ambiguous", a.Status, err)
			}
			if len(a.Candidates) != tt.wantCands || a.TotalCandidates != 30 {
				t.Errorf("%d candidates of %d, want %d of 30", len(a.Candidates), a.TotalCandidates, tt.wantCands)
			}
			ids := make([]string, len(a.Candidates))
			for i, c := range a.Candidates {
				ids[i] = c.ID
			}
			if !slices.IsSorted(ids) {
				t.Errorf("equal candidates are not in name order: %v", ids)
			}
			listed := strings.Contains(a.Note, "likeliest are listed")
			if listed != (tt.wantCands < 30) || !strings.Contains(a.Note, "matches 30 symbols") || !strings.Contains(a.Note, "c.T00.Close") {
				t.Errorf("note %q", a.Note)
			}
		})
	}
}
