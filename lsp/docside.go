package lsp

import (
	"context"
	"fmt"
	"path"
	"strings"
	"sync"

	"go.lsp.dev/protocol"

	"github.com/gortex/gortex/change"
	"github.com/gortex/gortex/docs"
	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/query"
	"github.com/gortex/gortex/workspace"
)

// From documents to code: go-to-definition on a code span that names a
// symbol, hover on a heading listing the code its section covers, and
// workspace symbols over document sections.

// docExts are the markups whose code spans and headings the server reads,
// as the indexer sections them.
var docExts = map[string]bool{".md": true, ".markdown": true, ".rst": true, ".adoc": true, ".asciidoc": true}

// maxLocations bounds the symbols a code span may name: an ambiguous name
// lists its candidates, up to this many.
const maxLocations = 20

// coversShown is how many covered symbols a heading's hover lists.
const coversShown = 10

// libraries keeps one docs.Library per view: its tables are built once.
type libraries struct {
	mu   sync.Mutex
	view *workspace.View
	lib  *docs.Library
}

// of returns the library of v.
func (l *libraries) of(v *workspace.View) *docs.Library {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.view != v {
		l.view, l.lib = v, docs.New(v.Workspace)
	}
	return l.lib
}

// isDoc reports whether rel is a document whose code spans name code.
func isDoc(rel string) bool { return docExts[strings.ToLower(path.Ext(rel))] }

// codeSpanAt returns the text of the code span (`x`, “x“) of line
// around UTF-16 offset char; false outside one.
func codeSpanAt(line string, char int) (string, bool) {
	at := byteOffset(line, char)
	open := -1
	for i := 0; i < len(line); {
		if line[i] != '`' {
			i++
			continue
		}
		n := 1
		for i+n < len(line) && line[i+n] == '`' {
			n++
		}
		fence := line[i : i+n]
		end := strings.Index(line[i+n:], fence)
		if end < 0 {
			return "", false
		}
		open = i + n
		close := open + end
		if at >= i && at < close+n {
			text := strings.TrimSuffix(strings.TrimSpace(line[open:close]), "()")
			return text, text != ""
		}
		i = close + n
	}
	return "", false
}

// definition answers in a document: the symbol a code span names (its
// candidates when several have the name), else nothing.
func (s *Server) definition(ctx context.Context, p *protocol.DefinitionParams) ([]protocol.Location, error) {
	v, err := s.view(ctx)
	if err != nil {
		return nil, err
	}
	out := []protocol.Location{}
	rel, ok := relPath(v.Workspace, p.TextDocument.URI)
	if !ok || !isDoc(rel) {
		return out, nil
	}
	text, ok := s.text(v.Workspace, p.TextDocument.URI, rel)
	if !ok {
		return out, nil
	}
	span, ok := codeSpanAt(lineOf(text, int(p.Position.Line)), int(p.Position.Character))
	if !ok {
		return out, nil
	}
	for _, n := range named(v.Store(), span) {
		out = append(out, location(v.Root, n.Path, n.Line))
	}
	return out, nil
}

// named returns the symbols text names as a why query resolves it: the
// one, or the candidates of an ambiguous name, at most maxLocations.
func named(s *graph.Store, text string) []*graph.Node {
	t := query.ResolveText(s, text)
	cands := t.Candidates
	if t.Node != nil {
		cands = []*graph.Node{t.Node}
	}
	var out []*graph.Node
	for _, c := range cands {
		if c.Path != "" && c.Line > 0 {
			out = append(out, c)
		}
	}
	return out[:min(len(out), maxLocations)]
}

// location is the place of a line of a repository file.
func location(root, rel string, line int) protocol.Location {
	at := protocol.Position{Line: uint32(max(line-1, 0))}
	return protocol.Location{URI: protocol.DocumentURI(docTarget(root, rel)), Range: protocol.Range{Start: at, End: at}}
}

// headingHover lists what the section whose heading is on line (1-based)
// of the document rel covers (gortex covers DOC#L<line>); nil when the
// line is no heading or its section covers nothing.
func (s *Server) headingHover(v *workspace.View, rel string, line int) *protocol.Hover {
	sec, ok := v.Store().Node(graph.SectionID(rel, line))
	if !ok || sec.Kind != graph.KindDoc {
		return nil
	}
	c, err := change.Covers(s.libs.of(v), v.Store(), fmt.Sprintf("%s#L%d", rel, line))
	if err != nil || len(c.Targets) == 0 {
		return nil
	}
	var b strings.Builder
	fmt.Fprintf(&b, "**%s covers**\n\n", mdText(strings.Join(sec.HeadingPath, " › ")))
	for _, t := range c.Targets[:min(len(c.Targets), coversShown)] {
		fmt.Fprintf(&b, "- [`%s`](%s) %s\n", codeText(t.Qualified), docLink(v.Root, t.Path, t.Line), mdText(t.Signal))
	}
	if more := len(c.Targets) - coversShown; more > 0 {
		fmt.Fprintf(&b, "\n%d more: `gortex covers %s#L%d`\n", more, codeText(rel), line)
	}
	at := uint32(line - 1)
	return &protocol.Hover{Contents: protocol.MarkupContent{Kind: protocol.Markdown, Value: b.String()},
		Range: &protocol.Range{Start: protocol.Position{Line: at}, End: protocol.Position{Line: at}}}
}

// symbol answers workspace/symbol for queries that start with '#': the
// document sections whose heading path holds every word of the rest, so
// that "go to symbol" finds an ADR by its title. Other queries are the
// language's own server's.
func (s *Server) symbol(ctx context.Context, p *protocol.WorkspaceSymbolParams) ([]protocol.SymbolInformation, error) {
	out := []protocol.SymbolInformation{}
	rest, ok := strings.CutPrefix(strings.TrimSpace(p.Query), "#")
	if !ok {
		return out, nil
	}
	v, err := s.view(ctx)
	if err != nil {
		return nil, err
	}
	words := strings.Fields(strings.ToLower(rest))
	lib := s.libs.of(v)
	for _, doc := range lib.Paths() {
		secs, err := lib.Document(doc)
		if err != nil {
			continue
		}
		for _, sec := range secs {
			title := strings.Join(sec.HeadingPath, " › ")
			if title == "" || !allWords(strings.ToLower(title), words) {
				continue
			}
			out = append(out, protocol.SymbolInformation{Name: query.TermSafe(title), Kind: protocol.SymbolKindNamespace,
				Location: location(v.Root, sec.Path, sec.Line), ContainerName: query.TermSafe(sec.Path)})
			if len(out) == maxSymbols {
				return out, nil
			}
		}
	}
	return out, nil
}

// maxSymbols bounds a workspace/symbol answer: a picker shows the first.
const maxSymbols = 200

func allWords(s string, words []string) bool {
	for _, w := range words {
		if !strings.Contains(s, w) {
			return false
		}
	}
	return true
}
