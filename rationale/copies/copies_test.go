package copies

import (
	"testing"

	"github.com/gortex/gortex/graph"
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
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := New()
			for i, s := range tt.sections {
				if got := c.Keep(s); got != tt.want[i] {
					t.Errorf("Keep(%s) = %v, want %v", s.ID, got, tt.want[i])
				}
			}
		})
	}
}
