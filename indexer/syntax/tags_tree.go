package syntax

import (
	"fmt"
	"slices"
	"sort"

	"github.com/gortex/gortex/graph"
)

// This file derives containment from the tree (see the rules at the top of
// tags.go) and the caller of each call.

// finish sorts the definitions into source order, derives their containers,
// attaches their doc comments and resolves each call's caller. It returns
// ErrTooComplex for definitions nested deeper than maxNesting or more than
// maxSymbols of them.
func (b *tagsBuilder) finish() error {
	if len(b.defs) > maxSymbols {
		return fmt.Errorf("%w: %d definitions (budget %d)", ErrTooComplex, len(b.defs), maxSymbols)
	}
	defs := b.sorted
	for i := range b.list {
		defs = append(defs, &b.list[i])
	}
	b.sorted = defs
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
	stack := b.stack
	defer func() { b.stack = stack }()
	for _, d := range defs {
		for len(stack) > 0 && (stack[len(stack)-1].end <= d.start || stack[len(stack)-1].sameNode(d)) {
			stack = stack[:len(stack)-1]
		}
		var parent *tagDef
		if len(stack) > 0 {
			parent = stack[len(stack)-1]
		}
		stack = append(stack, d)
		d.contain(parent)
		// Every definition on the stack of one that is not local is a
		// container of it: the stack is its container chain.
		if !d.local && len(stack) > maxNesting+1 {
			return fmt.Errorf("%w: definitions nested %d deep (budget %d)", ErrTooComplex, len(stack)-1, maxNesting)
		}
		if d.local || d.scope {
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
		if b.pf.Symbols == nil {
			b.pf.Symbols = make([]Symbol, 0, len(defs))
		}
		b.pf.Symbols = append(b.pf.Symbols, d.sym)
		kept = append(kept, d)
	}
	b.callers.index(kept)
	b.resolveCalls()
	return nil
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
func (b *tagsBuilder) resolveCalls() {
	sort.SliceStable(b.calls, func(i, j int) bool { return b.calls[i].pos < b.calls[j].pos })
	for _, c := range b.calls {
		call := Call{Caller: b.callers.at(c.pos), Qualifier: c.qualifier, Name: c.name}
		if call.Caller == "" || b.seen[call] {
			continue
		}
		b.seen[call] = true
		b.out = append(b.out, call)
	}
	if len(b.out) > 0 {
		b.pf.Calls = slices.Clone(b.out)
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

// index fills ci, empty, from the definitions in source order.
func (ci *callerIndex) index(sorted []*tagDef) {
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
