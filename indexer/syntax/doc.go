// Package syntax reads source files and documents into plain values: it
// holds the language registry (grammar, extensions, how qualified names are
// written), runs each language's tree-sitter tags query (queries/*.scm) to
// extract a file's package, imports, symbols and calls into a ParsedFile
// (indexer/sections splits documents). It knows nothing of
// repositories, graphs being built or the index on disk: the indexer walks,
// builds and persists.
package syntax
