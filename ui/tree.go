package ui

import (
	"path"
	"sort"
	"strings"

	"github.com/gortex/gortex/audit"
	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/rationale"
)

// areaKind is what a tile of the map stands for.
type areaKind string

const (
	kindFolder areaKind = "folder"
	kindFile   areaKind = "file"
	kindSymbol areaKind = "symbol"
)

// area is one tile of the map: a folder, a file or a symbol, with the
// lines of code it holds and how many of them reasoning explains.
type area struct {
	Name      string
	Path      string // repo-relative; a symbol's file
	Kind      areaKind
	ID        graph.NodeID // a symbol's
	What      string       // a symbol's kind
	Line      int          // a symbol's first line
	Lines     int          // lines of code (a symbol's own, its members' left out)
	Explained int          // of them, in symbols reasoning explains
	Symbols   int
	Reasoned  int // symbols reasoning explains
	Children  []*area
}

// Share is the part of the area's lines that reasoning explains, 0 to 1.
func (a *area) Share() float64 {
	if a.Lines == 0 {
		return 0
	}
	return float64(a.Explained) / float64(a.Lines)
}

// tree is the map of a view: every folder and file holding code, and
// their symbols.
type tree struct {
	root   *area
	byPath map[string]*area // folders and files by path; the root is ""
}

// buildTree reads every code symbol of s once: its own lines (its span
// less the spans of the members inside it) and whether reasoning explains
// it (audit.Explained).
func buildTree(s *graph.Store, mems *rationale.Memories) *tree {
	t := &tree{root: &area{Name: "/", Kind: kindFolder}, byPath: map[string]*area{}}
	t.byPath[""] = t.root
	for n := range s.Nodes() {
		if !n.Kind.IsSymbol() || n.Path == "" {
			continue
		}
		sym := &area{Name: symbolName(n), Path: n.Path, Kind: kindSymbol, ID: n.ID, What: string(n.Kind), Line: n.Line,
			Lines: ownLines(s, n), Symbols: 1}
		if audit.Explained(s, mems, n) {
			sym.Explained, sym.Reasoned = sym.Lines, 1
		}
		file := t.file(n.Path)
		file.Children = append(file.Children, sym)
	}
	total(t.root)
	return t
}

// symbolName is a symbol's name as the map labels it: Type.Method for a
// member, else its name.
func symbolName(n *graph.Node) string {
	if n.Receiver != "" {
		return n.Receiver + "." + n.Name
	}
	return n.Name
}

// span is the lines a node covers, at least one.
func span(n *graph.Node) int { return max(n.EndLine-n.Line+1, 1) }

// ownLines is n's span less the spans of the members written inside it
// (a class's methods): each line of code counts once. A Go method is
// contained by its type but written outside it, and is not subtracted.
func ownLines(s *graph.Store, n *graph.Node) int {
	lines := span(n)
	switch n.Kind {
	case graph.KindType, graph.KindClass, graph.KindInterface, graph.KindModule:
	default:
		return lines
	}
	for _, e := range s.Out(n.ID, graph.EdgeContains) {
		if c, ok := s.Node(e.To); ok && c.Kind.IsSymbol() && c.Path == n.Path && c.Line > n.Line && c.EndLine <= n.EndLine {
			lines -= span(c)
		}
	}
	return max(lines, 1)
}

// file returns the area of file p, making it and its folders.
func (t *tree) file(p string) *area {
	if a, ok := t.byPath[p]; ok {
		return a
	}
	parent := t.folder(path.Dir(p))
	a := &area{Name: path.Base(p), Path: p, Kind: kindFile}
	parent.Children = append(parent.Children, a)
	t.byPath[p] = a
	return a
}

// folder returns the area of folder p ("." is the root), making it and
// its parents.
func (t *tree) folder(p string) *area {
	if p == "." || p == "/" {
		p = ""
	}
	if a, ok := t.byPath[p]; ok {
		return a
	}
	parent := t.folder(path.Dir(p))
	a := &area{Name: path.Base(p), Path: p, Kind: kindFolder}
	parent.Children = append(parent.Children, a)
	t.byPath[p] = a
	return a
}

// total sums the areas under a into it and orders every list of children
// largest first (then by name, so that equal sizes keep one order).
func total(a *area) {
	if a.Kind == kindSymbol {
		return
	}
	a.Lines, a.Explained, a.Symbols, a.Reasoned = 0, 0, 0, 0
	for _, c := range a.Children {
		total(c)
		a.Lines += c.Lines
		a.Explained += c.Explained
		a.Symbols += c.Symbols
		a.Reasoned += c.Reasoned
	}
	sort.Slice(a.Children, func(i, j int) bool {
		x, y := a.Children[i], a.Children[j]
		if x.Lines != y.Lines {
			return x.Lines > y.Lines
		}
		return x.Name < y.Name
	})
}

// at returns the folder or file at p, cleaned; false for none.
func (t *tree) at(p string) (*area, bool) {
	p = strings.Trim(path.Clean("/"+p), "/")
	a, ok := t.byPath[p]
	return a, ok
}

// trail is the folders from the root down to a, a included.
func (t *tree) trail(a *area) []*area {
	var out []*area
	for p := a.Path; ; p = path.Dir(p) {
		if p == "." {
			p = ""
		}
		if b, ok := t.byPath[p]; ok {
			out = append(out, b)
		}
		if p == "" {
			break
		}
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}
