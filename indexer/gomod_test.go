package indexer

import (
	"context"
	"strings"
	"testing"

	"github.com/gortex/gortex/graph"
)

func TestBuildBrokenGoMod(t *testing.T) {
	root := t.TempDir()
	writeTree(t, root, map[string]string{
		"go.mod":        "module example.com/root\n",
		"sub/go.mod":    "module example.com/sub v2\n",
		"sub/pkg/p.go":  "package pkg\n\nfunc F() {}\n",
		"other/o.go":    "package other\n\nfunc G() {}\n",
		"sub/README.md": "# Sub\n",
	})
	idx, st, err := Build(context.Background(), root, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(st.Broken) != 1 || st.Broken[0].Path != "sub/go.mod" ||
		!strings.HasPrefix(st.Broken[0].Reason, "read sub/go.mod: line 1: ") {
		t.Errorf("broken = %+v, want sub/go.mod only, its line named", st.Broken)
	}
	for id, want := range map[string]string{
		"sub/pkg/p.go::F": "example.com/root/sub/pkg.F",
		"other/o.go::G":   "example.com/root/other.G",
	} {
		if n, ok := idx.Store.Node(graph.NodeID(id)); !ok || n.Qualified != want {
			t.Errorf("%s: %+v, want qualified %s", id, n, want)
		}
	}
}
