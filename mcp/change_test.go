package mcp

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/client"

	"github.com/gortex/gortex/change"
)

// changeServer serves testdata/repo with testdata/check laid over it: an
// integer-cents ADR, an invariant memory on Cart.Total, the method.
func changeServer(t *testing.T) (string, *client.Client) {
	t.Helper()
	dir := fixture(t)
	for _, sub := range []string{"docs", ".gortex"} {
		if err := os.CopyFS(filepath.Join(dir, sub), os.DirFS(filepath.Join("..", "testdata", "check", sub))); err != nil && !os.IsExist(err) {
			t.Fatal(err)
		}
	}
	method, err := os.ReadFile(filepath.Join("..", "testdata", "check", "cart_total.go.txt"))
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.OpenFile(filepath.Join(dir, "cart", "cart.go"), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Write(method); err != nil {
		t.Fatal(err)
	}
	f.Close()
	s, err := New(dir, Options{Version: "test"})
	if err != nil {
		t.Fatal(err)
	}
	return dir, connect(t, s)
}

func TestChangeTools(t *testing.T) {
	root, c := changeServer(t)
	src, err := os.ReadFile(filepath.Join(root, "cart", "cart.go"))
	if err != nil {
		t.Fatal(err)
	}
	line := 0
	for i, l := range strings.Split(string(src), "\n") {
		if strings.Contains(l, "sum += it.PriceCents") {
			line = i + 1
		}
	}
	diff := fmt.Sprintf("--- a/cart/cart.go\n+++ b/cart/cart.go\n@@ -%d +%d @@\n-x\n+y\n", line, line)
	for _, args := range []map[string]any{{"paths": []string{"cart/cart.go"}}, {"diff": diff}} {
		r := callJSON[change.Report](t, c, "check", args)
		if !r.Governs("invariant") || !touchedWith(r, "cart/cart.go::Cart.Total", "docs/adr/0001-integer-cents.md") {
			t.Errorf("check(%v) = %+v", args, r)
		}
	}
	if res := call(t, c, "check", map[string]any{}); !res.IsError {
		t.Error("check with neither paths nor diff did not fail")
	}
	cv := callJSON[change.Coverage](t, c, "covers", map[string]any{"doc": "docs/adr/0001-integer-cents.md"})
	if cv.Count == 0 || !covered(cv, "cart/cart.go::Cart.Total") {
		t.Errorf("covers = %+v", cv)
	}
	sp := callJSON[change.Specs](t, c, "specs", map[string]any{"task": "change how cart totals are rounded"})
	found := false
	for _, s := range sp.Direct {
		found = found || s.ID == "docs/adr/0001-integer-cents.md"
	}
	if !found {
		t.Errorf("specs = %+v", sp)
	}
}

func touchedWith(r change.Report, id, doc string) bool {
	for _, g := range r.Reasoning {
		if g.Path == doc && slices.Contains(g.Symbols, id) {
			return true
		}
	}
	return false
}

func covered(c change.Coverage, id string) bool {
	for _, t := range c.Targets {
		if t.ID == id {
			return true
		}
	}
	return false
}
