package syntax

import (
	"context"
	"errors"
)

// ErrSyntax is returned for a file whose tree has syntax errors and from
// which nothing (package, import or symbol) could be recovered.
var ErrSyntax = errors.New("syntax error, nothing recovered")

// GoParser extracts the package, imports, symbols and calls of Go source
// files, by the walk of golang_walk.go (the tags query queries/go.scm when
// the walk cannot be used). It is not safe for concurrent
// use: give each worker its own. The caller must Close it.
type GoParser struct {
	p *Parser
}

// NewGoParser returns a parser for Go files. The caller must Close it.
func NewGoParser() *GoParser {
	return &GoParser{p: NewParser()}
}

// Close frees the parser's C memory. The shared query stays alive.
func (p *GoParser) Close() { p.p.Close() }

// Parse extracts what it can from src, the content of the repo-relative
// path; see Parser.Parse.
func (p *GoParser) Parse(ctx context.Context, path string, src []byte) (*ParsedFile, error) {
	return p.p.Parse(ctx, "go", path, src)
}
