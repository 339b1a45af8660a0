package copies

import (
	"fmt"
	"maps"
	"testing"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/internal/textutil"
)

func TestReleaselessPath(t *testing.T) {
	tests := []struct {
		in, want string
		released bool
	}{
		{"site/content/docs/v1.12/restore.md", "site/content/docs/*/restore.md", true},
		{"docs/1.4/guide/install.md", "docs/*/guide/install.md", true},
		{"docs/v2.x/install.md", "docs/*/install.md", true},
		{"docs/v2/install.md", "docs/*/install.md", true},
		{"api/v1beta1/types.md", "api/v1beta1/types.md", false}, // an API version, not a release
		{"keps/1284-cluster-queue-stop/README.md", "keps/1284-cluster-queue-stop/README.md", false},
		{"posts/2024/launch.md", "posts/2024/launch.md", false}, // a year, not a release
		{"docs/v1.2.md", "docs/v1.2.md", false},                 // a file, not a folder
		{"docs/version/notes.md", "docs/version/notes.md", false},
	}
	for _, tt := range tests {
		got, released := ReleaselessPath(tt.in)
		if got != tt.want || released != tt.released {
			t.Errorf("ReleaselessPath(%q) = %q, %v; want %q, %v", tt.in, got, released, tt.want, tt.released)
		}
	}
}

func TestCopies(t *testing.T) {
	const (
		guide   = "Restores create resources in the order the dependencies between kinds give, namespaces first."
		drifted = "From this release custom resources follow their definitions; list extra kinds with a flag."
		design  = "A claim created before its volume stays pending, so every kind follows the kinds it needs."
	)
	sec := func(p, heading, text string) *graph.Node {
		return &graph.Node{ID: graph.NodeID(p + "#" + heading), Kind: graph.KindDoc, Path: p, Name: heading, Text: text}
	}
	tests := []struct {
		name     string
		sections []*graph.Node
		want     []bool
	}{
		{
			name: "one guide per release: one place, however its text drifted",
			sections: []*graph.Node{sec("docs/v1.3/restore.md", "Order", drifted), sec("docs/v1.2/restore.md", "Order", guide),
				sec("docs/v1.4/restore.md", "Order", guide+" "+drifted)},
			want: []bool{true, false, false},
		},
		{
			name:     "other sections of released guides are not copies",
			sections: []*graph.Node{sec("docs/v1.3/restore.md", "Order", guide), sec("docs/v1.2/restore.md", "Hooks", drifted)},
			want:     []bool{true, true},
		},
		{
			name:     "the same heading and file name with nearly the same words",
			sections: []*graph.Node{sec("site/en/restore.md", "Order", guide), sec("site/main/restore.md", "Order", guide+" Again.")},
			want:     []bool{true, false},
		},
		{
			name:     "the same words under another heading and path",
			sections: []*graph.Node{sec("docs/restore.md", "Order", guide), sec("guide/restoring.md", "Resource order", guide)},
			want:     []bool{true, false},
		},
		{
			name:     "a copy of a dropped copy is a copy",
			sections: []*graph.Node{sec("docs/v1.3/restore.md", "Order", drifted), sec("docs/v1.4/restore.md", "Order", guide), sec("docs/next/restoring.md", "Order", guide)},
			want:     []bool{true, false, false},
		},
		{
			name:     "short texts alike are no copies",
			sections: []*graph.Node{sec("a/x.md", "Usage", "See below."), sec("b/y.md", "Notes", "See below.")},
			want:     []bool{true, true},
		},
		{
			name:     "different documents on one topic are kept",
			sections: []*graph.Node{sec("design/restore-order.md", "Motivation", design), sec("docs/v1.2/restore.md", "Order", guide)},
			want:     []bool{true, true},
		},
	}
	// Each text's words are made in the first round and read from the
	// cache in the second; the third starts from an empty cache again.
	for round := range 3 {
		if round == 2 {
			clearCache()
		}
		for _, tt := range tests {
			t.Run(fmt.Sprintf("%s/round %d", tt.name, round+1), func(t *testing.T) {
				c := New()
				for i, s := range tt.sections {
					if got := c.Keep(s); got != tt.want[i] {
						t.Errorf("Keep(%s) = %v, want %v", s.ID, got, tt.want[i])
					}
				}
			})
		}
	}
}

// clearCache empties the cache of words.
func clearCache() { cache = textutil.NewCache[*words](4 << 20) }

// TestWordsOfCached: the cached words of a text are the words made
// without the cache.
func TestWordsOfCached(t *testing.T) {
	clearCache()
	texts := []string{"Restores create resources in the order the dependencies give.", "See below.", "Créer les ressources dans l'ordre des dépendances, puis les espaces de noms.", ""}
	for round := range 2 {
		for _, text := range texts {
			w := wordsOf(text)
			set := textutil.TokenSet(text)
			sum, long := wordsHash(set)
			if !maps.Equal(w.set, set) || w.sum != sum || w.long != long {
				t.Errorf("round %d: wordsOf(%q) = %v %x %v, want %v %x %v", round+1, text, w.set, w.sum, w.long, set, sum, long)
			}
		}
	}
	if n := cache.Len(); n != len(texts) {
		t.Errorf("the cache holds %d texts, want %d", n, len(texts))
	}
}
