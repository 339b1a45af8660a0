package main

import (
	"fmt"
	"io"
	"runtime"
	"strings"
	"text/tabwriter"
	"time"
)

// Targets of issue 13 ("speed that does not grow with the repository"),
// on the 2-core reference machine.
const (
	targetVsParse = 1.4                    // full index CPU ÷ bare parse CPU, GOROOT/src, same run
	targetRSS     = 600 << 20              // peak RSS of the full index of GOROOT/src
	targetRSSBig  = 1200 << 20             // peak RSS of the full index of three copies of it
	targetUpdate  = 150 * time.Millisecond // re-index after one change, process start included
	targetWhyCLI  = 100 * time.Millisecond // gortex why, process start and index load included
	targetScale   = 1.3                    // gortex why on the copies ÷ on the tree
	targetWhyMCP  = 20 * time.Millisecond  // the MCP server's why, warm
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
	mcp           mcpResult       // the MCP server's why on the tree
	copies        int
	copiesFull    []measured // gortex index --full of the copies
	copiesWhys    []measured // gortex why on the copies
	pairedWhys    []measured // gortex why on the tree, each just before one on the copies
	hist          historyReport
	panel         []panelRow
}

// historyReport is what the long-history repository showed.
type historyReport struct {
	dir, commits string
	symbols      []string
	blames       []measured // git blame -L of a symbol's lines, alone
	cold, warm   []measured // gortex why with an empty blame cache, and after
	mcp          mcpResult
	warmIndex    measured // gortex index --warm-blame (the index itself up to date)
	warmWall     time.Duration
	warmNote     string // why --warm-blame was not measured
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
	r.writeScale(w)
	r.writeHistory(w)
	r.writePanel(w)
	r.writeIssue(w)
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
	fmt.Fprintf(w, "gortex / bare parse   %.2f× wall, %.2f× cpu   (target ≤ %.1f× cpu) %s\n",
		ratio(full.wall, bare.wall), ratio(full.cpu, bare.cpu), targetVsParse, verdict(ratio(full.cpu, bare.cpu) <= targetVsParse))
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
	fmt.Fprintf(w, "MCP why, watcher on: %s median of %d warm calls (first calls %s)   (target ≤ %s) %s\n\n",
		ms(medianOf(r.mcp.Warm)), len(r.mcp.Warm), durations(r.mcp.Cold), ms(targetWhyMCP), verdict(medianOf(r.mcp.Warm) <= targetWhyMCP))
}

func (r *report) writeScale(w io.Writer) {
	if len(r.copiesFull) == 0 {
		return
	}
	full, big := median(r.full), median(r.copiesFull)
	why, bigWhy := median(r.pairedWhys), median(r.copiesWhys)
	fmt.Fprintf(w, "%d copies side by side: gortex index --full %s wall, %s cpu, peak RSS %s (%.2f× the tree's RSS)   (target ≤ %s) %s\n",
		r.copies, secs(big.wall), secs(big.cpu), mib(big.rss), float64(big.rss)/float64(max(full.rss, 1)), mib(targetRSSBig), verdict(big.rss <= targetRSSBig))
	fmt.Fprintf(w, "  gortex why from the CLI: %s median of %d (runs %s; cpu %s; peak RSS %s), %.2f× the tree's %s in runs taken in turn with them (cpu %s)   (target ≤ %.1f×) %s\n\n",
		ms(bigWhy.wall), len(r.copiesWhys), walls(r.copiesWhys), ms(bigWhy.cpu), mib(bigWhy.rss), ratio(bigWhy.wall, why.wall), ms(why.wall), ms(why.cpu), targetScale,
		verdict(ratio(bigWhy.wall, why.wall) <= targetScale))
}

func (r *report) writeHistory(w io.Writer) {
	h := r.hist
	if len(h.warm) == 0 {
		return
	}
	fmt.Fprintf(w, "long history: %s (%s commits), symbols %s\n", h.dir, h.commits, strings.Join(h.symbols, ", "))
	fmt.Fprintf(w, "  git blame -L of a symbol's lines alone: %s median of %d (runs %s)\n", ms(median(h.blames).wall), len(h.blames), walls(h.blames))
	fmt.Fprintf(w, "  gortex why, empty blame cache: %s median of %d (runs %s)\n", ms(median(h.cold).wall), len(h.cold), walls(h.cold))
	fmt.Fprintf(w, "  gortex why, cache filled: %s median of %d (cpu %s)   (target ≤ %s) %s\n",
		ms(median(h.warm).wall), len(h.warm), ms(median(h.warm).cpu), ms(targetWhyCLI), verdict(median(h.warm).wall <= targetWhyCLI))
	fmt.Fprintf(w, "  MCP why, watcher on: %s median of %d warm calls (first calls %s)   (target ≤ %s) %s\n",
		ms(medianOf(h.mcp.Warm)), len(h.mcp.Warm), durations(h.mcp.Cold), ms(targetWhyMCP), verdict(medianOf(h.mcp.Warm) <= targetWhyMCP))
	if h.warmNote != "" {
		fmt.Fprintf(w, "  gortex index --warm-blame: %s\n\n", h.warmNote)
		return
	}
	fmt.Fprintf(w, "  gortex index --warm-blame (every source file blamed): %s wall, %s cpu\n\n", secs(h.warmWall), secs(h.warmIndex.cpu))
}

// writeIssue prints the rows of issue 13's table, each figure with its
// target, from this run.
func (r *report) writeIssue(w io.Writer) {
	fmt.Fprintln(w, "issue 13, this run:")
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	row := func(name, got, target string, ok bool) {
		fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\n", name, got, target, verdict(ok))
	}
	h := r.hist
	if len(h.warm) > 0 {
		m := median(h.warm)
		row(fmt.Sprintf("CLI why, long history (%s commits)", h.commits), fmt.Sprintf("%s (git blame alone %s)", ms(m.wall), ms(median(h.blames).wall)), "≤ "+ms(targetWhyCLI), m.wall <= targetWhyCLI)
	}
	why := median(r.whys)
	row("CLI why, the tree", fmt.Sprintf("%s wall, %s cpu", ms(why.wall), ms(why.cpu)), "≤ "+ms(targetWhyCLI), why.wall <= targetWhyCLI)
	if len(r.copiesWhys) > 0 {
		big, base := median(r.copiesWhys), median(r.pairedWhys)
		q := ratio(big.wall, base.wall)
		row(fmt.Sprintf("CLI why, the tree vs %d copies, in turn", r.copies), fmt.Sprintf("%s vs %s (%.2f×; cpu %.2f×), peak %s vs %s", ms(base.wall), ms(big.wall), q, ratio(big.cpu, base.cpu), mib(base.rss), mib(big.rss)),
			fmt.Sprintf("≤ %s and ≤ %.1f×", ms(targetWhyCLI), targetScale), big.wall <= targetWhyCLI && q <= targetScale)
	}
	mcpWhy := medianOf(r.mcp.Warm)
	if len(h.mcp.Warm) > 0 {
		mcpWhy = max(mcpWhy, medianOf(h.mcp.Warm))
	}
	row("MCP why, server warm (worst of the trees)", ms(mcpWhy), "≤ "+ms(targetWhyMCP), mcpWhy <= targetWhyMCP)
	full, bare := median(r.full), median(r.parse[modeParse])
	row("full index cpu / bare parse cpu", fmt.Sprintf("%.2f× (wall %.2f×)", ratio(full.cpu, bare.cpu), ratio(full.wall, bare.wall)), fmt.Sprintf("≤ %.1f×", targetVsParse), ratio(full.cpu, bare.cpu) <= targetVsParse)
	row("peak RSS, full index of the tree", mib(full.rss), "≤ "+mib(targetRSS), full.rss <= targetRSS)
	if len(r.copiesFull) > 0 {
		big := median(r.copiesFull)
		row(fmt.Sprintf("peak RSS, full index of %d copies", r.copies), mib(big.rss), "≤ "+mib(targetRSSBig), big.rss <= targetRSSBig)
	}
	up := median(r.updates)
	row("re-index after one change", ms(up.wall), "≤ "+ms(targetUpdate), up.wall <= targetUpdate)
	tw.Flush()
}

// durations lists durations in milliseconds.
func durations(ds []time.Duration) string {
	parts := make([]string, len(ds))
	for i, d := range ds {
		parts[i] = fmt.Sprintf("%.0f", float64(d)/float64(time.Millisecond))
	}
	return strings.Join(parts, "/") + " ms"
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
