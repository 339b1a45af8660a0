package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"

	sitter "github.com/smacker/go-tree-sitter"
	"github.com/smacker/go-tree-sitter/golang"

	"github.com/gortex/gortex/indexer/syntax"
)

// Parse child modes: what a child process does with each listed file.
const (
	modeParse = "parse" // tree-sitter parse only, the tree closed at once: the floor
	modeTags  = "tags"  // gortex's Go parser: parse, tags query and extraction
	// modeInProcess is the child that times a loaded index (inproc.go).
	modeInProcess = "inproc"
)

// runParseChild reads the files listed in list (one absolute path a line)
// and parses them on GOMAXPROCS workers, a parser per worker, then prints
// the number of files and bytes. It runs in a child process so that its
// wall time and peak RSS are measured like the other tools'.
func runParseChild(ctx context.Context, mode, list string, stdout io.Writer) error {
	data, err := os.ReadFile(list)
	if err != nil {
		return err
	}
	files := strings.Fields(string(data))
	var parse func() (parseFunc, func())
	switch mode {
	case modeParse:
		parse = bareParser
	case modeTags:
		parse = tagsParser
	default:
		return fmt.Errorf("unknown child mode %q", mode)
	}
	var next, bytes, failed atomic.Int64
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			fn, done := parse()
			defer done()
			for i := int(next.Add(1)) - 1; i < len(files) && ctx.Err() == nil; i = int(next.Add(1)) - 1 {
				src, err := os.ReadFile(files[i])
				if err == nil {
					err = fn(ctx, files[i], src)
				}
				if err != nil {
					failed.Add(1)
				}
				bytes.Add(int64(len(src)))
			}
		})
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%d files %d bytes %d failed\n", len(files), bytes.Load(), failed.Load())
	return nil
}

// parseFunc parses one file's source.
type parseFunc func(ctx context.Context, path string, src []byte) error

// bareParser returns a tree-sitter Go parser that keeps nothing: each tree
// is closed as soon as it is built.
func bareParser() (parseFunc, func()) {
	p := sitter.NewParser()
	p.SetLanguage(golang.GetLanguage())
	fn := func(ctx context.Context, _ string, src []byte) error {
		tree, err := p.ParseCtx(ctx, nil, src)
		if err != nil {
			return err
		}
		tree.Close()
		return nil
	}
	return fn, p.Close
}

// tagsParser returns gortex's own Go parser (tree-sitter plus the tags
// query and symbol extraction), whose results are dropped.
func tagsParser() (parseFunc, func()) {
	p := syntax.NewParser()
	fn := func(ctx context.Context, path string, src []byte) error {
		_, err := p.Parse(ctx, "go", path, src)
		return err
	}
	return fn, p.Close
}
