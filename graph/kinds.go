package graph

import (
	"strconv"
	"strings"
)

// NodeID is a node's stable identity. Code symbols use "path/to/file.go::Name"
// or "path/to/file.go::Type.Method" (repo-relative, forward slashes); files use
// their repo-relative path; other kinds use a prefix, see the New*ID helpers.
type NodeID string

// NodeKind says what a node stands for.
type NodeKind string

// The node kinds. Code kinds come first; the rest are reasoning and structure.
const (
	KindPackage   NodeKind = "package"
	KindFile      NodeKind = "file"
	KindFunction  NodeKind = "function"
	KindMethod    NodeKind = "method"
	KindType      NodeKind = "type"
	KindInterface NodeKind = "interface"
	KindClass     NodeKind = "class"
	KindModule    NodeKind = "module"
	KindField     NodeKind = "field"
	KindConst     NodeKind = "const"
	KindVar       NodeKind = "var"
	KindDoc       NodeKind = "doc"       // one heading section of a document
	KindMemory    NodeKind = "rationale" // one memory (named for what it is; its value kept as it was)
	KindCommit    NodeKind = "commit"
)

// IsSymbol reports whether k is a code symbol that a query may name.
func (k NodeKind) IsSymbol() bool {
	switch k {
	case KindFunction, KindMethod, KindType, KindInterface, KindClass, KindModule,
		KindField, KindConst, KindVar:
		return true
	}
	return false
}

// IsCode reports whether k is part of the code side of the graph: a symbol,
// a file or a package.
func (k NodeKind) IsCode() bool {
	return k.IsSymbol() || k == KindFile || k == KindPackage
}

// EdgeKind is a set of edge kinds: one pair of nodes may be joined by several.
type EdgeKind uint8

// The edge kinds.
const (
	EdgeContains EdgeKind = 1 << iota // file/package/type → member
	EdgeCalls
	EdgeReferences
	EdgeImports
	EdgeMotivates // doc/rationale/commit → symbol/file/package
	EdgeSupersedes
)

var edgeKindNames = []struct {
	k    EdgeKind
	name string
}{
	{EdgeContains, "contains"}, {EdgeCalls, "calls"}, {EdgeReferences, "references"},
	{EdgeImports, "imports"}, {EdgeMotivates, "motivates"}, {EdgeSupersedes, "supersedes"},
}

// Has reports whether every kind in o is in k.
func (k EdgeKind) Has(o EdgeKind) bool { return k&o == o && o != 0 }

// String lists the kinds in k joined by "|".
func (k EdgeKind) String() string {
	var parts []string
	for _, n := range edgeKindNames {
		if k.Has(n.k) {
			parts = append(parts, n.name)
		}
	}
	return strings.Join(parts, "|")
}

// Signal says how a motivates edge was found.
type Signal string

// The signals, strongest first. Strength orders signals for ranking.
const (
	SignalMemory   Signal = "memory"
	SignalNamed    Signal = "named"
	SignalMember   Signal = "member"
	SignalPath     Signal = "path"
	SignalCochange Signal = "cochange"
	SignalCommit   Signal = "commit"
	SignalLexical  Signal = "lexical"
	SignalMeaning  Signal = "meaning"
)

// signalTrust is the one table of how much each signal is trusted: its
// place orders signals (Strength), its weight scales a link in the ranking
// formula (Weight). A section that names the symbol (1.0), names its type
// or package (0.85), names its file or directory (0.7), changed with it
// (0.6), a commit that wrote it (0.5), or only reads like it, by its words
// (0.5) or by their meaning (0.5).
// Memories rank by their own key above every document (see query), so
// their weight only keeps the table whole.
var signalTrust = []struct {
	signal Signal
	weight float64
}{
	{SignalMemory, 1.0},
	{SignalNamed, 1.0},
	{SignalMember, 0.85},
	{SignalPath, 0.7},
	{SignalCochange, 0.6},
	{SignalCommit, 0.5},
	{SignalLexical, 0.5},
	{SignalMeaning, 0.5},
}

// Strength orders signals: higher is more trustworthy; an unknown signal
// is 0.
func (s Signal) Strength() int {
	for i, t := range signalTrust {
		if t.signal == s {
			return len(signalTrust) - i
		}
	}
	return 0
}

// Weight is the factor the ranking formula gives a link of this signal;
// an unknown signal is 0.
func (s Signal) Weight() float64 {
	for _, t := range signalTrust {
		if t.signal == s {
			return t.weight
		}
	}
	return 0
}

// FileID is the node ID of a repo-relative file path.
func FileID(path string) NodeID { return NodeID(path) }

// SymbolID is the stable ID of a symbol declared in path under the dotted
// name (Name or Type.Method).
func SymbolID(path, name string) NodeID { return NodeID(path + "::" + name) }

// PackageID is the node ID of a package, by its import path (Go) or module
// path (other languages).
func PackageID(importPath string) NodeID { return NodeID("pkg:" + importPath) }

// SectionID is the node ID of the document section starting at line.
func SectionID(path string, line int) NodeID {
	return NodeID("doc:" + path + "#L" + strconv.Itoa(line))
}

// SplitSectionID returns the path and line of a section's node ID; ok is
// false unless id is exactly SectionID(path, line).
func SplitSectionID(id NodeID) (path string, line int, ok bool) {
	rest, found := strings.CutPrefix(string(id), "doc:")
	i := strings.LastIndex(rest, "#L")
	if !found || i < 0 {
		return "", 0, false
	}
	path, num := rest[:i], rest[i+2:]
	line, err := strconv.Atoi(num)
	return path, line, err == nil && strconv.Itoa(line) == num
}

// SplitSymbolID splits "path::Name" into its path and name; ok is false for
// IDs of other shapes.
func SplitSymbolID(id NodeID) (path, name string, ok bool) {
	return strings.Cut(string(id), "::")
}
