package main

import (
	"math"
	"slices"
	"testing"
)

func TestScore(t *testing.T) {
	budget := Pair{Symbol: "v1.Budget", Doc: "designs/disruption.md", Section: "Code  Definition ", Difficulty: "exact",
		Also: []Ref{{Doc: "designs/budgets.md", Section: "Motivation"}}}
	tests := []struct {
		name    string
		pair    Pair
		entries []Hit
		want    Ranks
	}{
		{name: "no entries", pair: budget, want: Ranks{}},
		{name: "first entry is the section", pair: budget,
			entries: []Hit{{Path: "designs/disruption.md", Section: "Code Definition"}},
			want:    Ranks{Doc: 1, Sec: 1}},
		{name: "whitespace in the heading is normalised", pair: budget,
			entries: []Hit{{Path: "designs/disruption.md", Section: "  Code\tDefinition\n"}},
			want:    Ranks{Doc: 1, Sec: 1}},
		{name: "case is not normalised", pair: budget,
			entries: []Hit{{Path: "designs/disruption.md", Section: "code definition"}},
			want:    Ranks{Doc: 1, Sec: 0}},
		{name: "document hit before section hit", pair: budget,
			entries: []Hit{
				{Path: "README.md", Section: "Code Definition"},
				{Path: "designs/disruption.md", Section: "Motivation"},
				{Path: "designs/disruption.md", Section: "Code Definition"},
			},
			want: Ranks{Doc: 2, Sec: 3}},
		{name: "also document counts", pair: budget,
			entries: []Hit{{Path: "other.md", Section: "x"}, {Path: "designs/budgets.md", Section: "Motivation"}},
			want:    Ranks{Doc: 2, Sec: 2}},
		{name: "also section needs its own document", pair: budget,
			entries: []Hit{{Path: "designs/disruption.md", Section: "Motivation"}},
			want:    Ranks{Doc: 1, Sec: 0}},
		{name: "path spelt with ./", pair: budget,
			entries: []Hit{{Path: "./designs//disruption.md", Section: "Code Definition"}},
			want:    Ranks{Doc: 1, Sec: 1}},
		{name: "empty path never matches", pair: Pair{Doc: ".", Section: "s"},
			entries: []Hit{{Path: "", Section: "s"}},
			want:    Ranks{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			paths := make([]string, len(tt.entries))
			for i, e := range tt.entries {
				paths[i] = e.Path
			}
			if got := score(tt.pair, paths, tt.entries); got != tt.want {
				t.Errorf("score = %+v, want %+v", got, tt.want)
			}
		})
	}
}

func TestSummarize(t *testing.T) {
	pairs := []Pair{
		{Symbol: "a", Difficulty: "semantic"},
		{Symbol: "b", Difficulty: "exact"},
		{Symbol: "c", Difficulty: "exact"},
		{Symbol: "d", Difficulty: "odd"},
		{Symbol: "e", Difficulty: "partial"},
	}
	ranks := []Ranks{
		{Doc: 4, Sec: 0},
		{Doc: 1, Sec: 2},
		{Doc: 0, Sec: 0}, // unresolved: a miss like any other
		{Doc: 3, Sec: 3},
		{Doc: 2, Sec: 6},
	}
	rows := summarize("gortex", []int{1, 3, 5}, pairs, ranks)
	tests := []struct {
		difficulty   string
		n            int
		doc1, doc3   float64
		doc5, docMRR float64
		sec3, sec5   float64
		secMRR       float64
	}{
		{"exact", 2, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.25},
		{"partial", 1, 0, 1, 1, 0.5, 0, 0, 1.0 / 6},
		{"semantic", 1, 0, 0, 1, 0.25, 0, 0, 0},
		{"odd", 1, 0, 1, 1, 1.0 / 3, 1, 1, 1.0 / 3},
		{"all", 5, 0.2, 0.6, 0.8, (1 + 0.5 + 0.25 + 1.0/3) / 5, 0.4, 0.4, (0.5 + 1.0/6 + 1.0/3) / 5},
	}
	if len(rows) != len(tests) {
		t.Fatalf("got %d rows, want %d", len(rows), len(tests))
	}
	for i, tt := range tests {
		t.Run(tt.difficulty, func(t *testing.T) {
			r := rows[i]
			if r.Difficulty != tt.difficulty || r.N != tt.n || r.System != "gortex" {
				t.Fatalf("row %d = %s/%s n=%d, want gortex/%s n=%d", i, r.System, r.Difficulty, r.N, tt.difficulty, tt.n)
			}
			checks := []struct {
				name      string
				got, want float64
			}{
				{"doc@1", r.DocRecall[1], tt.doc1}, {"doc@3", r.DocRecall[3], tt.doc3},
				{"doc@5", r.DocRecall[5], tt.doc5}, {"docMRR", r.DocMRR, tt.docMRR},
				{"sec@3", r.SecRecall[3], tt.sec3}, {"sec@5", r.SecRecall[5], tt.sec5},
				{"secMRR", r.SecMRR, tt.secMRR},
			}
			for _, c := range checks {
				if math.Abs(c.got-c.want) > 1e-9 {
					t.Errorf("%s = %v, want %v", c.name, c.got, c.want)
				}
			}
		})
	}
}

func TestUnresolvedAreMisses(t *testing.T) {
	r := &Report{K: []int{1}, Results: []Result{
		{Pair: Pair{Symbol: "a", Difficulty: "exact"}, Status: StatusOK, Gortex: Ranks{Doc: 1, Sec: 1},
			Entries: []Hit{{Path: "d.md"}, {Path: "e.md"}}},
		{Pair: Pair{Symbol: "b", Difficulty: "exact"}, Status: StatusUnknown},
		{Pair: Pair{Symbol: "c", Difficulty: "exact"}, Status: StatusAmbiguous, Note: "2 candidates"},
		{Pair: Pair{Symbol: "d", Difficulty: "exact"}, Status: StatusFailed},
	}}
	gortex, _ := r.rows()
	all := gortex[len(gortex)-1]
	if all.N != 4 || all.DocRecall[1] != 0.25 || all.SecMRR != 0.25 {
		t.Errorf("all = n %d doc@1 %v secMRR %v, want 4, 0.25, 0.25", all.N, all.DocRecall[1], all.SecMRR)
	}
	if got := len(r.withStatus(StatusUnknown, StatusAmbiguous)); got != 2 {
		t.Errorf("unresolved = %d, want 2", got)
	}
	if got := r.entriesPerQuery(); got != 0.5 {
		t.Errorf("entries/query = %v, want 0.5", got)
	}
}

func TestMedianWhy(t *testing.T) {
	tests := []struct {
		name  string
		walls []int
		want  int
	}{
		{"none", nil, 0},
		{"odd", []int{30, 10, 20}, 20},
		{"even", []int{40, 10, 20, 30}, 25},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := &Report{}
			for _, w := range tt.walls {
				r.Results = append(r.Results, Result{Wall: msDuration(w)})
			}
			if got := r.medianWhy(); got != msDuration(tt.want) {
				t.Errorf("median = %v, want %v ms", got, tt.want)
			}
		})
	}
}

func TestParseKs(t *testing.T) {
	tests := []struct {
		in      string
		want    []int
		wantErr bool
	}{
		{in: "1,3,5", want: []int{1, 3, 5}},
		{in: "5, 1,1", want: []int{1, 5}},
		{in: "10", want: []int{10}},
		{in: "0", wantErr: true},
		{in: "11", wantErr: true},
		{in: "1,,3", wantErr: true},
		{in: "x", wantErr: true},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := parseKs(tt.in)
			if (err != nil) != tt.wantErr {
				t.Fatalf("err = %v, wantErr %v", err, tt.wantErr)
			}
			if !tt.wantErr && !slices.Equal(got, tt.want) {
				t.Errorf("got %v, want %v", got, tt.want)
			}
		})
	}
}
