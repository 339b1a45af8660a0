package main

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"
)

// Result is everything measured for one gold pair.
type Result struct {
	Pair     Pair
	Status   Status
	Note     string        // why gortex did not answer, when it did not
	Wall     time.Duration // of the gortex why process
	Entries  []Hit         // gortex's answer, in rank order
	Gortex   Ranks
	Baseline Ranks
}

// Report is one evaluation run: what the text table and the JSON object
// are rendered from.
type Report struct {
	Corpus    string
	Gold      string // the gold file's name
	K         []int
	Index     time.Duration
	IndexFull bool // the index was rebuilt from scratch (-full)
	Results   []Result
}

// rows returns the table rows of gortex and of the baseline.
func (r *Report) rows() (gortex, baseline []Row) {
	pairs := make([]Pair, len(r.Results))
	g := make([]Ranks, len(r.Results))
	b := make([]Ranks, len(r.Results))
	for i, res := range r.Results {
		pairs[i], g[i], b[i] = res.Pair, res.Gortex, res.Baseline
	}
	return summarize("gortex", r.K, pairs, g), summarize("baseline", r.K, pairs, b)
}

// entriesPerQuery is the mean answer length over all queries; one that
// did not resolve returned nothing.
func (r *Report) entriesPerQuery() float64 {
	if len(r.Results) == 0 {
		return 0
	}
	n := 0
	for _, res := range r.Results {
		n += len(res.Entries)
	}
	return float64(n) / float64(len(r.Results))
}

// medianWhy is the median wall time of the why processes.
func (r *Report) medianWhy() time.Duration {
	ds := make([]time.Duration, 0, len(r.Results))
	for _, res := range r.Results {
		ds = append(ds, res.Wall)
	}
	if len(ds) == 0 {
		return 0
	}
	slices.Sort(ds)
	m := len(ds) / 2
	if len(ds)%2 == 0 {
		return (ds[m-1] + ds[m]) / 2
	}
	return ds[m]
}

// withStatus returns the results whose status is one of ss.
func (r *Report) withStatus(ss ...Status) []Result {
	var out []Result
	for _, res := range r.Results {
		if slices.Contains(ss, res.Status) {
			out = append(out, res)
		}
	}
	return out
}

// writeText renders the report as a table; verbose adds a block per pair.
func writeText(w io.Writer, r *Report, verbose bool) error {
	var b strings.Builder
	index := fmt.Sprintf("%.1fs", r.Index.Seconds())
	if r.IndexFull {
		index += " (full)"
	}
	fmt.Fprintf(&b, "corpus: %s  gold: %s (%d pairs)  index: %s\n", r.Corpus, r.Gold, len(r.Results), index)
	gortex, baseline := r.rows()
	writeTable(&b, r.K, append(gortex, baseline...))
	unresolved := r.withStatus(StatusUnknown, StatusAmbiguous)
	fmt.Fprintf(&b, "entries/query: %.1f   median why: %d ms   unresolved: %d\n",
		r.entriesPerQuery(), r.medianWhy().Round(time.Millisecond).Milliseconds(), len(unresolved))
	writeIssues(&b, unresolved)
	if failed := r.withStatus(StatusFailed); len(failed) > 0 {
		fmt.Fprintf(&b, "failed: %d\n", len(failed))
		writeIssues(&b, failed)
	}
	b.WriteString("baseline: documents and sections ranked by whole-word count of the symbol's last name\n")
	if verbose {
		writePairs(&b, r.Results)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func writeTable(b *strings.Builder, ks []int, rows []Row) {
	dw := len("all")
	for _, row := range rows {
		dw = max(dw, len(row.Difficulty))
	}
	fmt.Fprintf(b, "%-8s %-*s %3s ", "", dw, "", "n")
	for i, level := range []string{"doc", "sec"} {
		if i > 0 {
			b.WriteString(" ")
		}
		for _, k := range ks {
			fmt.Fprintf(b, " %6s", fmt.Sprintf("%s@%d", level, k))
		}
		fmt.Fprintf(b, " %6s", level+"MRR")
	}
	b.WriteString("\n")
	for _, row := range rows {
		fmt.Fprintf(b, "%-8s %-*s %3d ", row.System, dw, row.Difficulty, row.N)
		for _, k := range ks {
			fmt.Fprintf(b, " %6.2f", row.DocRecall[k])
		}
		fmt.Fprintf(b, " %6.2f ", row.DocMRR)
		for _, k := range ks {
			fmt.Fprintf(b, " %6.2f", row.SecRecall[k])
		}
		fmt.Fprintf(b, " %6.2f\n", row.SecMRR)
	}
}

func writeIssues(b *strings.Builder, rs []Result) {
	for _, res := range rs {
		fmt.Fprintf(b, "  %-9s %s", res.Status, res.Pair.Symbol)
		if res.Note != "" {
			fmt.Fprintf(b, ": %s", res.Note)
		}
		b.WriteString("\n")
	}
}

// writePairs prints, per pair, the ranks of the first document and section
// hits of gortex and of the baseline ("-" for none), the wanted section
// and gortex's top three entries.
func writePairs(b *strings.Builder, rs []Result) {
	b.WriteString("\npairs (rank of the first document/section hit, - for none):\n")
	for _, res := range rs {
		p := res.Pair
		fmt.Fprintf(b, "%-9s gortex %s/%s  baseline %s/%s  %4d ms  %s\n", p.Difficulty,
			rankText(res.Gortex.Doc), rankText(res.Gortex.Sec),
			rankText(res.Baseline.Doc), rankText(res.Baseline.Sec),
			res.Wall.Round(time.Millisecond).Milliseconds(), p.Symbol)
		want := p.Doc + "#" + normSection(p.Section)
		if len(p.Also) > 0 {
			want += fmt.Sprintf(" (or %d more)", len(p.Also))
		}
		fmt.Fprintf(b, "    want %s\n", want)
		if res.Status != StatusOK {
			fmt.Fprintf(b, "    %s\n", res.Status)
		}
		for i, h := range res.Entries[:min(3, len(res.Entries))] {
			fmt.Fprintf(b, "    %d. %s#%s (%s)\n", i+1, h.Path, normSection(h.Section), h.Signal)
		}
	}
}

func rankText(r int) string {
	if r == 0 {
		return "-"
	}
	return fmt.Sprint(r)
}

// jsonReport is the -json output: every figure of the text table and
// every pair's result.
type jsonReport struct {
	Corpus          string       `json:"corpus"`
	Gold            string       `json:"gold"`
	Pairs           int          `json:"pairs"`
	K               []int        `json:"k"`
	IndexSeconds    float64      `json:"index_seconds"`
	IndexFull       bool         `json:"index_full"`
	Gortex          []Row        `json:"gortex"`
	Baseline        []Row        `json:"baseline"`
	EntriesPerQuery float64      `json:"entries_per_query"`
	MedianWhyMS     float64      `json:"median_why_ms"`
	Unresolved      int          `json:"unresolved"`
	Failed          int          `json:"failed"`
	Results         []jsonResult `json:"results"`
}

type jsonResult struct {
	Symbol     string  `json:"symbol"`
	Difficulty string  `json:"difficulty"`
	Status     Status  `json:"status"`
	Note       string  `json:"note,omitempty"`
	WallMS     float64 `json:"wall_ms"`
	Gortex     Ranks   `json:"gortex"`
	Baseline   Ranks   `json:"baseline"`
	Entries    []Hit   `json:"entries"`
}

func writeJSON(w io.Writer, r *Report) error {
	gortex, baseline := r.rows()
	out := jsonReport{
		Corpus: r.Corpus, Gold: r.Gold, Pairs: len(r.Results), K: r.K,
		IndexSeconds: r.Index.Seconds(), IndexFull: r.IndexFull,
		Gortex: gortex, Baseline: baseline,
		EntriesPerQuery: r.entriesPerQuery(), MedianWhyMS: ms(r.medianWhy()),
		Unresolved: len(r.withStatus(StatusUnknown, StatusAmbiguous)),
		Failed:     len(r.withStatus(StatusFailed)),
		Results:    []jsonResult{},
	}
	for _, res := range r.Results {
		out.Results = append(out.Results, jsonResult{
			Symbol: res.Pair.Symbol, Difficulty: res.Pair.Difficulty, Status: res.Status,
			Note: res.Note, WallMS: ms(res.Wall), Gortex: res.Gortex, Baseline: res.Baseline,
			Entries: append([]Hit{}, res.Entries...),
		})
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
