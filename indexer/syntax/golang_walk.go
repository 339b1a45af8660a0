package syntax

import (
	"slices"
	"sync"

	sitter "github.com/smacker/go-tree-sitter"
)

// Go's symbols are found by a walk of the tree instead of its tags query:
// on GOROOT/src the query cost about as much CPU as the parse (go-tree-sitter
// makes a Go node per capture and crosses into C per match), while one C
// walk that keeps only the nodes extraction reads costs a small part of it.
// The walk gives the builder the matches that queries/go.scm gives, in the
// order the query cursor returns them, so that both give one ParsedFile
// (TestGoWalkMatchesQuery, FuzzGoWalk); the query stays the reference.

// goSyms are the node types of the Go grammar that the walk reads.
type goSym uint8

const (
	gNone goSym = iota
	gSourceFile
	gPackageClause
	gPackageIdentifier
	gImportSpec
	gFunctionDeclaration
	gMethodDeclaration
	gIdentifier
	gFieldIdentifier
	gTypeIdentifier
	gParameterList
	gParameterDeclaration
	gPointerType
	gGenericType
	gParenthesizedType
	gQualifiedType
	gTypeDeclaration
	gTypeSpec
	gTypeAlias
	gInterfaceType
	gStructType
	gFieldDeclarationList
	gFieldDeclaration
	gMethodElem
	gConstDeclaration
	gConstSpec
	gVarDeclaration
	gVarSpec
	gVarSpecList
	gCallExpression
	gSelectorExpression
	gTypeConversionExpression
	gComment
)

var goSymNames = map[string]goSym{
	"source_file": gSourceFile, "package_clause": gPackageClause, "package_identifier": gPackageIdentifier,
	"import_spec": gImportSpec, "function_declaration": gFunctionDeclaration, "method_declaration": gMethodDeclaration,
	"identifier": gIdentifier, "field_identifier": gFieldIdentifier, "type_identifier": gTypeIdentifier,
	"parameter_list": gParameterList, "parameter_declaration": gParameterDeclaration, "pointer_type": gPointerType,
	"generic_type": gGenericType, "parenthesized_type": gParenthesizedType, "qualified_type": gQualifiedType,
	"type_declaration": gTypeDeclaration, "type_spec": gTypeSpec, "type_alias": gTypeAlias,
	"interface_type": gInterfaceType, "struct_type": gStructType, "field_declaration_list": gFieldDeclarationList,
	"field_declaration": gFieldDeclaration, "method_elem": gMethodElem, "const_declaration": gConstDeclaration,
	"const_spec": gConstSpec, "var_declaration": gVarDeclaration, "var_spec": gVarSpec, "var_spec_list": gVarSpecList,
	"call_expression": gCallExpression, "selector_expression": gSelectorExpression,
	"type_conversion_expression": gTypeConversionExpression, "comment": gComment,
}

// The fields the walk reads.
type goField uint8

const (
	fNone goField = iota
	fName
	fReceiver
	fBody
	fType
	fFunction
	fOperand
	fField
	fPackage
	fPath
)

var goFieldNames = map[string]goField{
	"name": fName, "receiver": fReceiver, "body": fBody, "type": fType, "function": fFunction,
	"operand": fOperand, "field": fField, "package": fPackage, "path": fPath,
}

// The patterns of queries/go.scm, in its order: where one node and name
// are captured twice the later pattern wins (tagsBuilder.addDef), and
// matches ending on one node come in pattern order.
const (
	pPackage uint16 = iota
	pImport
	pFunction
	pMethod
	pType
	pInterface
	pTypeAlias
	pField
	pEmbedded
	pInterfaceMethod
	pConst
	pVar
	pVarList
	pCall
	pCallSelector
	pConversion
	pConversionQualified
	pComment
)

// goWalker is the Go grammar's walk: its symbol and field tables.
type goWalker struct {
	spec   walkSpec
	syms   []goSym   // by grammar symbol
	fields []goField // by grammar field id
}

var goWalkerOnce = sync.OnceValue(func() *goWalker {
	lang := langByName["go"].grammar()
	w := &goWalker{}
	n := int(lang.SymbolCount())
	w.syms = make([]goSym, n)
	w.spec.trig, w.spec.top, w.spec.mask = make([]uint8, n), make([]uint8, n), make([]uint64, n)
	for i := range n {
		w.spec.trig[i], w.spec.top[i] = 0xff, 0xff
		if lang.SymbolType(sitter.Symbol(i)) == sitter.SymbolTypeRegular {
			w.syms[i] = goSymNames[lang.SymbolName(sitter.Symbol(i))]
		}
		// How deep below each node its patterns reach.
		switch w.syms[i] {
		case gComment:
			w.spec.trig[i] = 0
		case gPackageClause, gImportSpec:
			w.spec.trig[i] = 1
		case gCallExpression:
			w.spec.trig[i] = 2 // function: (selector_expression operand: field:)
		case gTypeConversionExpression:
			w.spec.trig[i] = 3 // type: (generic_type type: (qualified_type name:))
		case gFunctionDeclaration:
			w.spec.top[i] = 1
		case gMethodDeclaration:
			w.spec.top[i] = 5 // receiver: (parameter_list (parameter_declaration type: (parenthesized_type (pointer_type (type_identifier)))))
		case gTypeDeclaration:
			w.spec.top[i] = 8 // (type_spec type: (struct_type (field_declaration_list (field_declaration type: (pointer_type (generic_type type: (type_identifier)))))))
		case gConstDeclaration:
			w.spec.top[i] = 2
		case gVarDeclaration:
			w.spec.top[i] = 3
		}
	}
	w.fields = []goField{fNone}
	ids := map[goField]uint{}
	for id := 1; ; id++ {
		name := lang.FieldName(id)
		if name == "" {
			break
		}
		w.fields = append(w.fields, goFieldNames[name])
		ids[goFieldNames[name]] = uint(id)
	}
	w.spec.body = uint16(ids[fBody])
	// In a tree without syntax errors, below the source file's children a
	// Go match starts at a call or a conversion, both with their "(", at a
	// comment, with its "/", or at an import spec (a zone of its own). A
	// tree with errors may hold imports and package clauses anywhere, and
	// MISSING tokens: it is walked whole. A node that holds no "(" but
	// its first byte (an argument list, a parenthesized expression) holds
	// no call either: a call's "(" follows what it calls.
	w.spec.skip, w.spec.opening = "(/\x00", "(\x00"
	// A call's arguments and a method's parameters and result are not
	// read: their zones go through the fields that are.
	for i := range n {
		var fs []goField
		switch w.syms[i] {
		case gCallExpression:
			fs = []goField{fFunction}
		case gTypeConversionExpression:
			fs = []goField{fType}
		case gMethodDeclaration:
			fs = []goField{fName, fReceiver, fBody}
		}
		for _, f := range fs {
			if id := ids[f]; id > 0 && id < 64 {
				w.spec.mask[i] |= 1 << id
			}
		}
	}
	return w
})

// goWalk is one file's walk: the kept nodes and the matches found in them.
// A Parser keeps one and reuses its matches' memory from file to file.
type goWalk struct {
	w       *goWalker
	nodes   []walkNode
	matches []walkMatch
	buf     walkBuf
}

// walkMatch is a match by the indexes of its nodes (-1 for none), with
// where the query cursor would return it: at the node its last step
// matches, outer matches and earlier patterns first.
type walkMatch struct {
	end                                                       int32 // preorder index of the node that completes the match
	depth                                                     uint16
	pattern                                                   uint16
	role                                                      string
	node, name, receiver, qualifier, group, alias, path, body int32
}

// noMatch is a walkMatch with no nodes, to fill in.
var noMatch = walkMatch{node: -1, name: -1, receiver: -1, qualifier: -1, group: -1, alias: -1, path: -1, body: -1}

// tagMatch is m as the builder takes it.
func (g *goWalk) tagMatch(m *walkMatch) tagMatch {
	return tagMatch{pattern: m.pattern, role: m.role, node: g.node(m.node), name: g.node(m.name),
		receiver: g.node(m.receiver), qualifier: g.node(m.qualifier), group: g.node(m.group),
		alias: g.node(m.alias), path: g.node(m.path), body: g.node(m.body)}
}

// sym is the type of node i; an ERROR node's symbol (65535) is none.
func (g *goWalk) sym(i int32) goSym {
	if s := int(g.nodes[i].sym); s < len(g.w.syms) {
		return g.w.syms[s]
	}
	return gNone
}

func (g *goWalk) field(i int32) goField {
	if f := int(g.nodes[i].field); f < len(g.w.fields) {
		return g.w.fields[f]
	}
	return fNone
}

// child returns the first child of i in field f of type s (gNone: any
// named node), -1 if none.
func (g *goWalk) child(i int32, f goField, s goSym) int32 {
	for c := g.nodes[i].first; c >= 0; c = g.nodes[c].next {
		if g.field(c) == f && (s == gNone && g.nodes[c].named != 0 || s != gNone && g.sym(c) == s) {
			return c
		}
	}
	return -1
}

// children calls fn with each child of i of type s, in any field.
func (g *goWalk) children(i int32, s goSym, fn func(c int32)) {
	for c := g.nodes[i].first; c >= 0; c = g.nodes[c].next {
		if g.sym(c) == s {
			fn(c)
		}
	}
}

func (g *goWalk) node(i int32) tnode {
	if i < 0 {
		return nil
	}
	return &g.nodes[i]
}

// add records a match of pattern p on node i, completed at end.
func (g *goWalk) add(p uint16, role string, i, end int32, m walkMatch) {
	m.pattern, m.role, m.node, m.end, m.depth = p, role, i, end, g.nodes[i].depth
	g.matches = append(g.matches, m)
}

// def records a definition (role "definition.KIND") of pattern p on node
// i named by name.
func (g *goWalk) def(p uint16, role string, i, name int32, m walkMatch) {
	m.name, m.body = name, g.child(i, fBody, gNone)
	g.add(p, role, i, name, m)
}

// with returns noMatch with the given nodes set.
func with(set func(m *walkMatch)) walkMatch {
	m := noMatch
	set(&m)
	return m
}

// extractGo fills pf from Go's tree by the walk, with g and b as working
// memory; see the top of this file.
func extractGo(root tsNode, src []byte, g *goWalk, b *tagsBuilder, pf *ParsedFile) error {
	if err := checkErrorFanout(root); err != nil {
		return err
	}
	g.w = goWalkerOnce()
	return g.w.spec.walk(root, src, &g.buf, func(nodes []walkNode) error {
		g.nodes = nodes
		defer func() { g.nodes = nil }() // C memory, reused or freed once fn returns
		return g.extract(src, b, pf)
	})
}

// extract finds the matches and hands them to b in the query cursor's
// order.
func (g *goWalk) extract(src []byte, b *tagsBuilder, pf *ParsedFile) error {
	g.matches = g.matches[:0]
	g.find()
	slices.SortStableFunc(g.matches, func(a, b walkMatch) int {
		if a.end != b.end {
			return int(a.end - b.end)
		}
		if a.depth != b.depth {
			return int(a.depth) - int(b.depth)
		}
		return int(a.pattern) - int(b.pattern)
	})
	b.reset(src, pf, false)
	for i := range g.matches {
		b.add(g.tagMatch(&g.matches[i]))
	}
	return b.finish()
}

// find collects the matches of every pattern.
func (g *goWalk) find() {
	if len(g.nodes) > 0 && g.sym(0) == gSourceFile {
		for c := g.nodes[0].first; c >= 0; c = g.nodes[c].next {
			g.topLevel(c)
		}
	}
	for i := range int32(len(g.nodes)) {
		if g.nodes[i].depth > maxStartDepth {
			continue
		}
		switch g.sym(i) {
		case gPackageClause:
			g.children(i, gPackageIdentifier, func(c int32) { g.add(pPackage, "package", c, c, noMatch) })
		case gImportSpec:
			if path := g.child(i, fPath, gNone); path >= 0 {
				g.add(pImport, "import", i, path, with(func(m *walkMatch) { m.alias, m.path = g.child(i, fName, gNone), path }))
			}
		case gCallExpression:
			g.call(i)
		case gTypeConversionExpression:
			g.conversion(i)
		case gComment:
			g.add(pComment, "comment", i, i, noMatch)
		}
	}
}

func (g *goWalk) call(i int32) {
	fn := g.child(i, fFunction, gNone)
	switch {
	case fn < 0:
	case g.sym(fn) == gIdentifier:
		g.add(pCall, "reference.call", i, fn, with(func(m *walkMatch) { m.name = fn }))
	case g.sym(fn) == gSelectorExpression:
		op, name := g.child(fn, fOperand, gNone), g.child(fn, fField, gFieldIdentifier)
		if op >= 0 && name >= 0 {
			g.add(pCallSelector, "reference.call", i, name, with(func(m *walkMatch) { m.name, m.qualifier = name, op }))
		}
	}
}

func (g *goWalk) conversion(i int32) {
	gt := g.child(i, fType, gGenericType)
	if gt < 0 {
		return
	}
	if t := g.child(gt, fType, gTypeIdentifier); t >= 0 {
		g.add(pConversion, "reference.call", i, t, with(func(m *walkMatch) { m.name = t }))
	}
	if q := g.child(gt, fType, gQualifiedType); q >= 0 {
		pkg, name := g.child(q, fPackage, gPackageIdentifier), g.child(q, fName, gTypeIdentifier)
		if pkg >= 0 && name >= 0 {
			g.add(pConversionQualified, "reference.call", i, name, with(func(m *walkMatch) { m.name, m.qualifier = name, pkg }))
		}
	}
}

// topLevel collects the definitions of one child of the source file.
func (g *goWalk) topLevel(d int32) {
	switch g.sym(d) {
	case gFunctionDeclaration:
		if name := g.child(d, fName, gIdentifier); name >= 0 {
			g.def(pFunction, "definition.function", d, name, noMatch)
		}
	case gMethodDeclaration:
		g.method(d)
	case gTypeDeclaration:
		g.children(d, gTypeSpec, func(ts int32) { g.typeSpec(d, ts) })
		g.children(d, gTypeAlias, func(ta int32) {
			if name := g.child(ta, fName, gTypeIdentifier); name >= 0 {
				g.def(pTypeAlias, "definition.type", ta, name, with(func(m *walkMatch) { m.group = d }))
			}
		})
	case gConstDeclaration:
		g.children(d, gConstSpec, func(s int32) { g.names(pConst, "definition.const", d, s) })
	case gVarDeclaration:
		g.children(d, gVarSpec, func(s int32) { g.names(pVar, "definition.var", d, s) })
		g.children(d, gVarSpecList, func(l int32) {
			g.children(l, gVarSpec, func(s int32) { g.names(pVarList, "definition.var", d, s) })
		})
	}
}

// names records a definition for each identifier child of spec.
func (g *goWalk) names(p uint16, role string, group, spec int32) {
	g.children(spec, gIdentifier, func(c int32) { g.def(p, role, spec, c, with(func(m *walkMatch) { m.group = group })) })
}

func (g *goWalk) method(d int32) {
	recv, name := g.child(d, fReceiver, gParameterList), g.child(d, fName, gFieldIdentifier)
	if recv < 0 || name < 0 {
		return
	}
	g.children(recv, gParameterDeclaration, func(pd int32) {
		t := g.child(pd, fType, gNone)
		if t < 0 {
			return
		}
		for _, r := range g.receiverTypes(t) {
			g.def(pMethod, "definition.method", d, name, with(func(m *walkMatch) { m.receiver = r }))
		}
	})
}

// receiverTypes is the receiver's base type T in T, *T, T[P], *T[P], (T)
// and (*T), as the alternatives of the method pattern match it.
func (g *goWalk) receiverTypes(t int32) []int32 {
	var out []int32
	switch g.sym(t) {
	case gTypeIdentifier:
		out = append(out, t)
	case gPointerType:
		g.children(t, gTypeIdentifier, func(c int32) { out = append(out, c) })
		g.children(t, gGenericType, func(c int32) {
			if n := g.child(c, fType, gTypeIdentifier); n >= 0 {
				out = append(out, n)
			}
		})
	case gGenericType:
		if n := g.child(t, fType, gTypeIdentifier); n >= 0 {
			out = append(out, n)
		}
	case gParenthesizedType:
		g.children(t, gTypeIdentifier, func(c int32) { out = append(out, c) })
		g.children(t, gPointerType, func(p int32) {
			g.children(p, gTypeIdentifier, func(c int32) { out = append(out, c) })
		})
	}
	return out
}

// typeSpec records a type, and its fields or interface methods.
func (g *goWalk) typeSpec(decl, ts int32) {
	name := g.child(ts, fName, gTypeIdentifier)
	if name < 0 {
		return
	}
	g.def(pType, "definition.type", ts, name, with(func(m *walkMatch) { m.group = decl }))
	recv := with(func(m *walkMatch) { m.receiver = name })
	if it := g.child(ts, fType, gInterfaceType); it >= 0 {
		m := with(func(m *walkMatch) { m.group, m.name = decl, name })
		g.add(pInterface, "definition.interface", ts, it, m)
		g.children(it, gMethodElem, func(me int32) {
			if n := g.child(me, fName, gFieldIdentifier); n >= 0 {
				g.def(pInterfaceMethod, "definition.method", me, n, recv)
			}
		})
	}
	if st := g.child(ts, fType, gStructType); st >= 0 {
		g.children(st, gFieldDeclarationList, func(l int32) {
			g.children(l, gFieldDeclaration, func(fd int32) { g.fieldDecl(fd, recv) })
		})
	}
}

// fieldDecl records the names of one struct field declaration, or the type
// name of an embedded field.
func (g *goWalk) fieldDecl(fd int32, recv walkMatch) {
	g.children(fd, gFieldIdentifier, func(c int32) { g.def(pField, "definition.field", fd, c, recv) })
	if g.hasField(fd, fName) {
		return
	}
	t := g.child(fd, fType, gNone)
	if t < 0 {
		return
	}
	for _, n := range g.embeddedNames(t) {
		g.def(pEmbedded, "definition.field", fd, n, recv)
	}
}

// hasField reports whether a child of i is in field f.
func (g *goWalk) hasField(i int32, f goField) bool {
	for c := g.nodes[i].first; c >= 0; c = g.nodes[c].next {
		if g.field(c) == f {
			return true
		}
	}
	return false
}

// embeddedNames is the name of an embedded field's type T in T, *T,
// pkg.T, *pkg.T, T[P], pkg.T[P] and *T[P].
func (g *goWalk) embeddedNames(t int32) []int32 {
	var out []int32
	qualifiedName := func(q int32) {
		if n := g.child(q, fName, gTypeIdentifier); n >= 0 {
			out = append(out, n)
		}
	}
	genericName := func(gt int32, qualified bool) {
		if n := g.child(gt, fType, gTypeIdentifier); n >= 0 {
			out = append(out, n)
		}
		if q := g.child(gt, fType, gQualifiedType); qualified && q >= 0 {
			qualifiedName(q)
		}
	}
	switch g.sym(t) {
	case gTypeIdentifier:
		out = append(out, t)
	case gPointerType:
		g.children(t, gTypeIdentifier, func(c int32) { out = append(out, c) })
		g.children(t, gQualifiedType, qualifiedName)
		g.children(t, gGenericType, func(c int32) { genericName(c, false) })
	case gQualifiedType:
		qualifiedName(t)
	case gGenericType:
		genericName(t, true)
	}
	return out
}
