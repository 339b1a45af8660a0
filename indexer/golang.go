package indexer

import (
	"bytes"
	"context"
	_ "embed"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	sitter "github.com/smacker/go-tree-sitter"
	"github.com/smacker/go-tree-sitter/golang"

	"github.com/gortex/gortex/graph"
)

// ErrSyntax is returned for a file whose tree has syntax errors and from
// which nothing (package, import or symbol) could be recovered.
var ErrSyntax = errors.New("syntax error, nothing recovered")

//go:embed golang.scm
var goQuerySource []byte

// goQuery compiles golang.scm once per process: a compiled query is
// immutable and tree-sitter allows sharing it between threads; only the
// parsers and query cursors are per worker.
var goQuery = sync.OnceValues(func() (*tagsQuery, error) {
	return compileTagsQuery(goQuerySource, golang.GetLanguage())
})

// GoParser extracts the package, imports, symbols and calls of Go source
// files. It is not safe for concurrent use: give each worker its own. The
// caller must Close it.
type GoParser struct {
	parser *sitter.Parser
	query  *tagsQuery
	err    error // the query's compile error, returned by every Parse
}

// NewGoParser returns a parser for Go files. The caller must Close it.
func NewGoParser() *GoParser {
	q, err := goQuery()
	return &GoParser{parser: newGoSitterParser(), query: q, err: err}
}

func newGoSitterParser() *sitter.Parser {
	p := sitter.NewParser()
	p.SetLanguage(golang.GetLanguage())
	return p
}

// Close frees the parser's C memory. The shared query stays alive.
func (p *GoParser) Close() {
	if p.parser != nil {
		p.parser.Close()
		p.parser = nil
	}
}

// Parse extracts what it can from src, the content of the repo-relative
// path. A file with syntax errors yields whatever tree-sitter recovered; it
// is an error (ErrSyntax) only when nothing was. An empty src gives an empty
// ParsedFile. Parse stops with ctx's error when ctx is cancelled.
func (p *GoParser) Parse(ctx context.Context, path string, src []byte) (*ParsedFile, error) {
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("parse %s: %w", path, err)
	}
	if p.err != nil {
		return nil, fmt.Errorf("parse %s: %w", path, p.err)
	}
	pf := &ParsedFile{Path: path, Lang: "go"}
	if len(src) == 0 {
		return pf, nil
	}
	tree, err := p.parse(ctx, src)
	if err != nil {
		return nil, fmt.Errorf("parse %s: %w", path, err)
	}
	defer tree.Close()
	root := tree.RootNode()
	p.query.extract(root, src, pf)
	if root.HasError() && pf.Package == "" && len(pf.Imports) == 0 && len(pf.Symbols) == 0 {
		return nil, fmt.Errorf("parse %s: %w", path, ErrSyntax)
	}
	return pf, nil
}

// parse runs tree-sitter. go-tree-sitter's ParseCtx may leave its
// cancellation flag set when ctx is cancelled just as a parse ends; every
// later parse then fails with ErrOperationLimit (we set no limit). A fresh
// parser and one retry recover from that.
func (p *GoParser) parse(ctx context.Context, src []byte) (*sitter.Tree, error) {
	if p.parser == nil {
		return nil, errors.New("parser is closed")
	}
	tree, err := p.parser.ParseCtx(ctx, nil, src)
	if errors.Is(err, sitter.ErrOperationLimit) && ctx.Err() == nil {
		p.parser.Close()
		p.parser = newGoSitterParser()
		tree, err = p.parser.ParseCtx(ctx, nil, src)
	}
	if err != nil {
		return nil, err
	}
	return tree, nil
}

// The rest of this file is not Go-specific: it runs a tags query written
// with the capture names documented in golang.scm and builds a ParsedFile.
// It is meant to move to its own file when a second language arrives.

// QualifierExpr is the Call.Qualifier of a method called on a value that is
// not a name or a dotted chain of names: f().Close(), a[i].Run(), T{}.M().
const QualifierExpr = "()"

// tagsQuery is a compiled tags query and its capture names by index.
type tagsQuery struct {
	q     *sitter.Query
	names []string
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
	return &tagsQuery{q: q, names: names}, nil
}

// extract runs the query over root and fills pf.
func (tq *tagsQuery) extract(root *sitter.Node, src []byte, pf *ParsedFile) {
	cur := sitter.NewQueryCursor()
	defer cur.Close()
	cur.Exec(tq.q, root)
	b := newTagsBuilder(src, pf)
	for {
		m, ok := cur.NextMatch()
		if !ok {
			break
		}
		b.add(tq.decode(m))
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
		case "import.alias":
			tm.alias = c.Node
		case "import.path":
			tm.path = c.Node
		default:
			tm.role, tm.node = name, c.Node
		}
	}
	return tm
}

// tagDef is one definition found by the query, with the positions that
// finish needs once every comment is known.
type tagDef struct {
	pattern    uint16
	sym        Symbol
	start, end uint32 // byte range of the definition node
	nameStart  uint32
	group      *position // the enclosing group's start, nil if none
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
}

func newTagsBuilder(src []byte, pf *ParsedFile) *tagsBuilder {
	return &tagsBuilder{src: src, pf: pf, defs: map[[2]uint32]*tagDef{}, comments: map[uint32]tagComment{}}
}

func (b *tagsBuilder) add(m tagMatch) {
	switch {
	case m.node == nil:
	case m.role == "package":
		if b.pf.Package == "" {
			b.pf.Package = b.text(m.node)
		}
	case m.role == "import":
		b.addImport(m)
	case m.role == "comment":
		b.comments[m.node.EndPoint().Row] = tagComment{m.node.StartByte(), m.node.EndByte(), m.node.StartPoint().Row}
	case m.role == "reference.call":
		b.addCall(m)
	case strings.HasPrefix(m.role, "definition."):
		b.addDef(m, graph.NodeKind(strings.TrimPrefix(m.role, "definition.")))
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
		p = strings.Trim(raw, "\"`")
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

// addDef records a definition; when one node and name are captured by
// several patterns, the later pattern wins.
func (b *tagsBuilder) addDef(m tagMatch, kind graph.NodeKind) {
	if !kind.IsSymbol() || m.name == nil {
		return
	}
	name := b.text(m.name)
	if name == "" || name == "_" {
		return
	}
	key := [2]uint32{m.node.StartByte(), m.name.StartByte()}
	if old, ok := b.defs[key]; ok && old.pattern > m.pattern {
		return
	}
	d := &tagDef{
		pattern: m.pattern,
		start:   m.node.StartByte(), end: m.node.EndByte(), nameStart: m.name.StartByte(),
		sym: Symbol{
			Kind: kind, Name: name,
			Line: int(m.node.StartPoint().Row) + 1, EndLine: int(m.node.EndPoint().Row) + 1,
			Signature: b.signature(m.node, m.group),
		},
	}
	if m.receiver != nil {
		d.sym.Receiver = b.text(m.receiver)
	}
	if m.group != nil {
		d.group = &position{m.group.StartByte(), m.group.StartPoint().Row}
	}
	b.defs[key] = d
}

// finish sorts the definitions into source order, attaches their doc
// comments and resolves each call's caller.
func (b *tagsBuilder) finish() {
	defs := make([]*tagDef, 0, len(b.defs))
	for _, d := range b.defs {
		defs = append(defs, d)
	}
	sort.Slice(defs, func(i, j int) bool {
		if defs[i].start != defs[j].start {
			return defs[i].start < defs[j].start
		}
		return defs[i].nameStart < defs[j].nameStart
	})
	for _, d := range defs {
		d.sym.Doc = b.doc(d)
		b.pf.Symbols = append(b.pf.Symbols, d.sym)
	}
	b.resolveCalls(newCallerIndex(defs))
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
func (b *tagsBuilder) signature(def, group *sitter.Node) string {
	if body := def.ChildByFieldName("body"); body != nil {
		return collapseSpace(b.slice(def.StartByte(), body.StartByte()))
	}
	n := def
	if group != nil && group.StartPoint().Row == def.StartPoint().Row {
		n = group
	}
	start, end := n.StartByte(), n.EndByte()
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

// doc is the comment above d, else above its group.
func (b *tagsBuilder) doc(d *tagDef) string {
	if s := b.docAbove(position{d.start, uint32(d.sym.Line - 1)}); s != "" || d.group == nil {
		return s
	}
	return b.docAbove(*d.group)
}

// docAbove joins the comments that end on the lines right above at, each on
// its own line: contiguous line comments or one block comment. A node that
// does not start its line has no doc comment.
func (b *tagsBuilder) docAbove(at position) string {
	if !b.startsLine(at.offset) {
		return ""
	}
	var found []tagComment // nearest first
	for row := at.row; row > 0; {
		c, ok := b.comments[row-1]
		if !ok || !b.startsLine(c.start) {
			break
		}
		block := bytes.HasPrefix(b.src[c.start:c.end], []byte("/*"))
		if block && len(found) > 0 {
			break
		}
		found = append(found, c)
		if block {
			break
		}
		row = c.startRow
	}
	var lines []string
	for i := len(found) - 1; i >= 0; i-- {
		lines = append(lines, commentLines(b.slice(found[i].start, found[i].end))...)
	}
	return strings.Trim(strings.Join(lines, "\n"), "\n")
}

// startsLine reports whether only blanks precede offset on its line.
func (b *tagsBuilder) startsLine(offset uint32) bool {
	for i := int(offset) - 1; i >= 0 && i < len(b.src); i-- {
		switch b.src[i] {
		case '\n':
			return true
		case ' ', '\t', '\r', '\f':
		default:
			return false
		}
	}
	return true
}

// commentLines strips the markers of one comment: "// x" gives "x", a
// directive such as //go:generate gives nothing, and a block comment gives
// its lines without a leading "*" column.
func commentLines(c string) []string {
	if line, ok := strings.CutPrefix(c, "//"); ok {
		if isDirective(line) {
			return nil
		}
		return []string{strings.TrimRight(strings.TrimPrefix(line, " "), " \t\r")}
	}
	c = strings.TrimSuffix(strings.TrimPrefix(c, "/*"), "*/")
	lines := strings.Split(c, "\n")
	starred := len(lines) > 1
	for _, l := range lines[1:] {
		if t := strings.TrimSpace(l); t != "" && !strings.HasPrefix(t, "*") {
			starred = false
		}
	}
	for i, l := range lines {
		l = strings.TrimRight(l, " \t\r")
		if starred && i > 0 {
			l = strings.TrimPrefix(strings.TrimPrefix(strings.TrimSpace(l), "*"), " ")
		}
		lines[i] = l
	}
	lines[0] = strings.TrimSpace(lines[0])
	dedent(lines[1:])
	return lines
}

// dedent removes the blank prefix common to the non-empty lines.
func dedent(lines []string) {
	prefix, first := "", true
	for _, l := range lines {
		if l == "" {
			continue
		}
		indent := l[:len(l)-len(strings.TrimLeft(l, " \t"))]
		if first {
			prefix, first = indent, false
		}
		for !strings.HasPrefix(indent, prefix) {
			prefix = prefix[:len(prefix)-1]
		}
	}
	for i := range lines {
		lines[i] = strings.TrimPrefix(lines[i], prefix)
	}
}

// isDirective reports whether a line comment (without its "//") is a tool
// directive rather than prose, by go/ast's rule: "line ", "extern ",
// "export ", or [a-z0-9]+:[a-z0-9].
func isDirective(c string) bool {
	if strings.HasPrefix(c, "line ") || strings.HasPrefix(c, "extern ") || strings.HasPrefix(c, "export ") {
		return true
	}
	colon := strings.IndexByte(c, ':')
	if colon <= 0 || colon+1 >= len(c) {
		return false
	}
	for i := 0; i <= colon+1; i++ {
		if ch := c[i]; i != colon && !('a' <= ch && ch <= 'z' || '0' <= ch && ch <= '9') {
			return false
		}
	}
	return true
}
