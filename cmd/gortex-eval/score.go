package main

import (
	"path"
	"slices"
	"strings"
)

// Hit is one returned entry as far as scoring is concerned.
type Hit struct {
	Path    string `json:"path"`
	Section string `json:"section"`
	Signal  string `json:"signal,omitempty"`
}

// Ranks are the 1-based positions of the first document-level and the
// first section-level hit in a returned list; 0 means no hit.
type Ranks struct {
	Doc int `json:"doc"`
	Sec int `json:"sec"`
}

// score ranks the answers of one system for p. docs and secs are that
// system's ranked lists; for gortex both come from one list of entries
// (docs[i] == secs[i].Path), the baseline ranks them separately.
func score(p Pair, docs []string, secs []Hit) Ranks {
	return Ranks{Doc: docRank(p.Targets(), docs), Sec: secRank(p.Targets(), secs)}
}

func docRank(want []Ref, docs []string) int {
	for i, d := range docs {
		for _, w := range want {
			if samePath(d, w.Doc) {
				return i + 1
			}
		}
	}
	return 0
}

func secRank(want []Ref, secs []Hit) int {
	for i, s := range secs {
		for _, w := range want {
			if samePath(s.Path, w.Doc) && normSection(s.Section) == normSection(w.Section) {
				return i + 1
			}
		}
	}
	return 0
}

// samePath compares repo-relative paths, forgiving "./" and doubled slashes.
func samePath(a, b string) bool {
	return a != "" && path.Clean(a) == path.Clean(b)
}

// normSection trims a heading and collapses its whitespace runs to one
// space: gold files are typed by hand, headings are copied from Markdown.
func normSection(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// Row is one line of a results table: one system, one difficulty.
type Row struct {
	System     string          `json:"system"`
	Difficulty string          `json:"difficulty"`
	N          int             `json:"n"`
	DocRecall  map[int]float64 `json:"doc_recall"` // by k
	DocMRR     float64         `json:"doc_mrr"`
	SecRecall  map[int]float64 `json:"sec_recall"` // by k
	SecMRR     float64         `json:"sec_mrr"`
}

// summarize aggregates ranks into one row per difficulty and a last row
// "all". ranks[i] belongs to pairs[i]; an unresolved query has zero ranks
// and counts as a miss.
func summarize(system string, ks []int, pairs []Pair, ranks []Ranks) []Row {
	var rows []Row
	for _, d := range difficulties(pairs) {
		rows = append(rows, summarizeWhere(system, d, ks, pairs, ranks, func(p Pair) bool { return p.Difficulty == d }))
	}
	return append(rows, summarizeWhere(system, "all", ks, pairs, ranks, func(Pair) bool { return true }))
}

func summarizeWhere(system, label string, ks []int, pairs []Pair, ranks []Ranks, keep func(Pair) bool) Row {
	r := Row{System: system, Difficulty: label, DocRecall: map[int]float64{}, SecRecall: map[int]float64{}}
	for i, p := range pairs {
		if !keep(p) {
			continue
		}
		r.N++
		for _, k := range ks {
			r.DocRecall[k] += hitAt(ranks[i].Doc, k)
			r.SecRecall[k] += hitAt(ranks[i].Sec, k)
		}
		r.DocMRR += reciprocal(ranks[i].Doc)
		r.SecMRR += reciprocal(ranks[i].Sec)
	}
	if r.N == 0 {
		return r
	}
	n := float64(r.N)
	for _, k := range ks {
		r.DocRecall[k] /= n
		r.SecRecall[k] /= n
	}
	r.DocMRR /= n
	r.SecMRR /= n
	return r
}

func hitAt(rank, k int) float64 {
	if rank > 0 && rank <= k {
		return 1
	}
	return 0
}

func reciprocal(rank int) float64 {
	if rank <= 0 {
		return 0
	}
	return 1 / float64(rank)
}

// knownDifficulties are the labels the gold files use, in table order;
// any other label follows them alphabetically.
var knownDifficulties = []string{"exact", "partial", "semantic"}

// difficulties lists the labels that occur in pairs, in table order.
func difficulties(pairs []Pair) []string {
	seen := map[string]bool{}
	var other []string
	for _, p := range pairs {
		if !seen[p.Difficulty] && !slices.Contains(knownDifficulties, p.Difficulty) {
			other = append(other, p.Difficulty)
		}
		seen[p.Difficulty] = true
	}
	var out []string
	for _, d := range knownDifficulties {
		if seen[d] {
			out = append(out, d)
		}
	}
	slices.Sort(other)
	return append(out, other...)
}
