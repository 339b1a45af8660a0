package main

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestFixtureGold keeps testdata/eval/fixture.gold.jsonl true to the
// fixture repository: every symbol is defined at its file and line, and
// every wanted document has the wanted heading.
func TestFixtureGold(t *testing.T) {
	const repo = "../../testdata/repo"
	data, err := os.ReadFile("../../testdata/eval/fixture.gold.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	pairs, err := ParseGold(data)
	if err != nil {
		t.Fatal(err)
	}
	docs, err := loadDocs(context.Background(), repo)
	if err != nil {
		t.Fatal(err)
	}
	headings := map[string][]string{}
	for _, d := range docs {
		for _, s := range d.sections {
			headings[d.path] = append(headings[d.path], s.heading)
		}
	}
	for _, p := range pairs {
		t.Run(p.Symbol, func(t *testing.T) {
			src, err := os.ReadFile(filepath.Join(repo, p.File))
			if err != nil {
				t.Fatal(err)
			}
			lines := strings.Split(string(src), "\n")
			if p.Line < 1 || p.Line > len(lines) || countWord(lines[p.Line-1], lastName(p.Symbol)) == 0 {
				t.Errorf("%s:%d does not define %s", p.File, p.Line, lastName(p.Symbol))
			}
			for _, r := range p.Targets() {
				if !slices.Contains(headings[r.Doc], r.Section) {
					t.Errorf("%s has no section %q (has %q)", r.Doc, r.Section, headings[r.Doc])
				}
			}
		})
	}
}
