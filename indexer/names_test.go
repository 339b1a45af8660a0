package indexer

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestCompleteNames: the index keeps the name list, an update that renames
// a symbol rewrites it, and completion reads it by prefix.
func TestCompleteNames(t *testing.T) {
	root := copyFixture(t)
	mustBuild(t, root, Options{})
	tests := []struct {
		prefix string
		limit  int
		want   []string // exactly, when not nil
		has    string   // among the results
	}{
		{prefix: "Invoice.Fin", limit: 10, want: []string{"Invoice.Finalize"}},
		{prefix: "billing.Iss", limit: 10, want: []string{"billing.IssueRefund"}},
		{prefix: "example.com/shop/bill", limit: 100, has: "example.com/shop/billing.Invoice.Finalize"},
		{prefix: "Invoice", limit: 2, has: "Invoice"},
		{prefix: "Zzz", limit: 10, want: []string{}},
	}
	for _, tt := range tests {
		t.Run(tt.prefix, func(t *testing.T) {
			got, err := CompleteNames(root, tt.prefix, tt.limit)
			if err != nil {
				t.Fatal(err)
			}
			if len(got) > tt.limit || (tt.want != nil && !slices.Equal(got, tt.want) && !(len(got) == 0 && len(tt.want) == 0)) ||
				(tt.has != "" && !slices.Contains(got, tt.has)) {
				t.Errorf("CompleteNames(%q, %d) = %q", tt.prefix, tt.limit, got)
			}
			for _, n := range got {
				if !strings.HasPrefix(n, tt.prefix) {
					t.Errorf("%q lacks the prefix", n)
				}
			}
		})
	}
	src := filepath.Join(root, "billing", "invoice.go")
	b, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	renamed := strings.Replace(string(b), "func (inv *Invoice) Finalize() error {", "func (inv *Invoice) Seal() error {", 1)
	if err := os.WriteFile(src, []byte(renamed), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, _, err := Update(context.Background(), root, Options{}); err != nil {
		t.Fatal(err)
	}
	if got, _ := CompleteNames(root, "Invoice.", 100); !slices.Contains(got, "Invoice.Seal") || slices.Contains(got, "Invoice.Finalize") {
		t.Errorf("after the rename: %q", got)
	}
	os.Remove(filepath.Join(IndexDir(root), namesFile))
	if got, err := CompleteNames(root, "Invoice", 10); err != nil || got != nil {
		t.Errorf("without a name list: %q, %v", got, err)
	}
}

// TestCompleteNamesLargeList checks the binary search of a list far larger
// than one scan block against a plain scan, for prefixes before, inside,
// between and after its lines.
func TestCompleteNamesLargeList(t *testing.T) {
	root := t.TempDir()
	if err := os.MkdirAll(IndexDir(root), 0o755); err != nil {
		t.Fatal(err)
	}
	var names []string
	for i := range 20000 {
		names = append(names, fmt.Sprintf("pkg%03d.Type%d.Method%d", i%997, i%13, i))
	}
	names = append(names, strings.Repeat("Long", 400)) // a line longer than a read
	slices.Sort(names)
	names = slices.Compact(names)
	if err := os.WriteFile(filepath.Join(IndexDir(root), namesFile), []byte(strings.Join(names, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, prefix := range []string{"", "A", "Long", "pkg000.", "pkg123.Type4", "pkg500.Type12.Method1", "pkg996.Type", "pkg997", "zzz", "pkg4"} {
		var want []string
		for _, n := range names {
			if strings.HasPrefix(n, prefix) && len(want) < 50 {
				want = append(want, n)
			}
		}
		got, err := CompleteNames(root, prefix, 50)
		if err != nil || !slices.Equal(got, want) {
			t.Errorf("CompleteNames(%q) = %d names %.3q…, %v; want %d %.3q…", prefix, len(got), got, err, len(want), want)
		}
	}
}
