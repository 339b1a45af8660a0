package docs

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/gortex/gortex/graph"
)

// Section is the text of one section.
type Section struct {
	ID      string `json:"id" toon:"id"`
	Path    string `json:"path" toon:"path"`
	Heading string `json:"heading" toon:"heading"` // the heading path, title first: "ADR 0001 > Decision"
	Depth   int    `json:"depth" toon:"depth"`
	Line    int    `json:"line" toon:"line"`
	EndLine int    `json:"end_line" toon:"end_line"`
	Text    string `json:"text" toon:"text"` // the section's body, its heading line excluded
}

// Sections are sections read together.
type Sections struct {
	Count    int       `json:"count" toon:"count"`
	Sections []Section `json:"sections" toon:"sections"`
	Note     string    `json:"note" toon:"note"`
}

// NoSectionError says that ref names no section (of Doc, when given), or
// several: Candidates are their ids then.
type NoSectionError struct {
	Ref        string
	Doc        string
	Candidates []string
}

func (e *NoSectionError) Error() string {
	switch {
	case len(e.Candidates) > 0:
		return fmt.Sprintf("%q names %d sections of %s: %s; give one's id", e.Ref, len(e.Candidates), e.Doc, strings.Join(e.Candidates, ", "))
	case e.Doc != "":
		return fmt.Sprintf("no section %q in %s", e.Ref, e.Doc)
	}
	return fmt.Sprintf("no section has the id %q", e.Ref)
}

// Sections returns the sections ids name (as an outline, a search or a
// why entry gives them; "doc:" may be left out), each followed by its
// subsections when subsections is set, in the order given, each once.
func (l *Library) Sections(ids []string, subsections bool) (Sections, error) {
	var nodes []*graph.Node
	for _, id := range ids {
		id = strings.TrimSpace(id)
		if !strings.HasPrefix(id, "doc:") {
			id = "doc:" + id
		}
		n, ok := l.w.Store().Node(graph.NodeID(id))
		if !ok || n.Kind != graph.KindDoc {
			return Sections{}, &NoSectionError{Ref: strings.TrimPrefix(id, "doc:")}
		}
		nodes = append(nodes, n)
	}
	return l.read(nodes, subsections), nil
}

// Section returns the section of document doc (see Document) that ref
// names, with its subsections when subsections is set. ref is the
// section's id or its line part ("L27"), its heading ("Decision", any
// case), the end of its heading path ("Context > Forces"), or its
// Markdown anchor ("use-a-ledger"). A ref that several sections match is
// a *NoSectionError listing their ids.
func (l *Library) Section(doc, ref string, subsections bool) (Sections, error) {
	secs, err := l.Document(doc)
	if err != nil {
		return Sections{}, err
	}
	ref = strings.TrimSpace(ref)
	for _, match := range []func(*graph.Node) bool{
		func(n *graph.Node) bool { return string(n.ID) == ref || strings.HasSuffix(string(n.ID), "#"+ref) },
		func(n *graph.Node) bool { return strings.EqualFold(n.Name, ref) },
		func(n *graph.Node) bool { return pathEnds(n.HeadingPath, ref) },
		func(n *graph.Node) bool { return anchor(n.Name) == strings.ToLower(ref) },
	} {
		var found []*graph.Node
		for _, n := range secs {
			if match(n) {
				found = append(found, n)
			}
		}
		switch {
		case len(found) == 1:
			return l.read(found, subsections), nil
		case len(found) > 1:
			e := &NoSectionError{Ref: ref, Doc: secs[0].Path}
			for _, n := range found {
				e.Candidates = append(e.Candidates, string(n.ID))
			}
			return Sections{}, e
		}
	}
	return Sections{}, &NoSectionError{Ref: ref, Doc: secs[0].Path}
}

// pathEnds reports whether the heading path ends with the headings of ref,
// written "A > B".
func pathEnds(headings []string, ref string) bool {
	parts := strings.Split(ref, ">")
	if len(parts) < 2 || len(parts) > len(headings) {
		return false
	}
	tail := headings[len(headings)-len(parts):]
	for i, p := range parts {
		if !strings.EqualFold(strings.TrimSpace(p), tail[i]) {
			return false
		}
	}
	return true
}

// anchor is a heading's Markdown anchor as GitHub makes it: lower case,
// spaces as hyphens, punctuation other than - and _ dropped.
func anchor(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(heading)) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// read returns the texts of nodes, each followed by its subsections when
// subsections is set, each once.
func (l *Library) read(nodes []*graph.Node, subsections bool) Sections {
	list := Sections{Sections: []Section{}}
	seen := map[graph.NodeID]bool{}
	for _, n := range nodes {
		for _, sec := range l.withSubsections(n, subsections) {
			if seen[sec.ID] {
				continue
			}
			seen[sec.ID] = true
			list.Sections = append(list.Sections, Section{ID: string(sec.ID), Path: sec.Path,
				Heading: strings.Join(sec.HeadingPath, " > "), Depth: depth(sec), Line: sec.Line,
				EndLine: sec.EndLine, Text: sec.Text})
		}
	}
	list.Count = len(list.Sections)
	return list
}

// withSubsections returns n and, when subsections is set, the sections
// nested in it.
func (l *Library) withSubsections(n *graph.Node, subsections bool) []*graph.Node {
	out := []*graph.Node{n}
	if !subsections {
		return out
	}
	secs, _ := l.sections(n.Path)
	for i, sec := range secs {
		if sec.ID != n.ID {
			continue
		}
		for _, sub := range secs[i+1:] {
			if depth(sub) <= depth(n) {
				break
			}
			out = append(out, sub)
		}
	}
	return out
}
