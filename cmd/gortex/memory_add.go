package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/gortex/gortex/cmd/internal/cli"
	"github.com/gortex/gortex/memory"
)

// fieldFlags are the flags that set a memory's fields.
type fieldFlags struct {
	title, body, kind, basis, source, author string
	symbols, files, tags                     listFlag
	importance                               int
	confidence                               float64
	pinned                                   bool
}

func (f *fieldFlags) register(fs *flag.FlagSet) {
	f.tags.split = true
	fs.StringVar(&f.title, "title", "", fmt.Sprintf("one-line title, at most %d characters (default: the body's first line)", memory.MaxTitleLen))
	fs.StringVar(&f.body, "body", "", fmt.Sprintf("the memory in Markdown, at most %d characters; - reads it from stdin", memory.MaxBodyLen))
	fs.StringVar(&f.kind, "kind", string(memory.DefaultKind), "one of "+enumList(memory.Kinds))
	fs.Var(&f.symbols, "symbol", "anchor to a symbol, named as in a gortex why symbol query (repeatable)")
	fs.Var(&f.files, "file", "anchor to a repo-relative file (repeatable)")
	fs.Var(&f.tags, "tag", fmt.Sprintf("a tag (repeatable, or comma-separated; at most %d)", memory.MaxTags))
	fs.IntVar(&f.importance, "importance", memory.DefaultImportance, "how much it matters, 1-5")
	fs.Float64Var(&f.confidence, "confidence", memory.DefaultConfidence, "how sure it is, 0-1")
	fs.StringVar(&f.basis, "basis", string(memory.BasisUnknown), "where its support comes from: "+enumList(memory.Bases))
	fs.BoolVar(&f.pinned, "pinned", false, "rank it above every unpinned memory")
	fs.StringVar(&f.source, "source", string(memory.SourceManual), "who wrote it: "+enumList(memory.Sources))
	fs.StringVar(&f.author, "author", os.Getenv("USER"), "who wrote it")
}

func enumList[T ~string](vs []T) string {
	s := make([]string, len(vs))
	for i, v := range vs {
		s[i] = string(v)
	}
	return strings.Join(s, ", ")
}

// readBody resolves "--body -" to stdin.
func (f *fieldFlags) readBody() error {
	if f.body != "-" {
		return nil
	}
	b, err := io.ReadAll(io.LimitReader(stdin, 4*memory.MaxBodyLen+1)) // 4 bytes per rune at most
	if err != nil {
		return fmt.Errorf("read the body from stdin: %w", err)
	}
	f.body = string(b)
	return nil
}

// apply sets the fields whose flags are in set (all of them for a new memory).
func (f *fieldFlags) apply(m *memory.Memory, set func(string) bool) {
	str := map[string]*string{"title": &m.Title, "body": &m.Body, "author": &m.Author}
	vals := map[string]string{"title": f.title, "body": f.body, "author": f.author}
	for name, p := range str {
		if set(name) {
			*p = vals[name]
		}
	}
	if set("kind") {
		m.Kind = memory.Kind(f.kind)
	}
	if set("basis") {
		m.Basis = memory.Basis(f.basis)
	}
	if set("source") {
		m.Source = memory.Source(f.source)
	}
	if set("importance") {
		m.Importance = f.importance
	}
	if set("confidence") {
		m.Confidence = f.confidence
	}
	if set("pinned") {
		m.Pinned = f.pinned
	}
	if set("tag") {
		m.Tags = f.tags.vals
	}
	if set("file") {
		m.Files = f.files.vals
	}
	if set("symbol") {
		m.Symbols = nil
		for _, s := range f.symbols.vals {
			m.Symbols = append(m.Symbols, memory.SymbolAnchor{Written: s})
		}
	}
}

func all(string) bool { return true }

// writeOpts are the flags every writing subcommand shares.
type writeOpts struct {
	dir, scope string
	force      bool
	asJSON     bool
	fields     fieldFlags
}

func (o *writeOpts) register(fs *flag.FlagSet, scope, scopeHelp string) {
	fs.StringVar(&o.dir, "dir", "", dirHelp)
	fs.StringVar(&o.scope, "scope", scope, scopeHelp)
	fs.BoolVar(&o.asJSON, "json", false, "print the result as JSON")
	o.fields.register(fs)
}

// fieldsHelp is what the help of every memory writer says of the fields:
// how they are sanitised, how a symbol anchor resolves.
func fieldsHelp() string { return usageText("memory-fields", nil) }

func runMemoryAdd(ctx context.Context, e env, name string, args []string) int {
	var o writeOpts
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	o.register(fs, string(memory.ScopeWorkspace), "where to store it: workspace (.gortex/memories, committed) or global")
	fs.BoolVar(&o.force, "force", false, "store it even when it repeats a live memory")
	setUsage(fs, "memory-add", "name", name, "max_title", strconv.Itoa(memory.MaxTitleLen), "max_body", strconv.Itoa(memory.MaxBodyLen),
		"max_tags", strconv.Itoa(memory.MaxTags), "duplicate", strconv.FormatFloat(memory.DuplicateThreshold, 'f', 2, 64), "fields", fieldsHelp())
	args, code, done := parseFlags(fs, e, args)
	if done {
		return code
	}
	if !noArgs(e, name, args, "quote the body and pass it with --body") {
		return exitUsage
	}
	return memoryAddRun(ctx, e, name, o)
}

func memoryAddRun(ctx context.Context, e env, name string, o writeOpts) int {
	if o.scope != string(memory.ScopeWorkspace) && o.scope != string(memory.ScopeGlobal) {
		fmt.Fprintf(e.stderr, "gortex %s: --scope is workspace or global\n", name)
		return exitUsage
	}
	st, root, err := writeStore(o)
	if err == nil {
		err = o.fields.readBody()
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "gortex %s: %v\n", name, err)
		return exitError
	}
	m := &memory.Memory{}
	o.fields.apply(m, all)
	res, err := st.Add(ctx, m, memory.AddOptions{Force: o.force, Resolve: anchorResolver(ctx, e, root), Root: root})
	if err != nil {
		return memoryExit(e, name, err)
	}
	return printResult(e, o.asJSON, res)
}

// writeStore opens the one store a write goes to.
func writeStore(o writeOpts) (*memory.Store, string, error) {
	root, err := cli.Root(o.dir)
	if err != nil {
		return nil, "", err
	}
	stores, err := openStores(root, o.scope)
	if err != nil {
		return nil, "", err
	}
	return stores[0], root, nil
}

// printResult prints what a memory command did. A refused duplicate exits
// 1 (with the id of the memory it repeats), so that a script does not take
// it for stored.
func printResult(e env, asJSON bool, res memory.Result) int {
	code := exitOK
	if res.Status == memory.StatusDuplicate {
		code = exitError
	}
	if asJSON {
		if err := writeJSON(e.stdout, res); err != nil {
			fmt.Fprintln(e.stderr, "gortex:", err)
			return exitError
		}
		return code
	}
	switch res.Status {
	case memory.StatusDuplicate:
		fmt.Fprintf(e.stdout, "duplicate %s  %s\n", res.ID, res.Path)
		fmt.Fprintf(e.stderr, "gortex: not stored: %.0f%% of its words are in memory %s; use --force to store it anyway\n", 100*res.Similarity, res.ID)
	default:
		fmt.Fprintf(e.stdout, "%s %s  %s\n", res.Status, res.ID, res.Path)
	}
	return code
}
