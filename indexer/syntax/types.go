package syntax

import "github.com/gortex/gortex/graph"

// Symbol is one named code unit found in a source file, before it becomes a
// graph node. Positions are 1-based lines.
type Symbol struct {
	Kind      graph.NodeKind
	Name      string // the identifier: "IsActive"
	Receiver  string // the containing type of a method or field, "" at top level; nested containers are joined by "."
	Namespace string // the enclosing namespaces (C++, C#, TypeScript) joined by "."; part of the qualified name, not of the ID
	Line      int
	EndLine   int
	Signature string // the declaration's first line, trimmed
	Doc       string // the doc comment, comment markers removed
}

// DottedName is the symbol's name inside its file: "Name" or "Type.Name".
func (s Symbol) DottedName() string {
	if s.Receiver == "" {
		return s.Name
	}
	return s.Receiver + "." + s.Name
}

// Call is one call site: Caller (a DottedName in the same file) calls Name,
// through Qualifier when the call is written q.Name(...) — a package alias
// or a receiver variable — or directly when Qualifier is empty.
type Call struct {
	Caller    string
	Qualifier string
	Name      string
}

// Import is one import of a file: Alias is the local name when one is given
// ("_" and "." as written; each name a Rust use list binds from Path).
type Import struct {
	Alias string
	Path  string
}

// ParsedFile is what a language parser extracts from one source file.
type ParsedFile struct {
	Path    string // repo-relative, forward slashes
	Lang    string // a Language.Name: "go", "python", ...
	Package string // the declared package or namespace (Go, Java, PHP, ...), "" where none
	Imports []Import
	Symbols []Symbol
	Calls   []Call
}
