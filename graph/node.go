package graph

import (
	"maps"
	"slices"
	"strings"
	"time"
)

// SortedIDs returns m's keys in order: what is built from a map, such as
// a section's links, is built in the same order every time, so that the
// same tree gives the same index.
func SortedIDs[V any](m map[NodeID]V) []NodeID { return slices.Sorted(maps.Keys(m)) }

// SortByID puts nodes in order of ID.
func SortByID(ns []*Node) {
	slices.SortFunc(ns, func(a, b *Node) int { return strings.Compare(string(a.ID), string(b.ID)) })
}

// Node is one vertex of the graph. Which fields are set depends on Kind:
// code symbols use Name, Qualified, Receiver, Signature and Text (the doc
// comment); doc sections use Name (the heading), HeadingPath and Text (the
// section body); memories and commits use Attrs for their extra fields.
type Node struct {
	ID        NodeID
	Kind      NodeKind
	Name      string // identifier, heading text, memory title or commit subject
	Qualified string // language-qualified name: importpath.Type.Method for Go
	Path      string // repo-relative file the node lives in
	Line      int    // 1-based first line; 0 when not applicable
	EndLine   int
	Lang      string // source language, "markdown"/"text" for documents
	Package   string // the declared package (Go) or module name of a symbol
	Receiver  string // the containing type of a method or field
	Signature string // one-line declaration text
	Text      string // doc comment of a symbol, body of a section or memory

	// HeadingPath holds the headings enclosing a section, outermost first,
	// ending with the section's own heading.
	HeadingPath []string

	// Updated is when a reasoning node (a document section) last changed,
	// as git history says; zero when unknown.
	Updated time.Time

	// Attrs holds rarely used, kind-specific values (asset_kind, status,
	// superseded_by, ...) so that the common fields stay small.
	Attrs map[string]string
}

// AttrGenerated marks a file node whose source says it was generated.
const AttrGenerated = "generated"

// AttrImports holds the imports of a source file node, space-separated,
// each as "alias=path" (the alias empty when there is none; a Rust path
// written with "::", its alias the name a use list binds): what the file's
// names and qualifiers may name besides the repository's own code.
const AttrImports = "imports"

// Generated reports whether a file node's source says it was generated
// (AttrGenerated).
func (n *Node) Generated() bool { return n.Attr(AttrGenerated) != "" }

// AttrFrontMatter holds a Markdown document's front matter (the YAML or
// TOML block it opens with), on its file node: what it says of the
// document, such as its status, is no section's text.
const AttrFrontMatter = "front_matter"

// FrontMatter returns a document file node's front matter (AttrFrontMatter).
func (n *Node) FrontMatter() string { return n.Attr(AttrFrontMatter) }

// Imports returns a file node's imports as AttrImports holds them.
func (n *Node) Imports() string { return n.Attr(AttrImports) }

// Attr returns the attribute key, or "" when unset.
func (n *Node) Attr(key string) string {
	if n.Attrs == nil {
		return ""
	}
	return n.Attrs[key]
}

// SetAttr sets the attribute key to value; an empty value removes it.
func (n *Node) SetAttr(key, value string) {
	if value == "" {
		delete(n.Attrs, key)
		return
	}
	if n.Attrs == nil {
		n.Attrs = make(map[string]string, 2)
	}
	n.Attrs[key] = value
}

// Motivation is one finding that a reasoning node explains a code node: the
// signal that found it, its score in [0,1], and an optional short detail
// (the matched name, the commit, ...).
type Motivation struct {
	Signal Signal
	Score  float64
	Detail string
}

// Edge is a directed edge between two nodes as callers see it: every kind
// that joins From to To, and the motivations when Kinds has EdgeMotivates.
type Edge struct {
	From, To    NodeID
	Kinds       EdgeKind
	Motivations []Motivation
}

// Best returns the strongest motivation: by signal strength, then score.
// ok is false when the edge has none.
func (e Edge) Best() (m Motivation, ok bool) {
	for i, c := range e.Motivations {
		if i == 0 || Stronger(c, m) {
			m, ok = c, true
		}
	}
	return m, ok
}

// Stronger reports whether a is stronger evidence than b: by signal
// strength, then score.
func Stronger(a, b Motivation) bool {
	if sa, sb := a.Signal.Strength(), b.Signal.Strength(); sa != sb {
		return sa > sb
	}
	return a.Score > b.Score
}

// attrUpdated is the attribute under which a snapshot stores Node.Updated
// (RFC 3339), so that the snapshot format stays as it was when Updated was
// an attribute; it is parsed once, when the snapshot is read.
const attrUpdated = "updated"
