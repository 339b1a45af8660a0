package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"
	"time"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

func msDuration(n int) time.Duration { return time.Duration(n) * time.Millisecond }

// fixedReport covers every kind of outcome: hits at several ranks, an
// "also" hit, a document-only hit, a miss, both kinds of unresolved
// symbols and a failed query.
func fixedReport() *Report {
	hit := func(path, sec, sig string) Hit { return Hit{Path: path, Section: sec, Signal: sig} }
	return &Report{
		Corpus: "/corpus", Gold: "demo.gold.jsonl", K: []int{1, 3, 5}, Index: 4230 * time.Millisecond,
		Results: []Result{
			{Pair: Pair{Symbol: "example.com/a.Budget", Difficulty: "exact", Doc: "docs/a.md", Section: "Budget"},
				Status: StatusOK, Wall: msDuration(80), Gortex: Ranks{Doc: 1, Sec: 1}, Baseline: Ranks{Doc: 1, Sec: 2},
				Entries: []Hit{hit("docs/a.md", "Budget", "named"), hit("docs/a.md", "Budget  limits", "member"),
					hit("README.md", "Layout", "path"), hit("docs/b.md", "Other", "lexical")}},
			{Pair: Pair{Symbol: "example.com/a.Budget.Spend", Difficulty: "partial", Doc: "docs/a.md", Section: "Limits",
				Also: []Ref{{Doc: "docs/c.md", Section: "Why"}}},
				Status: StatusOK, Wall: msDuration(95), Gortex: Ranks{Doc: 2, Sec: 2}, Baseline: Ranks{},
				Entries: []Hit{hit("README.md", "Layout", "path"), hit("docs/c.md", "Why", "lexical")}},
			{Pair: Pair{Symbol: "example.com/a.split", Difficulty: "semantic", Doc: "docs/b.md", Section: "Several methods"},
				Status: StatusOK, Wall: msDuration(70), Gortex: Ranks{Doc: 3}, Baseline: Ranks{},
				Entries: []Hit{hit("README.md", "Layout", "path"), hit("docs/a.md", "Budget", "lexical"), hit("docs/b.md", "Context", "lexical")}},
			{Pair: Pair{Symbol: "example.com/a.Gone", Difficulty: "semantic", Doc: "docs/b.md", Section: "Context"},
				Status: StatusUnknown, Note: `no symbol matches "example.com/a.Gone"`, Wall: msDuration(60)},
			{Pair: Pair{Symbol: "a.Twice", Difficulty: "exact", Doc: "docs/a.md", Section: "Twice"},
				Status: StatusAmbiguous, Note: "2 candidates", Wall: msDuration(65), Baseline: Ranks{Doc: 1, Sec: 1}},
			{Pair: Pair{Symbol: "example.com/a.Crash", Difficulty: "semantic", Doc: "docs/b.md", Section: "Context"},
				Status: StatusFailed, Note: "exit status 1: gortex why: boom", Wall: msDuration(20)},
		},
	}
}

func TestWriteGolden(t *testing.T) {
	tests := []struct {
		name   string
		golden string
		write  func(*bytes.Buffer, *Report) error
	}{
		{"table", "report.golden", func(b *bytes.Buffer, r *Report) error { return writeText(b, r, false) }},
		{"verbose", "report-verbose.golden", func(b *bytes.Buffer, r *Report) error { return writeText(b, r, true) }},
		{"json", "report.json.golden", func(b *bytes.Buffer, r *Report) error { return writeJSON(b, r) }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b bytes.Buffer
			if err := tt.write(&b, fixedReport()); err != nil {
				t.Fatal(err)
			}
			checkGolden(t, filepath.Join("testdata", tt.golden), b.Bytes())
		})
	}
}

func TestWriteJSONIsValid(t *testing.T) {
	var b bytes.Buffer
	if err := writeJSON(&b, fixedReport()); err != nil {
		t.Fatal(err)
	}
	var got struct {
		Pairs      int `json:"pairs"`
		Unresolved int `json:"unresolved"`
		Failed     int `json:"failed"`
		Gortex     []struct {
			Difficulty string             `json:"difficulty"`
			DocRecall  map[string]float64 `json:"doc_recall"`
		} `json:"gortex"`
	}
	if err := json.Unmarshal(b.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	all := got.Gortex[len(got.Gortex)-1]
	if got.Pairs != 6 || got.Unresolved != 2 || got.Failed != 1 || all.Difficulty != "all" || all.DocRecall["3"] != 0.5 {
		t.Errorf("got %+v", got)
	}
}

func checkGolden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs (go test -update rewrites it)\ngot:\n%s\nwant:\n%s", path, got, want)
	}
}
