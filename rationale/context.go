package rationale

import (
	"path"
	"strings"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/internal/textutil"
	"github.com/gortex/gortex/rationale/outside"
)

// sectionContext holds every identifier a section writes, to choose among
// symbols that share a bare name: a section that says `ReclaimablePods` and
// also names the Job type, or the job package, means Job.ReclaimablePods
// and not the method of the same name on twenty other types.
type sectionContext struct {
	words   map[string]bool
	kinds   map[string]bool // the kinds of the manifests the section shows
	outside *outside.Names  // what the repository's code takes from outside it
}

// newSectionContext collects the identifiers a section writes as code: in
// a code span or block, as a qualifier ("job.Reconcile"), or in an import
// path. Prose words do not count ("saved carts" is not the cart package).
func newSectionContext(ms []mention, paths []string, o *outside.Names) *sectionContext {
	c := &sectionContext{words: map[string]bool{}, kinds: map[string]bool{}, outside: o}
	for _, p := range paths {
		c.words[path.Base(p)] = true
	}
	for _, m := range ms {
		if m.inCode || len(m.parts) > 1 {
			for _, p := range m.parts {
				c.words[p] = true
			}
		}
		if m.prefix != "" {
			c.words[path.Base(m.prefix)] = true
		}
		if m.kindOnly {
			c.kinds[m.parts[0]] = true
		}
	}
	return c
}

// prefer returns the symbols whose receiver type, package, or directory the
// section also names. When any is found, the top-level types among hits
// stay too: a code block that declares `Spec.StopPolicy StopPolicy` names
// the StopPolicy type as much as the field.
func (c *sectionContext) prefer(hits []*graph.Node) []*graph.Node {
	var out, types []*graph.Node
	for _, n := range hits {
		switch {
		case (n.Receiver != "" && c.words[n.Receiver]) || (n.Package != "" && c.words[n.Package]) ||
			c.words[path.Base(path.Dir(n.Path))]:
			out = append(out, n)
		case n.Receiver == "" && (n.Kind == graph.KindType || n.Kind == graph.KindInterface):
			types = append(types, n)
		}
	}
	if len(out) == 0 {
		return nil
	}
	return append(out, types...)
}

// owned keeps the hits of a common name that the section places: a member
// whose type it writes as code (a bare "list" is controlBuffer.list only in
// a section that names controlBuffer), a top-level symbol whose package or
// folder it names. Without a section (a memory), top-level symbols stay.
func (c *sectionContext) owned(hits []*graph.Node) []*graph.Node {
	var out []*graph.Node
	for _, n := range hits {
		switch {
		case c == nil:
			if n.Receiver == "" {
				out = append(out, n)
			}
		case n.Receiver != "":
			if c.words[lastPart(n.Receiver)] {
				out = append(out, n)
			}
		case (n.Package != "" && c.words[n.Package]) || c.words[path.Base(path.Dir(n.Path))]:
			out = append(out, n)
		}
	}
	return out
}

// needsPlace reports whether the bare name id names n only in a section
// that places it (owned): a name n's language takes from outside the
// repository (outside.Names.Binds: `Stream` in an RFC's code is as likely the
// trait the code imports); a field, named after what it holds, as the
// data a document shows is ("an ownerRef to the Machine" is no field
// templateToInput.ownerRef); a constant of one word, a value as a manifest
// writes it (`status: "Unknown"`).
func (c *sectionContext) needsPlace(n *graph.Node, id string) bool {
	return c.outside.Binds(n.Lang, id) || (n.Kind == graph.KindField && n.Receiver != "") ||
		(n.Kind == graph.KindConst && identWordCount(id) == 1)
}

// showsKind reports whether the section shows a manifest of kind id: then
// the name means that API type wherever the section writes it, in its
// heading ("MachineHealthCheck CRD:") or prose, not a same-named webhook or
// field.
func (c *sectionContext) showsKind(id string) bool { return c != nil && c.kinds[id] }

// placedWhere keeps the hits that need no place (need false) and, of
// those that do, the ones the section places (owned). Without a section
// (a memory), all stay.
func (c *sectionContext) placedWhere(hits []*graph.Node, need func(*graph.Node) bool) []*graph.Node {
	if c == nil {
		return hits
	}
	var out, check []*graph.Node
	for _, n := range hits {
		if need(n) {
			check = append(check, n)
		} else {
			out = append(out, n)
		}
	}
	if len(check) == 0 {
		return hits
	}
	return append(out, c.owned(check)...)
}

// qualifiesOutside reports whether a qualifier that names no package or
// type of the repository with that member may name outside code ("time"
// in time.Duration, "Vec" in Vec::new): then the mention names that code,
// not whatever of the repository shares its last name.
func (c *sectionContext) qualifiesOutside(q string) bool { return c != nil && c.outside.Qualifies(q) }

// lastPart is the innermost container of a receiver chain ("Outer.Inner").
func lastPart(receiver string) string {
	return receiver[strings.LastIndexByte(receiver, '.')+1:]
}

// definitions finds the names a section's code declares: "type X",
// "func X(" and "func (r T) X(" at the start of a line. A design that
// writes out a declaration is about that symbol.
var declaration = textutil.Regexp(`(?m)^\s*(?:type\s+([A-Za-z_]\w*)|func\s+(?:\([^)]*\)\s*)?([A-Za-z_]\w*)\s*[\[(])`)

func definitions(text string) map[string]bool {
	defs := map[string]bool{}
	if !strings.Contains(text, "type") && !strings.Contains(text, "func") {
		return defs // no declaration: spare the regular expression
	}
	for _, m := range declaration().FindAllStringSubmatch(text, -1) {
		defs[m[1]+m[2]] = true
	}
	return defs
}

// handwritten drops symbols of generated files from hits, unless every hit
// is generated: a document that names a bare identifier means the code
// people wrote, not the copies a generator stamped out (deepcopy, clients,
// apply configurations).
func handwritten(s *graph.Store, hits []*graph.Node) []*graph.Node {
	var out []*graph.Node
	for _, n := range hits {
		if f, ok := s.Node(graph.FileID(n.Path)); !ok || !f.Generated() {
			out = append(out, n)
		}
	}
	if len(out) == 0 {
		return hits
	}
	return out
}
