package main

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

func writeTree(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	for name, text := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

func TestBaselineRank(t *testing.T) {
	root := writeTree(t, map[string]string{
		"designs/budget.md": "# Budgets\n\nA Budget caps disruption. Budget, Budget.\n\n" +
			"## Code\n\n```go\n# Budget is not a heading here\ntype Budget struct{}\n```\n\n" +
			"## Budgets ##\n\nBudgets, BudgetX, myBudget, Budget_ and budget are other words.\n",
		"designs/other.md":  "Intro names Budget once.\n\n# Other\n\nBudget.IsActive and v1.Budget\n",
		"docs/notes.txt":    "Budget Budget Budget Budget Budget\n",
		"a.md":              "Budget here too, and Budget again.\n",
		"design.adoc":       "Budget\n",
		"guide.rst":         "nothing\n",
		"code.go":           "// Budget Budget Budget in a source file is not a document\n",
		"vendor/x/x.md":     "Budget Budget Budget Budget Budget Budget\n",
		"node_modules/y.md": "Budget Budget Budget Budget Budget Budget\n",
		".gortex/m.md":      "Budget Budget Budget Budget Budget Budget\n",
		".git/HEAD.md":      "Budget Budget Budget Budget Budget Budget\n",
		"README.MD":         "# Budget\n",
	})
	docs, err := loadDocs(context.Background(), root)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name     string
		symbol   string
		limit    int
		wantDocs []string
		wantSecs []Hit
	}{
		{
			name: "last name of a method", symbol: "sigs.k8s.io/karpenter/pkg/apis/v1.Budget", limit: 10,
			// 5 (code blocks count, ties by path), 5, 3, 2, 1, 1
			wantDocs: []string{"designs/budget.md", "docs/notes.txt", "designs/other.md", "a.md", "README.MD", "design.adoc"},
			wantSecs: []Hit{
				{Path: "docs/notes.txt", Section: "notes"},      // 5
				{Path: "designs/budget.md", Section: "Budgets"}, // 3
				{Path: "a.md", Section: "a"},                    // 2, ties by path
				{Path: "designs/budget.md", Section: "Code"},
				{Path: "designs/other.md", Section: "Other"},
				{Path: "README.MD", Section: "Budget"}, // 1
				{Path: "design.adoc", Section: "design"},
				{Path: "designs/other.md", Section: "other"},
			},
		},
		{
			name: "limit cuts both lists", symbol: "v1.Budget", limit: 2,
			wantDocs: []string{"designs/budget.md", "docs/notes.txt"},
			wantSecs: []Hit{{Path: "docs/notes.txt", Section: "notes"}, {Path: "designs/budget.md", Section: "Budgets"}},
		},
		{
			name: "method of a type", symbol: "example.com/v1.Budget.IsActive", limit: 10,
			wantDocs: []string{"designs/other.md"},
			wantSecs: []Hit{{Path: "designs/other.md", Section: "Other"}},
		},
		{name: "never mentioned", symbol: "pkg.Nowhere", limit: 10},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			gotDocs, gotSecs := baselineRank(docs, tt.symbol, tt.limit)
			if !reflect.DeepEqual(gotDocs, tt.wantDocs) {
				t.Errorf("docs = %q\nwant   %q", gotDocs, tt.wantDocs)
			}
			if !reflect.DeepEqual(gotSecs, tt.wantSecs) {
				t.Errorf("sections = %v\nwant       %v", gotSecs, tt.wantSecs)
			}
		})
	}
}

func TestCountWord(t *testing.T) {
	tests := []struct {
		text, word string
		want       int
	}{
		{"Budget", "Budget", 1},
		{"Budget Budget", "Budget", 2},
		{"`Budget`, (Budget). v1.Budget.IsActive", "Budget", 3},
		{"BudgetX myBudget Budget_ _Budget Budget2 budget", "Budget", 0},
		{"éBudget Budgeté Budget", "Budget", 1},
		{"aaa", "aa", 0},
		{"a a", "a", 2},
		{"anything", "", 0},
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			if got := countWord(tt.text, tt.word); got != tt.want {
				t.Errorf("countWord(%q, %q) = %d, want %d", tt.text, tt.word, got, tt.want)
			}
		})
	}
}

func TestLastName(t *testing.T) {
	tests := map[string]string{
		"sigs.k8s.io/karpenter/pkg/apis/v1.Budget":          "Budget",
		"sigs.k8s.io/karpenter/pkg/apis/v1.Budget.IsActive": "IsActive",
		"pkg/apis/v1/nodepool.go::Budget.IsActive":          "IsActive",
		"Budget":                "Budget",
		"example.com/shop/cart": "cart",
	}
	for in, want := range tests {
		if got := lastName(in); got != want {
			t.Errorf("lastName(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestSplitATX(t *testing.T) {
	src := "---\ntitle: x\n---\n\n# Title #\ntext\n    # indented code\n~~~\n# not a heading\n```\n# still code\n~~~~\n" +
		"## C# ##\n###### Six\n####### Seven\n#hashtag\n   ### Three spaces\n"
	var got []string
	for _, s := range splitATX("docs/x.md", src) {
		got = append(got, s.heading)
	}
	want := []string{"x", "Title", "C#", "Six", "Three spaces"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("headings = %q, want %q", got, want)
	}
	if got := splitATX("a.md", "\n\n# Only\n"); len(got) != 1 || got[0].heading != "Only" || got[0].line != 3 {
		t.Errorf("a blank preamble should not be a section: %+v", got)
	}
}
