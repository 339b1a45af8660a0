package syntax

import (
	"context"
	"errors"
	"fmt"
	"runtime"

	sitter "github.com/smacker/go-tree-sitter"

	"github.com/gortex/gortex/indexer/protodialect"
	"github.com/gortex/gortex/internal/cputime"
)

// ErrNoGrammar is returned by Parser.Parse for a language that is not in the
// registry.
var ErrNoGrammar = errors.New("no grammar for language")

// Parser extracts the package, imports, symbols and calls of source files
// in every registered language. It holds one tree-sitter parser per
// language, created on the first file of that language. It is not safe for
// concurrent use: give each worker its own. The caller must Close it.
type Parser struct {
	parsers map[*Language]*sitter.Parser
	// The working memory of extraction, reused from file to file.
	tags tagsBuilder
	walk goWalk
	// queryOnly runs the tags query for Go too, instead of the walk
	// (golang_walk.go): the reference the walk is tested against.
	queryOnly bool
}

// NewParser returns a parser for every registered language. The caller must
// Close it.
func NewParser() *Parser {
	return &Parser{parsers: map[*Language]*sitter.Parser{}}
}

// Close frees the parsers' C memory. The shared queries stay alive.
func (p *Parser) Close() {
	for _, sp := range p.parsers {
		sp.Close()
	}
	p.parsers = nil
	p.walk.buf.free()
}

// Parse extracts what it can from src, the content of the repo-relative
// path in the named language. A file with syntax errors yields whatever
// tree-sitter recovered; it is an error (ErrSyntax, for a .proto file the
// dialect's) only when nothing was and the file did not parse (unparsed).
// An empty src gives an empty ParsedFile; a cancelled ctx stops Parse.
func (p *Parser) Parse(ctx context.Context, lang, path string, src []byte) (*ParsedFile, error) {
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("parse %s: %w", path, err)
	}
	l, ok := langByName[lang]
	if !ok {
		return nil, fmt.Errorf("parse %s: %w %q", path, ErrNoGrammar, lang)
	}
	walk := l.Name == "go" && walkLayoutOK && !p.queryOnly
	var q *tagsQuery
	if !walk {
		var err error
		if q, err = l.query(); err != nil {
			return nil, fmt.Errorf("parse %s: %w", path, err)
		}
	}
	pf := &ParsedFile{Path: path, Lang: lang}
	if len(src) == 0 {
		return pf, nil
	}
	var failed bool // unparsed
	var err error
	if walk {
		failed, err = p.walkGo(ctx, l, src, pf)
	} else {
		failed, err = p.query(ctx, l, q, src, pf)
	}
	if err == nil && failed && pf.Package == "" && len(pf.Imports) == 0 && len(pf.Symbols) == 0 {
		err = protodialect.Check(l.Name, src, ErrSyntax)
	}
	if err != nil {
		return nil, fmt.Errorf("parse %s: %w", path, err)
	}
	return pf, nil
}

// query fills pf from src's tree by l's tags query q, and reports whether
// the file did not parse (unparsed).
func (p *Parser) query(ctx context.Context, l *Language, q *tagsQuery, src []byte, pf *ParsedFile) (bool, error) {
	tree, err := parse(ctx, p, l, src, func(ctx context.Context, sp *sitter.Parser) (*sitter.Tree, error) { return sp.ParseCtx(ctx, nil, src) })
	if err != nil {
		return false, err
	}
	defer tree.Close()
	root := tree.RootNode()
	return unparsed(l, root), q.extract(root, src, &p.tags, pf, l)
}

// walkGo fills pf from the tree of src, Go, by the walk (golang_walk.go),
// and reports whether the file did not parse (unparsed).
func (p *Parser) walkGo(ctx context.Context, l *Language, src []byte, pf *ParsedFile) (bool, error) {
	tree, err := parse(ctx, p, l, src, func(ctx context.Context, sp *sitter.Parser) (goTree, error) { return parseInPlace(ctx, sp, src) })
	if err != nil {
		return false, err
	}
	defer tree.close()
	root := tree.root()
	return hasError(root), extractGo(root, src, &p.walk, &p.tags, pf)
}

// unparsed reports whether a file that yielded nothing failed to parse. A
// Go file always declares its package, so any syntax error counts; in other
// languages a file may well define nothing (a header of prototypes, a
// script), so only a file that tree-sitter could not parse at all does.
func unparsed(l *Language, root *sitter.Node) bool {
	if l.Name == "go" {
		return root.HasError()
	}
	return root.IsError()
}

// parse runs tree-sitter on src through run, with p's parser for l, for at
// most the file's parseBudget of CPU time (ErrTooComplex after), however
// busy the machine. go-tree-sitter may leave its cancellation flag set
// when ctx ends as a parse does, failing later parses with
// ErrOperationLimit: a fresh parser and one retry recover.
func parse[T any](ctx context.Context, p *Parser, l *Language, src []byte, run func(context.Context, *sitter.Parser) (T, error)) (T, error) {
	var none T
	if p.parsers == nil {
		return none, errors.New("parser is closed")
	}
	budget := parseBudget(len(src))
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	pctx, stop := cputime.WithBudget(ctx, budget)
	defer stop()
	tree, err := run(pctx, p.sitterParser(l))
	switch {
	case err == nil:
		return tree, nil
	case ctx.Err() != nil:
		return none, err
	case errors.Is(context.Cause(pctx), cputime.ErrOverBudget):
		return none, fmt.Errorf("%w: %w: the parse used more than %s of CPU time", ErrTooComplex, cputime.ErrOverBudget, budget)
	case errors.Is(err, sitter.ErrOperationLimit):
		p.parsers[l].Close()
		delete(p.parsers, l)
		return run(pctx, p.sitterParser(l))
	}
	return none, err
}

// sitterParser returns the worker's parser for l, creating it on first
// use, without a timeout of its own (the budget is CPU time: parse).
func (p *Parser) sitterParser(l *Language) *sitter.Parser {
	sp, ok := p.parsers[l]
	if !ok {
		sp = sitter.NewParser()
		sp.SetLanguage(l.grammar())
		p.parsers[l] = sp
	}
	return sp
}
