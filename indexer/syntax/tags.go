package syntax

// A tags query finds the named code units of one language. Every language's
// query (queries/<lang>.scm, registered in lang.go) uses the same capture
// names, so that one extractor serves them all:
//
//	@definition.KIND  the whole declaration; KIND is a graph.NodeKind:
//	                  function, method, class, interface, type (struct, enum,
//	                  trait, typedef, ...), module, field, const, var. Its
//	                  lines are the symbol's Line..EndLine; the text before its
//	                  "body" field (or else its first line) is the Signature.
//	@scope            a namespace: it qualifies the definitions inside it
//	                  but is no symbol, since every file may reopen it (C++,
//	                  C#, TypeScript namespaces).
//	@scope.impl       a type's members declared apart from the type, named
//	                  by the type: a Rust impl block, a Swift extension. It is
//	                  no symbol; the functions inside are the type's methods.
//	@name             the declared (or, in a call, the called) identifier;
//	                  without it, the definition's "name" field (a pattern
//	                  without child nodes can be far cheaper to compile:
//	                  Swift's took seconds with them). A dotted or
//	                  ::-separated name ("MyApp.User" in Elixir, "ns::C::f" in
//	                  C++) is split: its last part is the name, the rest
//	                  extends the container chain. Quotes, type arguments
//	                  and blanks around it are dropped.
//	@receiver         the container named in the declaration itself: a Go
//	                  method's receiver type, M in Lua "function M.f()".
//	@doc              a doc inside the definition: a Python docstring, a Lua
//	                  doc comment; it wins over a comment above.
//	@group            an enclosing grouped declaration (Go "var ( ... )"): its
//	                  doc comment is used when the definition has none, and its
//	                  first line is the Signature when both start on one line.
//	@reference.call   a call site; @name is the callee, @qualifier what it is
//	                  called through (x in x.Foo()).
//	@package          the file's declared package or namespace.
//	@import           one import; @import.alias and @import.path inside it.
//	@comment          a comment, for the doc comments above definitions.
//	@_anything        a capture used only by a predicate; ignored.
//
// Predicates #eq?, #not-eq?, #any-of? and #match? filter matches.
//
// Containment comes from the tree, not from the query: a definition's
// containers are the definitions and scopes whose nodes enclose it. So
//
//   - a function directly inside a class, interface, type or @scope.impl is
//     a method, and a method with no container at all is a function;
//   - a definition inside a function or method is local and is dropped, as
//     are the definitions inside it;
//   - with @receiver, the containers are the enclosing modules followed by
//     the receiver (a Go interface method's receiver is its interface,
//     which also encloses it);
//   - the enclosing @scope names become the Symbol's Namespace, part of its
//     qualified name only.
//
// The other containers, joined by ".", are the Symbol's Receiver: the
// stable ID of a method is "path::Outer.Inner.method" in every language.
//
// When one node and name are captured by several definition patterns, the
// LATER pattern wins: a general pattern comes first, a more specific one
// after it.

import (
	"fmt"
	"strconv"
	"strings"

	sitter "github.com/smacker/go-tree-sitter"

	"github.com/gortex/gortex/graph"
)

// QualifierExpr is the Call.Qualifier of a method called on a value that is
// not a name or a dotted chain of names: f().Close(), a[i].Run(), T{}.M().
const QualifierExpr = "()"

// tagsQuery is a compiled tags query, its capture names by index and the
// text predicates of each pattern.
type tagsQuery struct {
	q     *sitter.Query
	names []string
	preds [][]predicate // by pattern index
}

func compileTagsQuery(src []byte, lang *sitter.Language) (*tagsQuery, error) {
	q, err := sitter.NewQuery(src, lang)
	if err != nil {
		return nil, fmt.Errorf("compile tags query: %w", err)
	}
	names := make([]string, q.CaptureCount())
	for i := range names {
		names[i] = q.CaptureNameForId(uint32(i))
	}
	tq := &tagsQuery{q: q, names: names, preds: make([][]predicate, q.PatternCount())}
	for i := range tq.preds {
		if tq.preds[i], err = compilePredicates(q, uint32(i)); err != nil {
			return nil, fmt.Errorf("compile tags query: pattern %d: %w", i, err)
		}
	}
	return tq, nil
}

// extract runs the query of l over root and fills pf through b. With
// l.clauses, adjacent definitions of one function are its clauses; with
// l.bodyDoc, a definition's doc is the string opening its body. It returns
// ErrTooComplex, with pf incomplete, when the file is over a budget
// (budget.go).
func (tq *tagsQuery) extract(root *sitter.Node, src []byte, b *tagsBuilder, pf *ParsedFile, l *Language) error {
	if err := checkErrorFanout(nodeOf(root)); err != nil {
		return err
	}
	cur := sitter.NewQueryCursor()
	defer cur.Close()
	limitStartDepth(cur)
	cur.Exec(tq.q, root)
	b.reset(src, pf, l.clauses)
	qb := newQueryBudget()
	for {
		m, ok := cur.NextMatch()
		if !ok {
			break
		}
		if err := qb.spend(); err != nil {
			return err
		}
		if tq.accept(m, src) {
			tm := tq.decode(m)
			if l.bodyDoc && tm.doc == nil && strings.HasPrefix(tm.role, "definition.") {
				tm.doc = bodyDocOf(tm.node)
			}
			b.add(tm)
		}
	}
	return b.finish()
}

// bodyDocOf returns the docstring of a definition node: the string that is
// the whole of the first statement of its body, as the pattern
// body: (block . (expression_statement (string) @doc)) reads it; nil
// for none.
func bodyDocOf(n tnode) tnode {
	body := childByField(n, "body")
	sb, ok := body.(*sitter.Node)
	if !ok || sb.Type() != "block" || sb.NamedChildCount() == 0 {
		return nil
	}
	first := sb.NamedChild(0)
	if first.Type() != "expression_statement" {
		return nil
	}
	var doc tnode
	for i := range int(first.NamedChildCount()) {
		if c := first.NamedChild(i); c.Type() == "string" {
			doc = c
		}
	}
	return doc
}

// tagMatch is one query match by the role of its captures.
type tagMatch struct {
	pattern   uint16
	role      string // the capture naming the match: "definition.method", "reference.call", "import", ...
	node      tnode
	name      tnode
	receiver  tnode
	qualifier tnode
	group     tnode
	doc       tnode
	alias     tnode
	path      tnode
	body      tnode // the definition's "body" field, when the match knows it (a tree walk's)
}

// tnode is a node of a syntax tree as extraction reads it: a query's
// *sitter.Node, or a tree walk's *walkNode.
type tnode interface {
	StartByte() uint32
	EndByte() uint32
	StartPoint() sitter.Point
	EndPoint() sitter.Point
}

// childByField returns the child of a query's node in the named field,
// nil if it has none or n is a tree walk's (whose matches carry the
// fields they need).
func childByField(n tnode, field string) tnode {
	if sn, ok := n.(*sitter.Node); ok {
		if c := sn.ChildByFieldName(field); c != nil {
			return c
		}
	}
	return nil
}

func (tq *tagsQuery) decode(m *sitter.QueryMatch) tagMatch {
	tm := tagMatch{pattern: m.PatternIndex}
	for _, c := range m.Captures {
		switch name := tq.names[c.Index]; name {
		case "name":
			tm.name = c.Node
		case "receiver":
			tm.receiver = c.Node
		case "qualifier":
			tm.qualifier = c.Node
		case "group":
			tm.group = c.Node
		case "doc":
			tm.doc = c.Node
		case "import.alias":
			tm.alias = c.Node
		case "import.path":
			tm.path = c.Node
		default:
			if !strings.HasPrefix(name, "_") {
				tm.role, tm.node = name, c.Node
			}
		}
	}
	return tm
}

// tagDef is one definition or scope found by the query, with the positions
// that finish needs once every comment and container is known.
type tagDef struct {
	pattern    uint16
	sym        Symbol
	scope      bool   // a @scope (Kind "") or @scope.impl (KindType): no symbol
	receiver   string // the @receiver, dotted; "" without one
	prefix     string // the containers in the @name ("MyApp" in "MyApp.User"), dotted
	docString  string // the @doc text
	start, end uint32 // byte range of the definition node
	nameStart  uint32
	group      position // the enclosing group's start, when grouped
	grouped    bool

	// Set by finish. Chains of names are dotted strings, so that the
	// common case, a top-level definition, allocates nothing.
	local   bool   // inside a function or method: dropped
	ns      string // the namespaces around its members
	modules string // the modules around its members, for a @receiver
	members string // the container chain of its members, once computed
	hasMem  bool
}

// position is the start of a node: its byte offset and 0-based row.
type position struct{ offset, row uint32 }

// tagComment is one comment node's extent.
type tagComment struct {
	start, end uint32
	startRow   uint32
}

// tagCall is one call site before its caller is known.
type tagCall struct {
	pos             uint32
	qualifier, name string
}

// tagsBuilder accumulates the matches of one file. A Parser keeps one and
// reuses its memory from file to file (reset): made anew for each file,
// its maps and slices, with the Go walk's matches, were three fifths of
// the 580 MB that extraction allocated on GOROOT/src.
type tagsBuilder struct {
	src      []byte
	pf       *ParsedFile
	defs     map[[2]uint32]int32 // by definition start, name start: an index into list
	list     []tagDef            // the definitions, in the order first found
	calls    []tagCall
	comments map[uint32]tagComment // by 0-based end row
	clauses  bool                  // merge adjacent definitions of one function

	// The working memory of finish.
	sorted, stack []*tagDef
	seen          map[Call]bool
	callers       callerIndex
	out           []Call
}

// maxKeptEntries is the size above which reset drops a map rather than
// clearing it: clearing costs what the map's capacity is, so a map grown
// by one large file would tax every small file after it.
const maxKeptEntries = 4096

// reset readies b for src, to fill pf; with clauses, adjacent definitions
// of one function are its clauses (see Language.clauses). The last file's
// strings are let go.
func (b *tagsBuilder) reset(src []byte, pf *ParsedFile, clauses bool) {
	clear(b.list)
	clear(b.calls)
	clear(b.out)
	clear(b.callers.names)
	*b = tagsBuilder{src: src, pf: pf, clauses: clauses,
		defs: reuseMap(b.defs), list: b.list[:0], calls: b.calls[:0], comments: reuseMap(b.comments),
		sorted: b.sorted[:0], stack: b.stack[:0], seen: reuseMap(b.seen), out: b.out[:0],
		callers: callerIndex{starts: b.callers.starts[:0], ends: b.callers.ends[:0],
			names: b.callers.names[:0], parent: b.callers.parent[:0]}}
}

// reuseMap returns m emptied, or a new map when m is nil or large.
func reuseMap[K comparable, V any](m map[K]V) map[K]V {
	if m == nil || len(m) > maxKeptEntries {
		return map[K]V{}
	}
	clear(m)
	return m
}

func (b *tagsBuilder) add(m tagMatch) {
	switch {
	case m.node == nil:
	case m.role == "package":
		if b.pf.Package == "" {
			b.pf.Package = strings.Join(strings.Fields(b.text(m.node)), "")
		}
	case m.role == "import":
		b.addImport(m)
	case m.role == "comment":
		start := b.skipBlanks(position{m.node.StartByte(), m.node.StartPoint().Row}, m.node.EndByte())
		b.comments[uint32(endLine(m.node)-1)] = tagComment{start.offset, m.node.EndByte(), start.row}
	case m.role == "reference.call":
		b.addCall(m)
	case m.role == "scope":
		b.addDef(m, "", true)
	case m.role == "scope.impl":
		b.addDef(m, graph.KindType, true)
	case strings.HasPrefix(m.role, "definition."):
		b.addDef(m, graph.NodeKind(strings.TrimPrefix(m.role, "definition.")), false)
	}
}

// addCall records a call; error recovery may leave an empty callee.
func (b *tagsBuilder) addCall(m tagMatch) {
	if m.name == nil {
		return
	}
	if name := b.text(m.name); name != "" {
		b.calls = append(b.calls, tagCall{m.node.StartByte(), b.qualifier(m.qualifier), name})
	}
}

func (b *tagsBuilder) addImport(m tagMatch) {
	if m.path == nil {
		return
	}
	raw := b.text(m.path)
	p, err := strconv.Unquote(raw)
	if err != nil {
		p = strings.Trim(raw, "\"`'")
	}
	if p == "" {
		return
	}
	imp := Import{Path: p}
	if m.alias != nil {
		imp.Alias = b.text(m.alias)
	}
	b.pf.Imports = append(b.pf.Imports, imp)
}

// addDef records a definition or scope; when one node and name are captured
// by several patterns, the later pattern wins.
func (b *tagsBuilder) addDef(m tagMatch, kind graph.NodeKind, scope bool) {
	if m.name == nil {
		m.name = childByField(m.node, "name")
	}
	if !scope && !kind.IsSymbol() || m.name == nil {
		return
	}
	prefix, name, ok := splitName(b.text(m.name))
	if !ok || name == "_" {
		return
	}
	key := [2]uint32{m.node.StartByte(), m.name.StartByte()}
	i, found := b.defs[key]
	if found && b.list[i].pattern > m.pattern {
		return
	}
	if !found {
		i = int32(len(b.list))
		b.list = append(b.list, tagDef{})
		b.defs[key] = i
	}
	start := b.startOf(m.node, m.doc)
	d := &b.list[i]
	*d = tagDef{
		pattern: m.pattern, scope: scope, prefix: prefix,
		start: start.offset, end: m.node.EndByte(), nameStart: m.name.StartByte(),
		sym: Symbol{
			Kind: kind, Name: name,
			Line: int(start.row) + 1, EndLine: endLine(m.node),
			Signature: b.signature(start, m.node, m.body, m.group),
		},
	}
	if m.receiver != nil {
		if prefix, name, ok := splitName(b.text(m.receiver)); ok {
			d.receiver = joinDots(prefix, name)
		}
	}
	if m.doc != nil {
		d.docString = b.docText(m.doc)
	}
	if m.group != nil {
		d.group, d.grouped = position{m.group.StartByte(), m.group.StartPoint().Row}, true
	}
}
