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

// Section is one heading section of a document: from its heading line to the
// line before the next heading of any level.
type Section struct {
	Heading     string   // heading text without markup; the title or file name for a preamble
	HeadingPath []string // enclosing headings, outermost first, ending with Heading
	Level       int      // 1–6 for headings, 0 for text before the first heading
	Line        int      // 1-based line of the heading (first line for a preamble)
	EndLine     int      // last line of the section
	Text        string   // the section's body, heading line excluded
}
