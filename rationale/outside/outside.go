// Package outside says what a repository's code takes from outside it:
// the names its imports bind to other projects' code and the names its
// languages put in scope without an import. The linker reads it to leave
// such names to their own code, the audit to leave their qualifiers alone.
package outside

import (
	"strings"
	"sync"

	"github.com/gortex/gortex/graph"
)

// Names is what the repository's code takes from outside it: the names
// its imports bind to other projects' code (a Go import path that is no
// package of the repository; a Rust use or a Python import of another
// crate or package) and the names its languages put in scope
// without an import (Go's predeclared identifiers, Rust's prelude). A document that writes such a name may
// mean the outside one: `Stream` in an RFC's code is as likely the
// futures trait the code imports as the repository's own Stream.
type Names struct {
	names map[string]map[string]bool // language → names bound from outside
	quals map[string]bool            // names that qualify outside code: "time", "corev1", "Vec"
}

// Of reads the imports of every file of s (graph.AttrImports).
func Of(s *graph.Store) *Names {
	o := &Names{names: map[string]map[string]bool{}, quals: map[string]bool{}}
	own := owned(s)
	for _, lang := range []string{"go", "rust"} {
		for _, name := range strings.Fields(prelude()[lang]) {
			o.bind(lang, name)
		}
	}
	for f := range s.Nodes() {
		if f.Kind != graph.KindFile || f.Imports() == "" {
			continue
		}
		for imp := range strings.FieldsSeq(f.Imports()) {
			alias, p, ok := strings.Cut(imp, "=")
			if !ok {
				alias, p = "", imp
			}
			if p == "" || alias == "_" || alias == "." {
				continue
			}
			switch sep := separator[f.Lang]; f.Lang {
			case "go":
				if !s.Has(graph.PackageID(p)) {
					o.quals[orElse(alias, ImportName(p))] = true
				}
			case "rust", "python":
				// A path starts at a crate, package or module: the
				// repository's own, or another project's.
				root, _, _ := strings.Cut(p, sep)
				if !own[f.Lang][root] {
					name := p[strings.LastIndex(p, sep)+len(sep):] // Rust binds the path's last part
					if f.Lang == "python" {
						name = root // "import a.b" binds a
					}
					o.bind(f.Lang, orElse(alias, name))
					o.quals[root] = true
				}
			}
		}
	}
	return o
}

// separator is how each language's import paths join their parts.
var separator = map[string]string{"rust": "::", "python": "."}

// owned returns, per language, where an import path of the repository's
// own code starts (Rust: its crates and every module on the way, as a use
// path may start relative at a module in scope; Python: its top-level
// packages), read from its symbols' qualified names.
func owned(s *graph.Store) map[string]map[string]bool {
	own := map[string]map[string]bool{"rust": {"crate": true, "self": true, "super": true}, "python": {}}
	for n := range s.Nodes() {
		sep, ok := separator[n.Lang]
		i := strings.LastIndex(n.Qualified, sep)
		if !ok || !n.Kind.IsSymbol() || i <= 0 {
			continue
		}
		switch parent := n.Qualified[:i]; n.Lang {
		case "rust":
			for m := range strings.SplitSeq(parent, sep) {
				own[n.Lang][m] = true
			}
		case "python":
			root, _, _ := strings.Cut(parent, sep)
			own[n.Lang][root] = true
		}
	}
	return own
}

// orElse is a, or b when a is empty.
func orElse(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// bind records name as one that code in lang takes from outside; a name
// that may qualify another (a type, a module) qualifies outside code.
func (o *Names) bind(lang, name string) {
	if name == "" || name == "*" || name == "_" {
		return
	}
	if o.names[lang] == nil {
		o.names[lang] = map[string]bool{}
	}
	o.names[lang][name] = true
	o.quals[name] = true
}

// Binds reports whether code in lang may take name from outside the
// repository. A nil Names knows of nothing.
func (o *Names) Binds(lang, name string) bool { return o != nil && o.names[lang][name] }

// Qualifies reports whether name, written as a qualifier ("time" in
// time.Duration, "Vec" in Vec::new), may name outside code: an import's
// name, or a type or module the language brings.
func (o *Names) Qualifies(name string) bool { return o != nil && o.quals[name] }

// ImportName is the name a Go import path is used by without an alias:
// its last element, or the one before a major version ("yaml" for
// gopkg.in/yaml.v3, "client" for example.com/client/v2).
func ImportName(ip string) string {
	elems := strings.Split(ip, "/")
	last := elems[len(elems)-1]
	if len(elems) > 1 && len(last) > 1 && last[0] == 'v' && strings.Trim(last[1:], "0123456789") == "" {
		last = elems[len(elems)-2]
	}
	if i := strings.Index(last, ".v"); i > 0 {
		last = last[:i]
	}
	return strings.TrimPrefix(strings.TrimPrefix(last, "go-"), "go.")
}

// prelude holds, per language, the names its code uses without an
// import. Go: the predeclared identifiers of the language specification.
// Rust: the items of the 2021 prelude (std::prelude::rust_2021) and the
// items an implementation of its traits writes (into_iter, Item).
var prelude = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"go": `any bool byte comparable complex64 complex128 error float32 float64 int int8 int16 int32 int64
			rune string uint uint8 uint16 uint32 uint64 uintptr true false iota nil append cap clear close
			complex copy delete imag len make max min new panic print println real recover`,
		"rust": `Copy Send Sized Sync Unpin Drop Fn FnMut FnOnce drop Box ToOwned Clone PartialEq PartialOrd
			Eq Ord AsRef AsMut Into From Default Iterator Extend IntoIterator DoubleEndedIterator
			ExactSizeIterator Option Some None Result Ok Err String ToString Vec TryFrom TryInto FromIterator
			clone clone_from to_owned Owned eq ne partial_cmp cmp as_ref as_mut into from default next
			next_back Item IntoIter into_iter size_hint extend len try_from try_into from_iter to_string
			call call_mut call_once Output`,
	}
})
