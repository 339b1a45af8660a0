package main

import (
	"fmt"
	"io"
	"runtime"
	"strings"
	"text/tabwriter"
	"time"
)

// Targets of issue 7, on the 2-core reference machine and GOROOT/src.
const (
	targetVsParse = 1.4                    // full index ÷ bare parse, same run
	targetRSS     = 1 << 30                // peak RSS of the full index
	targetUpdate  = 200 * time.Millisecond // re-index after one change, process start included
	targetWhyCLI  = 150 * time.Millisecond // gortex why, process start and index load included
	targetWhy     = time.Millisecond       // why on a loaded index
)

// report collects the figures of one run.
type report struct {
	src, root     string
	goFiles       int
	goBytes       int64
	ctags         []measured
	ctagsNote     string
	parse         map[string][]measured // by child mode
	full          []measured
	summary       map[string]string // counts from gortex index's summary
	updates       []measured
	whys          []measured
	whySymbols    []string
	loads, stales []time.Duration
	manifestFiles int
	whyLex        []time.Duration // query.Why with the content index
	whyGraph      []time.Duration // query.Why without it
}

func newReport(src, root string) *report {
	return &report{src: src, root: root, parse: map[string][]measured{}}
}

func (r *report) write(w io.Writer) {
	where := r.src
	if r.root != r.src {
		where += " (indexed as a copy in " + r.root + ")"
	}
	fmt.Fprintf(w, "gortex-bench on %s\n%d Go files, %.1f MB; %d CPUs; medians of %d rounds (wall on a shared machine is noisy: CPU is printed beside it)\n\n",
		where, r.goFiles, float64(r.goBytes)/1e6, runtime.NumCPU(), len(r.full))
	r.writeTable(w)
	r.writeRatios(w)
	r.writeQueries(w)
}

func (r *report) writeTable(w io.Writer) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "\twall\tcpu\tpeak RSS\t\n")
	row := func(name string, ms []measured) {
		m := median(ms)
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t\n", name, secs(m.wall), secs(m.cpu), mib(m.rss))
	}
	if len(r.ctags) > 0 {
		row("ctags -R --languages=Go (one core)", r.ctags)
	}
	row(fmt.Sprintf("tree-sitter parse only (%d workers)", runtime.GOMAXPROCS(0)), r.parse[modeParse])
	row("gortex Go parser: parse + tags query", r.parse[modeTags])
	row("gortex index --full", r.full)
	tw.Flush()
	if r.ctagsNote != "" {
		fmt.Fprintln(w, "note:", r.ctagsNote)
	}
	s := r.summary
	fmt.Fprintf(w, "\nindex: files %s; symbols %s; sections %s; links %s\n\n", s["files"], s["symbols"], s["sections"], s["links"])
}

func (r *report) writeRatios(w io.Writer) {
	full, bare := median(r.full), median(r.parse[modeParse])
	tags := median(r.parse[modeTags])
	fmt.Fprintf(w, "gortex / bare parse   %.2f× wall, %.2f× cpu   (target ≤ %.1f× wall) %s\n",
		ratio(full.wall, bare.wall), ratio(full.cpu, bare.cpu), targetVsParse, verdict(ratio(full.wall, bare.wall) <= targetVsParse))
	fmt.Fprintf(w, "  of which parse + tags query / bare parse: %.2f× wall, %.2f× cpu\n", ratio(tags.wall, bare.wall), ratio(tags.cpu, bare.cpu))
	if len(r.ctags) > 0 {
		c := median(r.ctags)
		fmt.Fprintf(w, "gortex / ctags         %.2f× wall, %.2f× cpu\n", ratio(full.wall, c.wall), ratio(full.cpu, c.cpu))
	}
	fmt.Fprintf(w, "peak RSS of the full index  %s   (target ≤ %s) %s\n\n", mib(full.rss), mib(targetRSS), verdict(full.rss <= targetRSS))
}

func (r *report) writeQueries(w io.Writer) {
	up := median(r.updates)
	fmt.Fprintf(w, "re-index after one change, process start included: %s median of %d (runs %s; cpu %s, peak RSS %s)   (target ≤ %s) %s\n",
		ms(up.wall), len(r.updates), walls(r.updates), ms(up.cpu), mib(up.rss), ms(targetUpdate), verdict(up.wall <= targetUpdate))
	why := median(r.whys)
	fmt.Fprintf(w, "gortex why from the CLI, start + load included:    %s median of %d (runs %s; peak RSS %s)   (target ≤ %s) %s\n",
		ms(why.wall), len(r.whys), walls(r.whys), mib(why.rss), ms(targetWhyCLI), verdict(why.wall <= targetWhyCLI))
	fmt.Fprintf(w, "  symbols: %s\n", strings.Join(r.whySymbols, ", "))
	lex, graph := medianOf(r.whyLex), medianOf(r.whyGraph)
	fmt.Fprintf(w, "why in process on a loaded index:                  %s median of %d queries with Bleve lexical matching, %s graph only   (target ≤ %s) %s\n",
		ms(lex), len(r.whyLex), ms(graph), ms(targetWhy), verdict(lex <= targetWhy))
	fmt.Fprintf(w, "index load in process: %s median of %d; staleness check (stats %d files): %s median of %d\n",
		ms(medianOf(r.loads)), len(r.loads), r.manifestFiles, ms(medianOf(r.stales)), len(r.stales))
}

func ratio(a, b time.Duration) float64 {
	if b <= 0 {
		return 0
	}
	return float64(a) / float64(b)
}

func verdict(ok bool) string {
	if ok {
		return "ok"
	}
	return "MISSED"
}

func secs(d time.Duration) string { return fmt.Sprintf("%.2f s", d.Seconds()) }

func ms(d time.Duration) string {
	if d < 10*time.Millisecond {
		return fmt.Sprintf("%.2f ms", float64(d)/float64(time.Millisecond))
	}
	return fmt.Sprintf("%.0f ms", float64(d)/float64(time.Millisecond))
}

func mib(b int64) string { return fmt.Sprintf("%.0f MB", float64(b)/(1<<20)) }

// walls lists each run's wall time, to show the spread behind a median.
func walls(ms []measured) string {
	parts := make([]string, len(ms))
	for i, m := range ms {
		parts[i] = fmt.Sprintf("%.0f", float64(m.wall)/float64(time.Millisecond))
	}
	return strings.Join(parts, "/") + " ms"
}
