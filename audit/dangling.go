package audit

import (
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/rationale"
	"github.com/gortex/gortex/rationale/outside"
)

// packageNames indexes the repository's packages by name: for each, the
// top-level names declared in it (every directory with that package name
// together: "v1" may be several packages, and a document does not say
// which).
type packageNames struct {
	byPkg  map[string]map[string]bool
	byPath map[string]map[string]bool // import path → names (Go)
	golang map[string]bool            // package names declared by Go files
	// outside knows the names under which the repository's files import
	// packages of other modules ("runtime" for
	// k8s.io/apimachinery/pkg/runtime): a document's "runtime.Scheme" may
	// mean that package, so it is no dangling reference to the
	// repository's own runtime package.
	outside *outside.Names
}

func newPackageNames(s *graph.Store) *packageNames {
	p := &packageNames{byPkg: map[string]map[string]bool{}, byPath: map[string]map[string]bool{}, golang: map[string]bool{},
		outside: outside.Of(s)}
	for n := range s.Nodes() {
		if !n.Kind.IsSymbol() || n.Package == "" || n.Receiver != "" {
			continue
		}
		add(p.byPkg, n.Package, n.Name)
		p.golang[n.Package] = p.golang[n.Package] || n.Lang == "go"
		if i := strings.LastIndexByte(n.Qualified, '.'); i > 0 && strings.Contains(n.Qualified[:i], "/") {
			add(p.byPath, n.Qualified[:i], n.Name)
		}
	}
	return p
}

func add(m map[string]map[string]bool, key, name string) {
	if m[key] == nil {
		m[key] = map[string]bool{}
	}
	m[key][name] = true
}

// unbuilt are the statuses of a document that proposes what may not exist
// yet: RFC, KEP and ADR process words for "not decided" or "decided, not
// done".
var unbuilt = map[string]bool{"draft": true, "proposed": true, "proposal": true, "provisional": true,
	"implementable": true, "wip": true, "deferred": true, "postponed": true, "withdrawn": true, "abandoned": true,
	"declined": true}

// dangling is a name a document writes as code for a package of the
// repository that declares no such name.
type dangling struct {
	sec        *graph.Node
	written    string // as the document writes it
	pkg, name  string
	suggestion string // the closest name the package has, or ""
}

// danglingRefs finds the dangling references of every live document
// section of s outside changelogs (a changelog names removed code by
// design, as does a superseded ADR) and documents not yet built (a draft
// or proposed RFC or design names what it proposes).
func danglingRefs(s *graph.Store) []dangling {
	p := newPackageNames(s)
	var out []dangling
	for n := range s.Nodes() {
		if n.Kind != graph.KindDoc || !docLive(n) || unbuilt[rationale.StatusOf(n)] ||
			rationale.KindOf(n) == rationale.AssetChangelog {
			continue
		}
		for _, cn := range rationale.CodeNames(n) {
			if d, ok := p.check(s, cn); ok {
				d.sec = n
				out = append(out, d)
			}
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].sec.Path != out[j].sec.Path {
			return out[i].sec.Path < out[j].sec.Path
		}
		if out[i].sec.Line != out[j].sec.Line {
			return out[i].sec.Line < out[j].sec.Line
		}
		return out[i].written < out[j].written
	})
	return out
}

// check reports a name that qualifies a package of the repository with a
// name it does not declare. Only the first name after the package is
// checked: a member of a type that exists may be promoted from an embedded
// one. A qualifier that is also the name of a symbol (a variable, a type),
// or of a package of another module that the repository imports, is no
// certain reference to the repository's package. For a Go package only an exported name counts:
// documents write YAML and JSON field paths ("disruption.budgets"), file
// names ("controllers.go") and hosts ("test.karpenter.sh") in code spans
// too, and on karpenter those were every dangling reference to a
// lower-case name.
func (p *packageNames) check(s *graph.Store, cn rationale.CodeName) (dangling, bool) {
	var names map[string]bool
	switch {
	case cn.Prefix != "":
		names = p.byPath[cn.Prefix]
	case len(s.ByName(cn.Parts[0])) == 0 && !p.outside.Qualifies(cn.Parts[0]):
		names = p.byPkg[cn.Parts[0]]
	}
	name := cn.Parts[1]
	if names == nil || names[name] || (p.golang[cn.Parts[0]] && !exported(name)) {
		return dangling{}, false
	}
	return dangling{written: cn.Text, pkg: cn.Parts[0], name: name, suggestion: closest(name, names)}, true
}

// exported reports whether a Go name is exported: it starts with an upper-case letter.
func exported(name string) bool {
	r, _ := utf8.DecodeRuneInString(name)
	return unicode.IsUpper(r)
}

// closest returns the name in names nearest to name: the fewest edits, at
// most one per SuggestLettersPerEdit letters of the name (at least one), or
// a name that contains it or that it contains; "" when none is near.
func closest(name string, names map[string]bool) string {
	best, bestD := "", -1
	limit := max(1, len(name)/SuggestLettersPerEdit)
	low := strings.ToLower(name)
	for c := range names {
		d := levenshtein(low, strings.ToLower(c))
		lc := strings.ToLower(c)
		if d > limit && !contains(lc, low) && !contains(low, lc) {
			continue
		}
		if best == "" || d < bestD || (d == bestD && c < best) {
			best, bestD = c, d
		}
	}
	return best
}

// contains reports whether a holds b, a name of four letters or more:
// "Get" is inside too many names to suggest any.
func contains(a, b string) bool { return len(b) >= 4 && strings.Contains(a, b) }

// levenshtein is the edit distance between a and b, by bytes.
func levenshtein(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
