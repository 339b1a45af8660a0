package docs

import (
	"fmt"
	"path"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/rationale"
)

// Library is the documents of one graph, each with its sections in line
// order. It is not changed after New returns.
type Library struct {
	store *graph.Store
	docs  map[string][]*graph.Node
	paths []string // sorted
}

// New gathers the documents of s.
func New(s *graph.Store) *Library {
	l := &Library{store: s, docs: map[string][]*graph.Node{}}
	for n := range s.Nodes() {
		if n.Kind == graph.KindDoc {
			l.docs[n.Path] = append(l.docs[n.Path], n)
		}
	}
	for p, secs := range l.docs {
		sort.Slice(secs, func(i, j int) bool { return secs[i].Line < secs[j].Line })
		l.paths = append(l.paths, p)
	}
	sort.Strings(l.paths)
	return l
}

// Paths returns the path of every document, sorted.
func (l *Library) Paths() []string { return l.paths }

// Sections returns the sections of the document at path in line order, and
// whether there is one.
func (l *Library) Sections(path string) ([]*graph.Node, bool) {
	secs, ok := l.docs[path]
	return secs, ok
}

// charsPerToken estimates a text's tokens from its runes, as the MCP
// budgets do.
const charsPerToken = 4

func tokens(runes int) int { return (runes + charsPerToken - 1) / charsPerToken }

// Info describes one document for a list.
type Info struct {
	Path         string `json:"path" toon:"path"`
	Kind         string `json:"kind" toon:"kind"` // adr, rfc, design, spec, readme, changelog, doc
	Title        string `json:"title" toon:"title"`
	Purpose      string `json:"purpose" toon:"purpose"` // the first sentence of its first section with prose
	Sections     int    `json:"sections" toon:"sections"`
	Lines        int    `json:"lines" toon:"lines"`
	Tokens       int    `json:"tokens" toon:"tokens"` // estimated size of its text (4 characters per token)
	SupersededBy string `json:"superseded_by" toon:"superseded_by"`
}

// List is the documents matching a filter, cut at a limit.
type List struct {
	Count int    `json:"count" toon:"count"`
	Total int    `json:"total" toon:"total"` // documents matching, before the limit
	Docs  []Info `json:"docs" toon:"docs"`
	Note  string `json:"note" toon:"note"`
}

// List returns the documents of kind ("" for any) under the path prefix,
// at most limit of them.
func (l *Library) List(kind, prefix string, limit int) List {
	prefix = strings.TrimPrefix(strings.TrimSpace(prefix), "./")
	list := List{Docs: []Info{}}
	for _, p := range l.paths {
		secs := l.docs[p]
		k := secs[0].Attr(rationale.AttrAssetKind)
		if !strings.HasPrefix(p, prefix) || (kind != "" && k != kind) {
			continue
		}
		list.Total++
		if len(list.Docs) < limit {
			list.Docs = append(list.Docs, InfoOf(secs))
		}
	}
	list.Count = len(list.Docs)
	switch {
	case list.Total > list.Count:
		list.Note = fmt.Sprintf("%d more; narrow with kind or path, or raise limit", list.Total-list.Count)
	case list.Total == 0:
		list.Note = "no document matches"
	}
	return list
}

// InfoOf describes the document whose sections are secs (at least one).
func InfoOf(secs []*graph.Node) Info {
	chars := 0
	for _, sec := range secs {
		chars += utf8.RuneCountInString(sec.Name) + utf8.RuneCountInString(sec.Text)
	}
	return Info{Path: secs[0].Path, Kind: secs[0].Attr(rationale.AttrAssetKind), Title: Title(secs), Purpose: Purpose(secs),
		Sections: len(secs), Lines: secs[len(secs)-1].EndLine, Tokens: tokens(chars),
		SupersededBy: secs[0].Attr(rationale.AttrSupersededBy)}
}

// NotFoundError says that no document has a path, and which were perhaps
// meant.
type NotFoundError struct {
	Path string
	Near []string // at most 5
}

func (e *NotFoundError) Error() string {
	if len(e.Near) > 0 {
		return fmt.Sprintf("no document %q; did you mean %s?", e.Path, strings.Join(e.Near, ", "))
	}
	return fmt.Sprintf("no document %q; list_docs lists them", e.Path)
}

// Find returns the sections of the document p names: its repo-relative
// path, or a trailing part of it that only one document has; otherwise a
// *NotFoundError.
func (l *Library) Find(p string) ([]*graph.Node, error) {
	p = strings.TrimPrefix(strings.TrimSpace(p), "./")
	if secs, ok := l.docs[p]; ok {
		return secs, nil
	}
	var tail, near []string
	for _, d := range l.paths {
		switch {
		case strings.HasSuffix(d, "/"+p):
			tail = append(tail, d)
		case path.Base(d) == path.Base(p):
			near = append(near, d)
		}
	}
	if len(tail) == 1 {
		return l.docs[tail[0]], nil
	}
	near = append(tail, near...)
	return nil, &NotFoundError{Path: p, Near: near[:min(len(near), 5)]}
}

// OutlineRow is one section of an outline; depth and parent make the tree.
type OutlineRow struct {
	ID      string `json:"id" toon:"id"` // for read_doc_section
	Heading string `json:"heading" toon:"heading"`
	Depth   int    `json:"depth" toon:"depth"`   // 1 for the title, 2 for its sections, ...
	Parent  string `json:"parent" toon:"parent"` // the enclosing section's id, "" at the top
	Line    int    `json:"line" toon:"line"`
	EndLine int    `json:"end_line" toon:"end_line"`
	Tokens  int    `json:"tokens" toon:"tokens"` // estimated size of its own text, subsections excluded
}

// Outline is a document's headings.
type Outline struct {
	Path     string       `json:"path" toon:"path"`
	Kind     string       `json:"kind" toon:"kind"`
	Title    string       `json:"title" toon:"title"`
	Sections []OutlineRow `json:"sections" toon:"sections"`
}

// OutlineOf returns the outline of the document whose sections are secs.
func OutlineOf(secs []*graph.Node) Outline {
	out := Outline{Path: secs[0].Path, Kind: secs[0].Attr(rationale.AttrAssetKind), Title: Title(secs)}
	par := Parents(secs)
	for i, sec := range secs {
		row := OutlineRow{ID: string(sec.ID), Heading: sec.Name, Depth: Depth(sec), Line: sec.Line, EndLine: sec.EndLine,
			Tokens: tokens(utf8.RuneCountInString(sec.Text))}
		if par[i] >= 0 {
			row.Parent = string(secs[par[i]].ID)
		}
		out.Sections = append(out.Sections, row)
	}
	return out
}

// SectionText is one section's text.
type SectionText struct {
	ID      string `json:"id" toon:"id"`
	Path    string `json:"path" toon:"path"`
	Heading string `json:"heading" toon:"heading"` // the heading path, title first: "ADR 0001 > Decision"
	Depth   int    `json:"depth" toon:"depth"`
	Line    int    `json:"line" toon:"line"`
	EndLine int    `json:"end_line" toon:"end_line"`
	Text    string `json:"text" toon:"text"` // the section's body, its heading line excluded
}

// TextOf returns sec's text.
func TextOf(sec *graph.Node) SectionText {
	return SectionText{ID: string(sec.ID), Path: sec.Path, Heading: strings.Join(sec.HeadingPath, " > "),
		Depth: Depth(sec), Line: sec.Line, EndLine: sec.EndLine, Text: sec.Text}
}

// NoSectionError says that no section has an id.
type NoSectionError struct{ ID string }

func (e *NoSectionError) Error() string {
	return fmt.Sprintf("no section has the id %q; doc_outline lists a document's section ids", e.ID)
}

// Section returns the section id names ("doc:" may be left out) and, with
// subsections set, the sections nested in it; or an *NoSectionError.
func (l *Library) Section(id string, subsections bool) ([]*graph.Node, error) {
	id = strings.TrimSpace(id)
	if !strings.HasPrefix(id, "doc:") {
		id = "doc:" + id
	}
	n, ok := l.store.Node(graph.NodeID(id))
	if !ok || n.Kind != graph.KindDoc {
		return nil, &NoSectionError{ID: strings.TrimPrefix(id, "doc:")}
	}
	out := []*graph.Node{n}
	if !subsections {
		return out, nil
	}
	secs := l.docs[n.Path]
	for i, sec := range secs {
		if sec.ID != n.ID {
			continue
		}
		for _, sub := range secs[i+1:] {
			if Depth(sub) <= Depth(n) {
				break
			}
			out = append(out, sub)
		}
	}
	return out, nil
}
