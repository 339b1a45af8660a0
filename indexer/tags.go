package indexer

// A tags query finds the named code units of one language. Every language's
// query (queries/<lang>.scm) uses the same capture names, so that one
// extractor serves them all:
//
//	@definition.KIND  the whole declaration; KIND is a graph.NodeKind:
//	                  function, method, class, interface, type (struct, enum,
//	                  trait, typedef, ...), module, field, const, var. Its
//	                  lines are the symbol's Line..EndLine; the text before its
//	                  "body" field (or else its first line) is the Signature.
//	@scope            a node that names the container of the definitions inside
//	                  it without being a symbol itself: a C++, C# or
//	                  TypeScript namespace.
//	@scope.impl       the same for a type's members declared apart from the
//	                  type: a Rust impl block, a Swift extension; @name is
//	                  the type.
//	@name             the declared (or, in a call, the called) identifier;
//	                  without it, a definition's "name" field. (Leaving the
//	                  name out of a pattern can make it much cheaper to
//	                  compile: Swift's took seconds with it.) A
//	                  dotted or ::-separated name ("MyApp.User" in Elixir) is
//	                  split: its last part is the name and the rest extends
//	                  the container chain. Quotes around it are dropped.
//	@receiver         the container named in the declaration itself: a Go
//	                  method's receiver type, Foo in C++ "void Foo::bar()",
//	                  M in Lua "function M.f()".
//	@doc              a docstring inside the definition (Python); it is the
//	                  symbol's Doc, ahead of any comment above it.
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
//   - a function inside a class, interface, type or @scope.impl is a
//     method, and a method with no container at all is a function;
//   - a definition inside a function or method is local and is dropped, as
//     are the definitions inside it;
//   - with @receiver, the containers are the enclosing modules and scopes
//     followed by the receiver (a Go interface method's receiver is its
//     interface, which also encloses it).
//
// The chain of containers, joined by ".", is the Symbol's Receiver: the
// stable ID of a method is "path::Outer.Inner.method" in every language.
//
// When one node and name are captured by several definition patterns, the
// LATER pattern wins: a general pattern comes first, a more specific one
// after it.

import (
	"bytes"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

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

// extract runs the query over root and fills pf. With clauses, adjacent
// definitions of one function are its clauses (see Language.clauses).
func (tq *tagsQuery) extract(root *sitter.Node, src []byte, pf *ParsedFile, clauses bool) {
	cur := sitter.NewQueryCursor()
	defer cur.Close()
	cur.Exec(tq.q, root)
	b := newTagsBuilder(src, pf)
	b.clauses = clauses
	for {
		m, ok := cur.NextMatch()
		if !ok {
			break
		}
		if tq.accept(m, src) {
			b.add(tq.decode(m))
		}
	}
	b.finish()
}

// tagMatch is one query match by the role of its captures.
type tagMatch struct {
	pattern   uint16
	role      string // the capture naming the match: "definition.method", "reference.call", "import", ...
	node      *sitter.Node
	name      *sitter.Node
	receiver  *sitter.Node
	qualifier *sitter.Node
	group     *sitter.Node
	doc       *sitter.Node
	alias     *sitter.Node
	path      *sitter.Node
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
	group      *position // the enclosing group's start, nil if none

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

// tagsBuilder accumulates the matches of one file.
type tagsBuilder struct {
	src      []byte
	pf       *ParsedFile
	defs     map[[2]uint32]*tagDef // by definition start, name start
	calls    []tagCall
	comments map[uint32]tagComment // by 0-based end row
	clauses  bool                  // merge adjacent definitions of one function
}

func newTagsBuilder(src []byte, pf *ParsedFile) *tagsBuilder {
	return &tagsBuilder{src: src, pf: pf, defs: map[[2]uint32]*tagDef{}, comments: map[uint32]tagComment{}}
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
		m.name = m.node.ChildByFieldName("name")
	}
	if !scope && !kind.IsSymbol() || m.name == nil {
		return
	}
	prefix, name, ok := splitName(b.text(m.name))
	if !ok || name == "_" {
		return
	}
	key := [2]uint32{m.node.StartByte(), m.name.StartByte()}
	if old, ok := b.defs[key]; ok && old.pattern > m.pattern {
		return
	}
	start := b.startOf(m.node, m.doc)
	d := &tagDef{
		pattern: m.pattern, scope: scope, prefix: prefix,
		start: start.offset, end: m.node.EndByte(), nameStart: m.name.StartByte(),
		sym: Symbol{
			Kind: kind, Name: name,
			Line: int(start.row) + 1, EndLine: endLine(m.node),
			Signature: b.signature(start, m.node, m.group),
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
		d.group = &position{m.group.StartByte(), m.group.StartPoint().Row}
	}
	b.defs[key] = d
}

// startOf is where the definition n starts: its first byte that is neither
// blank nor in its doc node (the Lua grammar starts nodes with the blank
// lines before them, and holds a function's doc comment inside it).
func (b *tagsBuilder) startOf(n, doc *sitter.Node) position {
	at := position{n.StartByte(), n.StartPoint().Row}
	if doc != nil && doc.StartByte() == at.offset {
		at = position{doc.EndByte(), doc.EndPoint().Row}
	}
	return b.skipBlanks(at, n.EndByte())
}

// skipBlanks moves at past blanks, up to end.
func (b *tagsBuilder) skipBlanks(at position, end uint32) position {
	for at.offset < end && int(at.offset) < len(b.src) {
		switch b.src[at.offset] {
		case '\n':
			at.row++
		case ' ', '\t', '\r', '\f':
		default:
			return at
		}
		at.offset++
	}
	return at
}

// docText is the text of a @doc node: a docstring literal (Python) or a
// doc comment held inside the definition (Lua).
func (b *tagsBuilder) docText(doc *sitter.Node) string {
	text := strings.TrimSpace(b.text(doc))
	if isBlockComment([]byte(text)) || strings.HasPrefix(text, "--") || strings.HasPrefix(text, "#") || strings.HasPrefix(text, "//") {
		var lines []string
		for line := range strings.SplitSeq(text, "\n") {
			lines = append(lines, commentLines(strings.TrimSpace(line))...)
		}
		return strings.Trim(strings.Join(lines, "\n"), "\n")
	}
	return docString(text)
}

// endLine is the 1-based last line of n; a node that ends with its line's
// newline (a C macro) ends on that line, not the next.
func endLine(n *sitter.Node) int {
	end := n.EndPoint()
	if end.Column == 0 && end.Row > n.StartPoint().Row {
		return int(end.Row)
	}
	return int(end.Row) + 1
}

// splitName splits a declared name at ".", "::" and ":" (Lua), after
// dropping quotes, blanks and type arguments: "MyApp.User" gives the prefix
// "MyApp" and the name "User". ok is false when a part is empty or the
// text is no name (see notInNames).
func splitName(s string) (prefix, name string, ok bool) {
	s = stripTypeArgs(strings.Trim(strings.TrimSpace(s), "\"'`"))
	if s == "" || strings.ContainsAny(s, notInNames) {
		return "", "", false
	}
	if strings.IndexByte(s, ':') >= 0 {
		s = colonSeparators.Replace(s)
	}
	if s[0] == '.' || s[len(s)-1] == '.' || strings.Contains(s, "..") {
		return "", "", false
	}
	if i := strings.LastIndexByte(s, '.'); i >= 0 {
		return s[:i], s[i+1:], true
	}
	return "", s, true
}

var colonSeparators = strings.NewReplacer("::", ".", ":", ".")

// joinDots joins two dotted chains of names, either of which may be empty.
func joinDots(a, b string) string {
	switch {
	case a == "":
		return b
	case b == "":
		return a
	}
	return a + "." + b
}

// notInNames are characters that make a captured name no identifier: a
// computed JavaScript name [Symbol.iterator], an operator method, text that
// error recovery captured.
const notInNames = " \t\r\n()[]{},;\"'`"

// stripTypeArgs drops the template or generic arguments in a name:
// "LRU<K, V>::get" gives "LRU::get".
func stripTypeArgs(s string) string {
	if !strings.ContainsRune(s, '<') {
		return s
	}
	var sb strings.Builder
	depth := 0
	for _, r := range s {
		switch {
		case r == '<':
			depth++
		case r == '>' && depth > 0:
			depth--
		case depth == 0:
			sb.WriteRune(r)
		}
	}
	return sb.String()
}

// finish sorts the definitions into source order, derives their containers,
// attaches their doc comments and resolves each call's caller.
func (b *tagsBuilder) finish() {
	defs := make([]*tagDef, 0, len(b.defs))
	for _, d := range b.defs {
		defs = append(defs, d)
	}
	sort.Slice(defs, func(i, j int) bool {
		if defs[i].start != defs[j].start {
			return defs[i].start < defs[j].start
		}
		if defs[i].end != defs[j].end {
			return defs[i].end > defs[j].end // the outer of two nodes first
		}
		return defs[i].nameStart < defs[j].nameStart
	})
	kept := defs[:0]
	var stack []*tagDef
	for _, d := range defs {
		for len(stack) > 0 && (stack[len(stack)-1].end <= d.start || stack[len(stack)-1].sameNode(d)) {
			stack = stack[:len(stack)-1]
		}
		var parent *tagDef
		if len(stack) > 0 {
			parent = stack[len(stack)-1]
		}
		stack = append(stack, d)
		if d.contain(parent); d.local || d.scope {
			continue
		}
		if d.sym.Doc = d.docString; d.sym.Doc == "" {
			d.sym.Doc = b.doc(d)
		}
		if n := len(kept); n > 0 && b.clauses && kept[n-1].sameFunction(d) {
			kept[n-1].end, kept[n-1].sym.EndLine = d.end, d.sym.EndLine
			b.pf.Symbols[len(b.pf.Symbols)-1].EndLine = d.sym.EndLine
			continue
		}
		b.pf.Symbols = append(b.pf.Symbols, d.sym)
		kept = append(kept, d)
	}
	b.resolveCalls(newCallerIndex(kept))
}

// contain places d inside parent, its nearest enclosing definition or scope
// (nil at top level), by the rules in the comment at the top of this file.
func (d *tagDef) contain(parent *tagDef) {
	if parent != nil && (parent.local || parent.isCallable()) {
		d.local = true
		return
	}
	var chain string
	if parent != nil {
		d.ns, d.modules, chain = parent.ns, parent.modules, parent.memberChain()
	}
	if d.receiver != "" {
		chain = joinDots(d.modules, d.receiver)
	}
	if d.isNamespace() {
		d.ns = joinDots(d.ns, joinDots(d.prefix, d.sym.Name))
		d.members, d.hasMem = chain, true
		return
	}
	chain = joinDots(chain, d.prefix)
	d.sym.Namespace, d.sym.Receiver = d.ns, chain
	if d.sym.Kind == graph.KindModule {
		d.modules = d.memberChain()
	}
	switch {
	case d.sym.Kind == graph.KindFunction && d.receiver == "" && parent != nil && parent.isTypeLike():
		d.sym.Kind = graph.KindMethod
	case d.sym.Kind == graph.KindMethod && chain == "":
		d.sym.Kind = graph.KindFunction
	}
}

// memberChain is the container chain of d's members: its own containers and
// name, or for a namespace the chain around it.
func (d *tagDef) memberChain() string {
	if !d.hasMem {
		d.members, d.hasMem = joinDots(d.sym.Receiver, d.sym.Name), true
	}
	return d.members
}

// isNamespace reports whether d is a @scope: a namespace, which qualifies
// names but is not part of stable IDs.
func (d *tagDef) isNamespace() bool { return d.scope && d.sym.Kind == "" }

// sameFunction reports whether d and o are clauses of one function: two
// functions or methods of one name in one container.
func (d *tagDef) sameFunction(o *tagDef) bool {
	return d.isCallable() && o.sym.Kind == d.sym.Kind && o.sym.Name == d.sym.Name &&
		o.sym.Receiver == d.sym.Receiver && o.sym.Namespace == d.sym.Namespace
}

// sameNode reports whether d and o were captured on one node: names declared
// together ("var a, b int") are siblings, neither contains the other.
func (d *tagDef) sameNode(o *tagDef) bool { return d.start == o.start && d.end == o.end }

func (d *tagDef) isCallable() bool {
	return !d.scope && (d.sym.Kind == graph.KindFunction || d.sym.Kind == graph.KindMethod)
}

// isTypeLike reports whether a function directly inside d is a method.
func (d *tagDef) isTypeLike() bool {
	switch {
	case d.scope:
		return d.sym.Kind == graph.KindType
	case d.sym.Kind == graph.KindClass, d.sym.Kind == graph.KindInterface, d.sym.Kind == graph.KindType:
		return true
	}
	return false
}

// resolveCalls gives each call its caller and drops calls outside any
// function or method, and repeats of one call by one caller.
func (b *tagsBuilder) resolveCalls(callers *callerIndex) {
	sort.SliceStable(b.calls, func(i, j int) bool { return b.calls[i].pos < b.calls[j].pos })
	seen := map[Call]bool{}
	for _, c := range b.calls {
		call := Call{Caller: callers.at(c.pos), Qualifier: c.qualifier, Name: c.name}
		if call.Caller == "" || seen[call] {
			continue
		}
		seen[call] = true
		b.pf.Calls = append(b.pf.Calls, call)
	}
}

// callerIndex finds the innermost function or method around a byte offset.
// Definition ranges are disjoint or nested, so each range's parent is the
// nearest earlier range that encloses it.
type callerIndex struct {
	starts, ends []uint32
	names        []string
	parent       []int
}

func newCallerIndex(sorted []*tagDef) *callerIndex {
	ci := &callerIndex{}
	var stack []int
	for _, d := range sorted {
		if d.sym.Kind != graph.KindFunction && d.sym.Kind != graph.KindMethod {
			continue
		}
		for len(stack) > 0 && ci.ends[stack[len(stack)-1]] <= d.start {
			stack = stack[:len(stack)-1]
		}
		parent := -1
		if len(stack) > 0 {
			parent = stack[len(stack)-1]
		}
		ci.starts, ci.ends = append(ci.starts, d.start), append(ci.ends, d.end)
		ci.names, ci.parent = append(ci.names, d.sym.DottedName()), append(ci.parent, parent)
		stack = append(stack, len(ci.starts)-1)
	}
	return ci
}

// at returns the dotted name of the innermost caller around pos, "" if none.
func (ci *callerIndex) at(pos uint32) string {
	i := sort.Search(len(ci.starts), func(i int) bool { return ci.starts[i] > pos }) - 1
	for i >= 0 && ci.ends[i] <= pos {
		i = ci.parent[i]
	}
	if i < 0 {
		return ""
	}
	return ci.names[i]
}

// text returns the source of n, with invalid UTF-8 replaced.
func (b *tagsBuilder) text(n *sitter.Node) string {
	return b.slice(n.StartByte(), n.EndByte())
}

func (b *tagsBuilder) slice(start, end uint32) string {
	if end > uint32(len(b.src)) || start > end {
		return ""
	}
	s := string(b.src[start:end])
	if !utf8.ValidString(s) {
		s = strings.ToValidUTF8(s, "\uFFFD")
	}
	return s
}

// qualifier is what a call is made through: "" for a direct call, the name
// or dotted chain of names in x.F() and a.b.F(), QualifierExpr otherwise.
func (b *tagsBuilder) qualifier(n *sitter.Node) string {
	if n == nil {
		return ""
	}
	q := strings.Join(strings.Fields(b.text(n)), "")
	for part := range strings.SplitSeq(q, ".") {
		if !isIdentifier(part) {
			return QualifierExpr
		}
	}
	return q
}

func isIdentifier(s string) bool {
	for i, r := range s {
		if !(r == '_' || unicode.IsLetter(r) || i > 0 && unicode.IsDigit(r)) {
			return false
		}
	}
	return s != ""
}

// signature is the text of def before its body, on one line, or else its
// first line; the group's first line when def starts on the group's line
// ("var a, b = 1, 2" rather than "a, b = 1, 2").
func (b *tagsBuilder) signature(at position, def, group *sitter.Node) string {
	if body := def.ChildByFieldName("body"); body != nil && body.StartByte() > at.offset {
		return collapseSpace(b.slice(at.offset, body.StartByte()))
	}
	start, end := at.offset, def.EndByte()
	if group != nil && group.StartPoint().Row == at.row {
		start, end = group.StartByte(), group.EndByte()
	}
	if end > uint32(len(b.src)) || start > end {
		return ""
	}
	if i := bytes.IndexByte(b.src[start:end], '\n'); i >= 0 {
		end = start + uint32(i)
	}
	return strings.TrimSpace(b.slice(start, end))
}

// collapseSpace puts a multi-line signature on one line.
func collapseSpace(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	return strings.NewReplacer("( ", "(", ", )", ")", " )", ")", "[ ", "[", ", ]", "]", " ]", "]").Replace(s)
}
