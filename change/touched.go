package change

import (
	"path"
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

// touchedIn returns the symbols of syms that the spans change. A symbol is
// left out for a span that lies wholly inside a smaller symbol nested in it
// (a changed field is the field's change, not its struct's).
func touchedIn(syms []*graph.Node, spans []span) []*graph.Node {
	seen := map[graph.NodeID]bool{}
	var out []*graph.Node
	for _, sp := range spans {
		for _, n := range syms {
			if seen[n.ID] || !sp.touches(n) || innerHolds(syms, n, sp) {
				continue
			}
			seen[n.ID] = true
			out = append(out, n)
		}
	}
	return out
}

func innerHolds(syms []*graph.Node, outer *graph.Node, sp span) bool {
	for _, in := range syms {
		if in != outer && in.Line >= outer.Line && max(in.EndLine, in.Line) <= max(outer.EndLine, outer.Line) &&
			(in.Line != outer.Line || in.EndLine != outer.EndLine) && sp.within(in) {
			return true
		}
	}
	return false
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
