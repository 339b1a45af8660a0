package change

import (
	"cmp"
	"math"
	"path"
	"slices"
	"sort"
	"strings"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/history"
)

// symbolsByFile returns the symbols of every file in files, each file's in
// line order.
func symbolsByFile(s *graph.Store, files map[string]bool) map[string][]*graph.Node {
	out := map[string][]*graph.Node{}
	for n := range s.Nodes() {
		if n.Kind.IsSymbol() && files[n.Path] && n.Line > 0 {
			out[n.Path] = append(out[n.Path], n)
		}
	}
	for _, syms := range out {
		sort.Slice(syms, func(i, j int) bool {
			if syms[i].Line != syms[j].Line {
				return syms[i].Line < syms[j].Line
			}
			return syms[i].ID < syms[j].ID
		})
	}
	return out
}

// span is a block of new-side lines; a pure deletion is the empty span
// between line from and from+1 (to == from-1... kept as from, empty).
type span struct {
	from, to int
	empty    bool
}

func spanOf(h history.Hunk) span {
	if h.NewLines == 0 {
		return span{from: h.NewStart, to: h.NewStart, empty: true}
	}
	return span{from: h.NewStart, to: h.NewStart + h.NewLines - 1}
}

// touches reports whether sp changes n's lines: a block overlaps them, or
// a deletion falls strictly inside them.
func (sp span) touches(n *graph.Node) bool {
	end := max(n.EndLine, n.Line)
	if sp.empty {
		return n.Line <= sp.from && sp.from < end
	}
	return sp.from <= end && n.Line <= sp.to
}

// within reports whether sp lies inside n's lines.
func (sp span) within(n *graph.Node) bool {
	return n.Line <= sp.from && sp.to <= max(n.EndLine, n.Line)
}

// touchedIn returns the symbols of syms (sorted by line, as
// symbolsByFile sorts them) that the spans change. A symbol is left out
// for a span that lies wholly inside a smaller symbol nested in it (a
// changed field is the field's change, not its struct's). It sweeps the
// spans in order with the symbols open at each (begun before the span
// ends, ended not before it starts): its cost is the spans plus the
// symbols plus, per span, the symbols open there, not spans × symbols²
// (a check of every field of a 40,000-field struct took seconds).
func touchedIn(syms []*graph.Node, spans []span) []*graph.Node {
	syms, orig := withDocs(syms)
	spans = slices.Clone(spans)
	slices.SortStableFunc(spans, func(a, b span) int { return cmp.Compare(a.from, b.from) })
	seen := map[graph.NodeID]bool{}
	var out, open, holders []*graph.Node
	next := 0
	for _, sp := range spans {
		for next < len(syms) && syms[next].Line <= sp.to {
			open = append(open, syms[next])
			next++
		}
		kept, holders := open[:0], holders[:0]
		for _, n := range open {
			if max(n.EndLine, n.Line) < sp.from {
				continue // ended before this span: before every later one too
			}
			kept = append(kept, n)
			if sp.within(n) {
				holders = append(holders, n)
			}
		}
		open = kept
		nested := holdsInner(holders)
		for _, n := range open {
			if !seen[n.ID] && sp.touches(n) && !nested[n] {
				seen[n.ID] = true
				out = append(out, cmp.Or(orig[n], n))
			}
		}
	}
	return out
}

// withDocs returns syms with each symbol's doc comment counted as its
// lines (a hunk that changes only the comment above a constant changes the
// constant), sorted by first line, and the symbols it stands in for. A doc
// comment is as many lines above the symbol as its text has, never
// reaching a symbol that ends before it (a group's comment given to a
// member without its own is not that member's lines).
func withDocs(syms []*graph.Node) ([]*graph.Node, map[*graph.Node]*graph.Node) {
	ends := make([]int, 0, len(syms))
	for _, n := range syms {
		ends = append(ends, max(n.EndLine, n.Line))
	}
	slices.Sort(ends)
	var orig map[*graph.Node]*graph.Node
	out := syms
	for i, n := range syms {
		if n.Text == "" {
			continue
		}
		from := n.Line - strings.Count(strings.TrimSpace(n.Text), "\n") - 1
		if j, _ := slices.BinarySearch(ends, n.Line); j > 0 {
			from = max(from, ends[j-1]+1) // the last symbol ending above n
		}
		if from = max(from, 1); from >= n.Line {
			continue
		}
		if orig == nil {
			out, orig = slices.Clone(syms), map[*graph.Node]*graph.Node{}
		}
		ext := *n
		ext.Line, ext.EndLine = from, max(n.EndLine, n.Line)
		out[i], orig[&ext] = &ext, n
	}
	if orig != nil {
		slices.SortStableFunc(out, func(a, b *graph.Node) int { return cmp.Compare(a.Line, b.Line) })
	}
	return out, orig
}

// holdsInner returns the symbols of holders (the symbols a span lies
// within) that hold another of them nested in their lines, not on the same
// lines: the span is that inner symbol's change. Only a symbol the span
// lies within can hold one that it lies within too, so a symbol not in
// holders is never in the result. It sorts holders by first line, last
// first, and keeps the least last line of those starting later and of
// those starting on the same line: O(h log h), not h².
func holdsInner(holders []*graph.Node) map[*graph.Node]bool {
	if len(holders) < 2 {
		return nil
	}
	end := func(n *graph.Node) int { return max(n.EndLine, n.Line) }
	byLine := slices.Clone(holders)
	slices.SortFunc(byLine, func(a, b *graph.Node) int {
		return cmp.Or(cmp.Compare(b.Line, a.Line), cmp.Compare(end(a), end(b)))
	})
	out := map[*graph.Node]bool{}
	later := math.MaxInt // the least last line of the holders starting after this group
	for i := 0; i < len(byLine); {
		j := i
		for j < len(byLine) && byLine[j].Line == byLine[i].Line {
			j++
		}
		least := end(byLine[i]) // the group is sorted by last line
		for _, n := range byLine[i:j] {
			if later <= end(n) || least < end(n) {
				out[n] = true
			}
		}
		later = min(later, least)
		i = j
	}
	return out
}

// added reports whether n's lines are all new: inside one block that
// replaced nothing, or in a file that is new.
func added(fd history.FileDiff, n *graph.Node) bool {
	if fd.OldPath == "" {
		return true
	}
	for _, h := range fd.Hunks {
		if h.OldLines == 0 && h.NewLines > 0 && spanOf(h).within(n) {
			return true
		}
	}
	return false
}

// WholeFiles returns diffs that change every line of the files under
// paths (repo-relative files or directories): what check does for paths.
func WholeFiles(s *graph.Store, paths []string) []history.FileDiff {
	var out []history.FileDiff
	for n := range s.Nodes() {
		if n.Kind != graph.KindFile || !under(n.Path, paths) {
			continue
		}
		out = append(out, history.FileDiff{OldPath: n.Path, NewPath: n.Path,
			Hunks: []history.Hunk{{OldStart: 1, OldLines: 1, NewStart: 1, NewLines: 1 << 30}}})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].NewPath < out[j].NewPath })
	return out
}

func under(p string, prefixes []string) bool {
	for _, pre := range prefixes {
		pre = strings.TrimSuffix(path.Clean(strings.TrimPrefix(pre, "./")), "/")
		if pre == "." || p == pre || strings.HasPrefix(p, pre+"/") {
			return true
		}
	}
	return false
}
