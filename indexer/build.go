package indexer

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"log/slog"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/indexer/gomod"
	"github.com/gortex/gortex/indexer/manifest"
	"github.com/gortex/gortex/indexer/roots"
	"github.com/gortex/gortex/indexer/sections"
	"github.com/gortex/gortex/indexer/syntax"
	"github.com/gortex/gortex/internal/cputime"
	"github.com/gortex/gortex/internal/heapbound"
	"github.com/gortex/gortex/repofs"
)

// Index is a loaded index: the graph and the manifest it was built from.
// The Store is read-only once returned.
type Index struct {
	Root     string
	Dir      string
	Store    *graph.Store
	Manifest *Manifest
	dirty    graph.Dirty // what the delta applied to the snapshot names
	check    atomic.Pointer[staleCheck]
}

// builder carries one Build or Update. The context of the run is passed
// to the methods that wait or call out, not kept here.
type builder struct {
	root   string
	fsys   *os.Root // root, through which every file is read (repofs)
	opts   Options
	log    *slog.Logger
	store  *graph.Store
	man    *Manifest
	parses map[string]*fileParse // the Go files parsed in this run (an update's)
	// spool holds, in a full build, the Go files' parse records (spool.go) in tmp.
	spool *parseSpool
	tmp   string
	// oldParses holds the parse records of the live index on an update,
	// for the files not parsed again.
	oldParses *parseFile
	// dirty collects, on an update, what differs from the live snapshot
	// (dirty.go); nil when the whole snapshot is to be written.
	dirty    *dirtySet
	resumeGC func() // ends the collector pause of an update, if Options.PauseGC made one
	// manChanged is set when an update that finds no changed file still
	// refreshed the manifest (times of touched files, a new walk).
	manChanged bool
	// historyCurrent is set when an update found the live history index
	// to be what UpdateHistory would write (HistoryStale false): finish
	// takes it over as it lies.
	historyCurrent bool
	history        chan int // a full build's history index, written beside the parse: its count
	modules        *gomod.Modules
	roots          *roots.Roots
	stats          Stats
	// seen counts the IDs addSource gave in its file (cleared per file, see maxSeen).
	seen map[graph.NodeID]int
}

func newBuilder(root string, opts Options) *builder {
	log := opts.Logger
	if log == nil {
		log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	return &builder{root: root, opts: opts, log: log, seen: map[graph.NodeID]int{},
		stats: Stats{FilesByLang: map[string]int{}, Skipped: map[string]int{}, LinksBySignal: map[graph.Signal]int{}}}
}

// Build indexes root from scratch and persists the result, replacing any
// previous index only once the new one is complete. A soft memory limit
// keeps the heap near what is live (heapbound), updated after each step.
func Build(ctx context.Context, root string, opts Options) (*Index, Stats, error) {
	defer heapbound.Start()()
	return run(ctx, root, opts, func(ctx context.Context, b *builder) (*Index, error) {
		return b.full(ctx)
	})
}

// run takes the index lock, puts back an index that an interrupted swap
// left aside, and runs one build step with a fresh builder.
func run(ctx context.Context, root string, opts Options, step func(context.Context, *builder) (*Index, error)) (*Index, Stats, error) {
	start := time.Now()
	if err := ensureGortexDir(root); err != nil {
		return nil, Stats{}, err
	}
	unlock, err := lock(root)
	if err != nil {
		return nil, Stats{}, err
	}
	defer unlock()
	recoverIndex(root)
	fsys, err := os.OpenRoot(root)
	if err != nil {
		return nil, Stats{}, err
	}
	defer fsys.Close()
	b := newBuilder(root, opts)
	b.fsys = fsys
	idx, err := step(ctx, b)
	b.stats.Duration = time.Since(start)
	return idx, b.stats, err
}

func (b *builder) full(ctx context.Context) (*Index, error) {
	w, err := Walk(ctx, b.root, WalkOptions{MaxFileSize: b.opts.MaxFileSize, Logger: b.opts.Logger})
	if err != nil {
		return nil, err
	}
	if b.tmp == "" {
		if b.tmp, err = newTempDir(b.root); err != nil {
			return nil, fmt.Errorf("create scratch dir: %w", err)
		}
		defer os.RemoveAll(b.tmp) // a no-op once renamed into place
	}
	// The history reads git alone, not the parse: written beside it (stopped if the build fails).
	hctx, stop := context.WithCancel(ctx)
	b.history = make(chan int, 1)
	go func(h chan<- int, tmp string) { h <- b.writeHistory(hctx, tmp) }(b.history, b.tmp)
	defer func() { stop(); b.historyWait() }()
	if b.spool, err = newParseSpool(b.tmp); err != nil {
		return nil, err
	}
	defer b.spool.remove()
	b.store = graph.NewSized(len(w.Files) * graph.NodesPerFile)
	b.man = manifest.New()
	b.man.Dirs, b.man.Build = w.Dirs, rulesID()
	b.parses = map[string]*fileParse{}
	b.oldParses, b.dirty = nil, nil // an update may fall back to a full build
	b.man.Skipped = w.Skipped
	b.findRoots(w.Files)
	if err := b.addFiles(ctx, w.Files); err != nil {
		return nil, err
	}
	if err := b.resolveAll(); err != nil {
		return nil, err
	}
	heapbound.Update()
	return b.finish(ctx, writePlan{create: true, relink: true, addedDocs: b.docNodes()})
}

// addFiles parses files and adds their nodes, leaving the edges between
// files to the caller. Each batch of files is added to the graph while the
// next one parses: adding (single threaded, 0.6 s on GOROOT/src) overlaps
// parsing, and a batch's parse results are dropped once added.
func (b *builder) addFiles(ctx context.Context, files []WalkedFile) error {
	b.loadModules(files)
	for batch := range b.parseBatches(ctx, files) {
		for i, r := range batch.results {
			if ctx.Err() != nil {
				break
			}
			b.addFile(files[batch.start+i], r)
			files[batch.start+i].content = nil // parsed: let it go
		}
		heapbound.Update()
	}
	return ctx.Err()
}

// parsedBatch is the parse of files[start : start+len(results)].
type parsedBatch struct {
	start   int
	results []parsed
}

// parseBatch is the number of files parsed in one batch. At most three
// batches' parses are held at once (one added, one handed on, one parsing)
// whatever the tree's size: a batch of a sixteenth of the tree held a fifth
// of three GOROOT/src's parses. After each batch the heap's bound moves.
const parseBatch = 256

// parseBatches parses files in batches on a goroutine of its own, handing
// each on as it completes and giving back the C memory its parses freed
// (syntax.ReleaseMemory). The channel is closed after the last batch, or
// early when the context is cancelled; the caller must drain it.
func (b *builder) parseBatches(ctx context.Context, files []WalkedFile) <-chan parsedBatch {
	size := parseBatch
	out := make(chan parsedBatch, 1)
	progress := b.opts.Progress
	var done atomic.Int64 // files of the batches already parsed
	pb := *b              // parseAll reads only opts
	if progress != nil {
		pb.opts.Progress = func(stage string, n, _ int) { progress(stage, int(done.Load())+n, len(files)) }
	}
	go func() {
		defer close(out)
		workers := newParseWorkers(b.opts.Workers)
		defer syntax.ReleaseMemory()
		defer closeParseWorkers(workers)
		for lo := 0; lo < len(files) && ctx.Err() == nil; lo += size {
			hi := min(lo+size, len(files))
			results := pb.parseAll(ctx, workers, files[lo:hi])
			syntax.ReleaseMemory()
			done.Store(int64(hi))
			out <- parsedBatch{lo, results}
		}
	}()
	return out
}

// loadModules reads every go.mod among files into b.modules, keeping the
// module paths already known for unchanged go.mod files.
func (b *builder) loadModules(files []WalkedFile) {
	if b.man.Modules == nil {
		b.man.Modules = map[string]string{}
	}
	var gomods []string
	for _, f := range files {
		if f.Class == ClassGoMod {
			gomods = append(gomods, f.Path)
		}
	}
	mods, errs := gomod.Find(b.root, gomods)
	for _, e := range errs {
		b.broken(e.Path, e.Reason)
	}
	for dir, mod := range mods.Paths() {
		b.man.Modules[dir] = mod
	}
	b.modules = gomod.New(b.man.Modules)
}

// findRoots finds the source roots of a full build among all its files
// and records them in the manifest; an update reads them from there.
func (b *builder) findRoots(files []WalkedFile) {
	list := make([]roots.File, len(files))
	for i, f := range files {
		list[i] = roots.File{Path: f.Path, Lang: f.Lang}
	}
	found, errs := roots.Find(b.root, list)
	for _, e := range errs {
		b.broken(e.Path, e.Reason)
	}
	b.roots = found
	b.man.Crates, b.man.PyRoots, b.man.ScriptRoots = found.Record()
}

// parsed is the result of reading and parsing one file.
type parsed struct {
	hash     uint64
	file     *syntax.ParsedFile
	sections []sections.Section
	front    string // a document's front matter
	err      error
}

// parseWorker is what one parse worker keeps from file to file: a Parser
// (tree-sitter parsers, extraction's memory) and a read buffer.
type parseWorker struct {
	p   *syntax.Parser
	buf []byte
}

// newParseWorkers returns n workers, GOMAXPROCS for n <= 0; the caller
// must close them (closeParseWorkers).
func newParseWorkers(n int) []*parseWorker {
	if n <= 0 {
		n = runtime.GOMAXPROCS(0)
	}
	ws := make([]*parseWorker, n)
	for i := range ws {
		ws[i] = &parseWorker{p: syntax.NewParser()}
	}
	return ws
}

func closeParseWorkers(ws []*parseWorker) {
	for _, w := range ws {
		w.p.Close()
	}
}

// parseAll reads and parses files on all workers, one goroutine each.
func (b *builder) parseAll(ctx context.Context, workers []*parseWorker, files []WalkedFile) []parsed {
	out := make([]parsed, len(files))
	jobs := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex
	done := 0
	for _, w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				out[i] = b.parseOne(ctx, w, files[i])
				if b.opts.Progress != nil {
					mu.Lock()
					done++
					b.opts.Progress("parse", done, len(files))
					mu.Unlock()
				}
			}
		}()
	}
	for i := range files {
		if ctx.Err() != nil {
			break
		}
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	return out
}

func (b *builder) parseOne(ctx context.Context, w *parseWorker, f WalkedFile) parsed {
	if f.Class != ClassSource && f.Class != ClassDoc {
		return parsed{}
	}
	src, err := b.read(f, w.buf)
	if err != nil {
		return parsed{err: fmt.Errorf("read: %w", err)}
	}
	if f.content == nil {
		w.buf = src
	}
	r := parsed{hash: hashBytes(src)}
	switch {
	case f.Class == ClassDoc:
		r.sections, r.front = sections.Split(f.Path, src, f.Lang), frontMatter(f.Lang, src)
	default:
		r.file, r.err = w.p.Parse(ctx, f.Lang, f.Path, src)
	}
	return r
}

// maxFrontMatter bounds the front matter kept of a document: the head
// of a long one is read, and a block that does not close in it is none.
const maxFrontMatter = 4096

// frontMatter is the front matter a Markdown document opens with (as
// sections.Split leaves it out of its sections), without its fences.
func frontMatter(lang string, src []byte) string {
	if lang != "markdown" {
		return ""
	}
	head := strings.TrimPrefix(strings.ToValidUTF8(string(src[:min(len(src), maxFrontMatter)]), "\uFFFD"), "\uFEFF")
	lines := strings.Split(strings.ReplaceAll(head, "\r\n", "\n"), "\n")
	end := sections.FrontMatterEnd(lines)
	if end < 2 {
		return ""
	}
	return strings.Join(lines[1:end-1], "\n")
}

// read reads a walked file, unless the walk read it whole (content),
// through the root into buf's memory (nil: new memory), refusing a file
// that became a link out, a device, a FIFO or too large (repofs.ReadFileTo).
func (b *builder) read(f WalkedFile, buf []byte) ([]byte, error) {
	if f.content != nil {
		return f.content, nil
	}
	return repofs.ReadFileTo(buf, b.fsys, filepath.FromSlash(f.Path), b.maxSize())
}

// maxSize is the size limit of the files read.
func (b *builder) maxSize() int64 {
	if b.opts.MaxFileSize > 0 {
		return b.opts.MaxFileSize
	}
	return DefaultMaxFileSize
}

func hashBytes(b []byte) uint64 {
	h := fnv.New64a()
	h.Write(b)
	return h.Sum64()
}

// broken records a file that could not be read or parsed.
func (b *builder) broken(path, reason string) {
	b.stats.Broken = append(b.stats.Broken, Skip{Path: path, Reason: reason})
	b.log.Warn("skipped file", "path", path, "reason", reason)
}

// brokenReason is why a file could not be used ("too-complex: " and the budget).
func brokenReason(p string, err error) string {
	if errors.Is(err, syntax.ErrTooComplex) {
		_, detail, _ := strings.Cut(err.Error(), syntax.ErrTooComplex.Error()+": ")
		return SkipTooComplex + ": " + detail
	}
	return err.Error()
}

// addFile adds the nodes of one walked file.
func (b *builder) addFile(f WalkedFile, r parsed) {
	rec := FileRecord{Size: f.Size, ModTime: f.ModTime.UnixNano(), Hash: r.hash, Class: f.Class, Lang: f.Lang}
	if errors.Is(r.err, cputime.ErrOverBudget) {
		rec.ModTime, rec.Hash = 0, 0 // as never seen: the next update parses it again
	}
	b.man.Set(f.Path, rec)
	if r.err != nil {
		b.broken(f.Path, brokenReason(f.Path, r.err))
	}
	if f.Class == ClassGoMod {
		return
	}
	file := graph.Node{ID: graph.FileID(f.Path), Kind: graph.KindFile, Name: path.Base(f.Path), Path: f.Path, Lang: f.Lang}
	if f.Generated {
		file.SetAttr(graph.AttrGenerated, "true")
	}
	file.SetAttr(graph.AttrFrontMatter, r.front)
	b.store.AddNode(file)
	switch {
	case r.file != nil:
		b.addSource(f, r.file)
	case r.sections != nil:
		b.addSections(f, r.sections)
	}
}

// addSource adds a parsed source file's package, symbols and contains
// edges, its calls inside the file (not Go) or its imports (Go); names
// follow syntax.Naming, a Go package is its directory's import path.
func (b *builder) addSource(f WalkedFile, pf *syntax.ParsedFile) {
	dir := path.Dir(f.Path)
	nm := syntax.NamingOf(pf.Lang)
	root := b.roots.For(f.Path, pf.Lang)
	pkgPath, pkgName := nm.Package(dir, pf.Package, root)
	if pf.Lang == "go" {
		if ip, ok := b.modules.ImportPath(dir); ok {
			pkgPath = ip
		}
		pkgName = pf.Package
	}
	module := nm.FileModule(f.Path, pf.Package, pkgPath, root)
	pkgID := graph.PackageID(pkgPath)
	if !b.store.Has(pkgID) {
		b.store.AddNode(graph.Node{ID: pkgID, Kind: graph.KindPackage, Name: pkgName, Qualified: pkgPath, Path: dir, Lang: pf.Lang})
	}
	fileID := graph.FileID(f.Path)
	b.store.AddEdge(pkgID, fileID, graph.EdgeContains)
	if len(b.seen) > maxSeen {
		b.seen = map[graph.NodeID]int{}
	}
	clear(b.seen)
	for _, s := range pf.Symbols {
		if s.Name == "_" || s.Name == "" {
			continue
		}
		base := graph.SymbolID(f.Path, s.DottedName())
		id := base
		if n := b.seen[base]; n > 0 { // several init functions, or overloads, in one file
			id = graph.NodeID(fmt.Sprintf("%s#%d", id, n+1))
		}
		b.seen[base]++
		b.store.AddNode(graph.Node{ID: id, Kind: s.Kind, Name: s.Name, Qualified: nm.Qualified(module, s),
			Path: f.Path, Line: s.Line, EndLine: s.EndLine, Lang: pf.Lang, Package: pf.Package,
			Receiver: s.Receiver, Signature: s.Signature, Text: s.Doc})
		b.store.AddEdge(fileID, id, graph.EdgeContains)
		if s.Receiver == "" {
			continue
		}
		if c := graph.SymbolID(f.Path, s.Receiver); b.store.Has(c) {
			b.store.AddEdge(c, id, graph.EdgeContains) // a container in another file is left to resolve
		}
	}
	imps := make([]string, len(pf.Imports))
	for i, imp := range pf.Imports {
		imps[i] = imp.Alias + "=" + strings.Join(strings.Fields(imp.Path), "")
	}
	if f, ok := b.store.Node(fileID); ok && len(imps) > 0 {
		f.SetAttr(graph.AttrImports, strings.Join(imps, " "))
	}
	if pf.Lang != "go" {
		for caller, callee := range syntax.LocalCalls(pf) {
			b.store.AddEdge(graph.SymbolID(f.Path, caller), graph.SymbolID(f.Path, callee), graph.EdgeCalls)
		}
		return
	}
	fp := &fileParse{Package: pkgPath, Imports: pf.Imports, Calls: pf.Calls}
	if b.spool != nil {
		b.spool.add(f.Path, fp)
		return
	}
	b.parses[f.Path] = fp
}

// maxSeen is the most symbols a file may leave in builder.seen for the
// next file to clear: a clear costs what the map once held.
const maxSeen = 512

// addSections adds one doc node per section.
func (b *builder) addSections(f WalkedFile, secs []sections.Section) {
	for _, s := range secs {
		id := graph.SectionID(f.Path, s.Line)
		b.store.AddNode(graph.Node{ID: id, Kind: graph.KindDoc, Name: s.Heading, Path: f.Path,
			Line: s.Line, EndLine: s.EndLine, Lang: f.Lang, HeadingPath: s.HeadingPath, Text: s.Text})
		b.store.AddEdge(graph.FileID(f.Path), id, graph.EdgeContains)
	}
}

// sortedKeys returns m's keys in order.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
