package indexer

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/gortex/gortex/indexer/ignore"
	"github.com/gortex/gortex/indexer/syntax"
	"github.com/gortex/gortex/internal/textutil"
	"github.com/gortex/gortex/repofs"
)

// Reasons a path is skipped, as counted in WalkResult.SkipCounts.
const (
	SkipGitignore      = "gitignore"       // matched by .gitignore or .git/info/exclude
	SkipIgnoredDir     = "ignored-dir"     // .git or .gortex
	SkipVendor         = "vendor"          // vendor or node_modules
	SkipBinary         = "binary"          // a NUL byte in the first sniffSize bytes
	SkipTooLarge       = "too-large"       // larger than WalkOptions.MaxFileSize
	SkipSymlinkDir     = "symlink"         // a symlink to a directory: never followed
	SkipSymlinkLoop    = "symlink-loop"    // a symlink cycle
	SkipSymlinkBroken  = "symlink-broken"  // a symlink to nothing
	SkipSymlinkOutside = "symlink-outside" // a symlink to a file outside the root
	SkipUnreadable     = "unreadable"      // permission or I/O error
	SkipNotRegular     = "not-regular"     // a device, socket or named pipe
	// SkipTooComplex starts the Broken reason of a source file over a
	// parsing budget (syntax.ErrTooComplex): it is a file node alone.
	SkipTooComplex = "too-complex"
)

// DefaultMaxFileSize is the size limit when WalkOptions.MaxFileSize is 0:
// larger source and docs are almost always generated data, not reasoning.
const DefaultMaxFileSize = 2 << 20

// sniffSize is how much of a file is read to tell text from binary; 8000
// bytes is what git itself inspects (buffer_is_binary in xdiff-interface.c).
const sniffSize = 8000

// WalkedFile is one file the indexer should know about.
type WalkedFile struct {
	Path    string // repo-relative, forward slashes
	Abs     string // absolute path on disk (a symlink's own path when it is one)
	Size    int64
	ModTime time.Time
	Class   FileClass
	Lang    string // "go", "markdown", "text" or "" (see classify)
	// Generated is set for a source file that says it was generated: Go's
	// "// Code generated ... DO NOT EDIT." line, or an "@generated" marker.
	Generated bool
	// content is the file when the sniff read all of it, for the parse not
	// to read it again (9k of GOROOT/src's 11k sources and docs).
	content []byte
}

// WalkResult is what Walk found, sorted by Path.
type WalkResult struct {
	Files      []WalkedFile
	Skipped    []Skip         // a skipped directory appears once, its contents never
	SkipCounts map[string]int // len(Skipped) by Reason
	// Dirs holds every directory entered, by repo-relative path ("." for
	// the root), with its modification time in ns: a new or removed entry
	// changes it, which lets an incremental index notice new files.
	Dirs map[string]int64
}

// WalkOptions tunes Walk; the zero value is ready to use.
type WalkOptions struct {
	MaxFileSize int64        // DefaultMaxFileSize when 0
	Logger      *slog.Logger // discards when nil
	// Known says the caller indexed the file with this size and time: its
	// head is not read again (most of an update's walk on GOROOT/src).
	Known func(rel string, size int64, mtime time.Time) bool
}

// Walk lists the files under root that the indexer should see: it honours
// .gitignore files at every level and .git/info/exclude, never enters .git,
// .gortex, vendor or node_modules, never follows a directory symlink, and
// skips files over the size limit and sources and docs that are binary. A
// file or directory that cannot be read is recorded in Skipped; only an
// unreadable root, or ctx being cancelled, is an error.
func Walk(ctx context.Context, root string, opts WalkOptions) (*WalkResult, error) {
	w, err := newWalker(root, opts)
	if err != nil {
		return nil, err
	}
	defer w.fsys.Close()
	info, err := os.Stat(w.root)
	if err != nil {
		return nil, fmt.Errorf("walk %s: %w", root, err)
	}
	entries, err := os.ReadDir(w.root)
	if err != nil {
		return nil, fmt.Errorf("walk %s: %w", root, err)
	}
	w.res.Dirs["."] = info.ModTime().UnixNano()
	rules := w.dirRules("", w.root, entries, w.excludeRules())
	if err := w.walkEntries(ctx, "", w.root, entries, rules); err != nil {
		return nil, fmt.Errorf("walk %s: %w", root, err)
	}
	if err := w.sniffAll(ctx); err != nil {
		return nil, fmt.Errorf("walk %s: %w", root, err)
	}
	return w.finish(), nil
}

// walker holds the state of one Walk; the walk's context is passed to the
// methods that loop, not kept here.
type walker struct {
	root     string   // absolute and clean
	realRoot string   // root with symlinks resolved, to place link targets
	fsys     *os.Root // root, through which every file is read (repofs)
	maxSize  int64
	log      *slog.Logger
	known    func(rel string, size int64, mtime time.Time) bool // WalkOptions.Known
	// enter, when set, says whether to enter a directory the walk reaches
	// (an update's listing of changed directories enters only new ones).
	enter func(rel string) bool
	res   *WalkResult
}

// newWalker resolves root and fills in the option defaults.
func newWalker(root string, opts WalkOptions) (*walker, error) {
	abs, err := filepath.Abs(root)
	if err != nil {
		return nil, fmt.Errorf("walk %s: %w", root, err)
	}
	resolved, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return nil, fmt.Errorf("walk %s: %w", root, err)
	}
	fsys, err := os.OpenRoot(abs)
	if err != nil {
		return nil, fmt.Errorf("walk %s: %w", root, err)
	}
	w := &walker{root: abs, realRoot: resolved, fsys: fsys, maxSize: opts.MaxFileSize, log: opts.Logger, known: opts.Known}
	if w.maxSize <= 0 {
		w.maxSize = DefaultMaxFileSize
	}
	if w.log == nil {
		w.log = slog.New(slog.DiscardHandler)
	}
	w.res = &WalkResult{SkipCounts: map[string]int{}, Dirs: map[string]int64{}}
	return w, nil
}

// walkDir reads one directory below the root and walks its entries.
func (w *walker) walkDir(ctx context.Context, rel, abs string, e fs.DirEntry, rules []*ignore.Rules) error {
	if w.enter != nil && !w.enter(rel) {
		return nil
	}
	info, err := e.Info()
	if err != nil {
		w.skip(rel, SkipUnreadable, err)
		return nil
	}
	entries, err := os.ReadDir(abs)
	if err != nil {
		w.skip(rel, SkipUnreadable, err)
		return nil
	}
	w.res.Dirs[rel] = info.ModTime().UnixNano()
	return w.walkEntries(ctx, rel, abs, entries, w.dirRules(rel, abs, entries, rules))
}

// listDir lists the directory rel ("" for the root) and walks its entries
// as a walk entering it would, under the ignore rules of the directories
// above it; false when it cannot be read.
func (w *walker) listDir(ctx context.Context, rel string) bool {
	rules := w.excludeRules()
	for at := ""; at != rel; {
		if st, err := w.fsys.Lstat(filepath.FromSlash(joinRel(at, ".gitignore"))); err == nil && st.Mode().IsRegular() {
			if r := w.loadRules(at, filepath.FromSlash(joinRel(at, ".gitignore"))); r != nil {
				rules = append(rules[:len(rules):len(rules)], r)
			}
		}
		next, _, _ := strings.Cut(strings.TrimPrefix(rel[len(at):], "/"), "/")
		at = joinRel(at, next)
	}
	f, err := w.fsys.Open(filepath.FromSlash(cmp.Or(rel, ".")))
	if err != nil {
		return false
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil || !info.IsDir() {
		return false
	}
	entries, err := f.ReadDir(-1)
	if err != nil {
		return false
	}
	slices.SortFunc(entries, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	w.res.Dirs[cmp.Or(rel, ".")] = info.ModTime().UnixNano()
	abs := filepath.Join(w.root, filepath.FromSlash(rel))
	return w.walkEntries(ctx, rel, abs, entries, w.dirRules(rel, abs, entries, rules)) == nil
}

// walkEntries visits the entries of the directory rel, in name order.
func (w *walker) walkEntries(ctx context.Context, rel, abs string, entries []fs.DirEntry, rules []*ignore.Rules) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	for _, e := range entries {
		erel, eabs := joinRel(rel, e.Name()), filepath.Join(abs, e.Name())
		var err error
		switch t := e.Type(); {
		case t&fs.ModeSymlink != 0:
			w.symlink(erel, eabs, rules)
		case t.IsDir():
			err = w.dir(ctx, erel, eabs, e, rules)
		case t.IsRegular():
			w.regular(erel, eabs, e, rules)
		default:
			w.skipUnlessIgnored(erel, SkipNotRegular, rules)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// dir decides whether to enter a subdirectory and enters it.
func (w *walker) dir(ctx context.Context, rel, abs string, e fs.DirEntry, rules []*ignore.Rules) error {
	switch name := e.Name(); {
	case name == ".git" || name == ".gortex":
		w.skip(rel, SkipIgnoredDir, nil)
	case name == "vendor" || name == "node_modules":
		w.skip(rel, SkipVendor, nil)
	case ignore.Ignored(rules, rel, true):
		w.skip(rel, SkipGitignore, nil)
	default:
		return w.walkDir(ctx, rel, abs, e, rules)
	}
	return nil
}

// regular handles a regular file found in a directory listing.
func (w *walker) regular(rel, abs string, e fs.DirEntry, rules []*ignore.Rules) {
	if ignore.Ignored(rules, rel, false) {
		w.skip(rel, SkipGitignore, nil)
		return
	}
	info, err := e.Info()
	if err != nil {
		w.skip(rel, SkipUnreadable, err)
		return
	}
	w.add(rel, abs, info)
}

// symlink includes a link to a regular file inside the root as that file;
// every other link is skipped with the reason.
func (w *walker) symlink(rel, abs string, rules []*ignore.Rules) {
	if ignore.Ignored(rules, rel, false) { // git matches a link as a file, never as a directory
		w.skip(rel, SkipGitignore, nil)
		return
	}
	info, err := os.Stat(abs)
	if err != nil {
		w.skip(rel, linkErrorReason(err), err)
		return
	}
	switch {
	case info.IsDir():
		w.skip(rel, SkipSymlinkDir, nil)
	case !info.Mode().IsRegular():
		w.skip(rel, SkipNotRegular, nil)
	default:
		target, err := filepath.EvalSymlinks(abs)
		if err != nil {
			w.skip(rel, linkErrorReason(err), err)
		} else if !within(w.realRoot, target) {
			w.skip(rel, SkipSymlinkOutside, nil)
		} else {
			w.add(rel, abs, info)
		}
	}
}

// add classifies and records a regular file; sniffAll reads it later.
func (w *walker) add(rel, abs string, info fs.FileInfo) {
	if info.Size() > w.maxSize {
		w.skip(rel, SkipTooLarge, nil)
		return
	}
	class, lang := classify(rel)
	w.res.Files = append(w.res.Files, WalkedFile{
		Path: rel, Abs: abs, Size: info.Size(), ModTime: info.ModTime(), Class: class, Lang: lang,
	})
}

// skipUnlessIgnored records a skip, preferring "gitignore" when it applies:
// an ignored path is not the repository's business, whatever else it is.
func (w *walker) skipUnlessIgnored(rel, reason string, rules []*ignore.Rules) {
	if ignore.Ignored(rules, rel, false) {
		reason = SkipGitignore
	}
	w.skip(rel, reason, nil)
}

// skip records one skipped path; err, when given, is logged.
func (w *walker) skip(rel, reason string, err error) {
	w.res.Skipped = append(w.res.Skipped, Skip{Path: rel, Reason: reason})
	w.res.SkipCounts[reason]++
	if err != nil {
		w.log.Debug("walk: skip", "path", rel, "reason", reason, "err", err)
	}
}

// finish sorts the result: directory order differs from path order
// ("a.txt" sorts before "a/b" but a's contents are listed first).
func (w *walker) finish() *WalkResult {
	slices.SortFunc(w.res.Files, func(a, b WalkedFile) int { return strings.Compare(a.Path, b.Path) })
	slices.SortFunc(w.res.Skipped, func(a, b Skip) int { return strings.Compare(a.Path, b.Path) })
	w.log.Debug("walk: done", "root", w.root, "files", len(w.res.Files), "skipped", len(w.res.Skipped))
	return w.res
}

// classify maps a file name to its class and language: a source file is
// one whose extension is in the language registry (syntax.LanguageOf). A
// text file under a test-data directory (fixtureDir) is another file, not
// a document: it is a test's input or expected output, not reasoning.
func classify(rel string) (FileClass, string) {
	if filepath.Base(rel) == "go.mod" {
		return ClassGoMod, ""
	}
	if l := syntax.LanguageOf(rel); l != nil {
		return ClassSource, l.Name
	}
	lang := ""
	switch strings.ToLower(filepath.Ext(rel)) {
	case ".md", ".markdown":
		lang = "markdown"
	case ".txt", ".adoc", ".asciidoc", ".rst":
		lang = "text"
	}
	if lang == "" || underFixtureDir(rel) {
		return ClassOther, ""
	}
	return ClassDoc, lang
}

// fixtureDirs are the directory names that hold test data by convention:
// Go's testdata (which the go tool never builds), and the fixtures and
// snapshot directories of JavaScript, Ruby and Python test suites. On
// GOROOT/src, the 1.3k test scripts under testdata filled most why answers
// as if they were reasoning: all ten entries of why fmt.Sprintf were
// cmd/go test scripts that call it.
var fixtureDirs = []string{"testdata", "fixtures", "__fixtures__", "__snapshots__"}

// underFixtureDir reports whether a directory of the repo-relative path rel
// is named as one of fixtureDirs.
func underFixtureDir(rel string) bool {
	dir, _ := path.Split(rel)
	for name := range strings.SplitSeq(strings.TrimSuffix(dir, "/"), "/") {
		if slices.Contains(fixtureDirs, name) {
			return true
		}
	}
	return false
}

// sniffAll drops the sources and docs that are binary or unreadable. The
// reads run in parallel: they are most of a walk's time, nearly all of it
// in system calls (measured on GOROOT/src), which overlap across threads.
func (w *walker) sniffAll(ctx context.Context) error {
	var todo []int
	for i, f := range w.res.Files {
		if (f.Class == ClassSource || f.Class == ClassDoc) && f.Size > 0 && (w.known == nil || !w.known(f.Path, f.Size, f.ModTime)) {
			todo = append(todo, i)
		}
	}
	reasons := make([]string, len(w.res.Files))
	errs := make([]error, len(w.res.Files))
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0)*2, len(todo)) {
		wg.Go(func() {
			buf := make([]byte, sniffSize)
			for k := int(next.Add(1)) - 1; k < len(todo) && ctx.Err() == nil; k = int(next.Add(1)) - 1 {
				i := todo[k]
				reasons[i], errs[i] = sniff(w.fsys, &w.res.Files[i], w.maxSize, buf)
			}
		})
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return err
	}
	kept := w.res.Files[:0]
	for i, f := range w.res.Files {
		if reasons[i] != "" {
			w.skip(f.Path, reasons[i], errs[i])
			continue
		}
		kept = append(kept, f)
	}
	w.res.Files = kept
	return nil
}

// sniff returns why the file f cannot be indexed as text, "" if it can;
// then it sets f.Generated, when its head marks a source as generated, and
// f.content, when its head, read into buf, is the whole file. It reads
// through fsys (repofs.Open): a file that became a link out of the root, a
// device or a FIFO since it was listed, or that outgrew maxSize, is refused.
func sniff(fsys *os.Root, f *WalkedFile, maxSize int64, buf []byte) (reason string, err error) {
	head, err := readHead(fsys, f.Path, maxSize, buf)
	switch {
	case errors.Is(err, repofs.ErrOutside):
		return SkipSymlinkOutside, err
	case errors.Is(err, repofs.ErrNotRegular):
		return SkipNotRegular, err
	case errors.Is(err, repofs.ErrTooLarge):
		return SkipTooLarge, err
	case err != nil:
		return SkipUnreadable, err
	case bytes.IndexByte(head, 0) >= 0:
		// A NUL byte in the first sniffSize bytes is the test git uses;
		// invalid UTF-8 is still text.
		return SkipBinary, nil
	}
	f.Generated = isGenerated(head) && f.Class == ClassSource
	if len(head) < len(buf) && int64(len(head)) == f.Size {
		f.content = bytes.Clone(head)
	}
	return "", nil
}

// generatedMarker finds the line Go requires of generated files
// (https://go.dev/s/generatedcode) and the "@generated" tag other tools use.
var generatedMarker = textutil.Regexp(`(?m)^// Code generated .* DO NOT EDIT\.$|@generated\b`)

// isGenerated reports whether generatedMarker matches head. The regexp
// runs only on a head holding one of its literal parts: run on every head
// it cost 0.6 s of CPU on GOROOT/src, most of the walk.
func isGenerated(head []byte) bool {
	if !bytes.Contains(head, []byte("// Code generated ")) && !bytes.Contains(head, []byte("@generated")) {
		return false
	}
	return generatedMarker().Match(head)
}

// readHead reads the first len(buf) bytes of the file.
func readHead(fsys *os.Root, rel string, maxSize int64, buf []byte) ([]byte, error) {
	f, _, err := repofs.Open(fsys, filepath.FromSlash(rel), maxSize)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	n, err := io.ReadFull(f, buf)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
		return nil, err
	}
	return buf[:n], nil
}

// linkErrorReason names why a symlink could not be resolved.
func linkErrorReason(err error) string {
	switch {
	case errors.Is(err, syscall.ELOOP):
		return SkipSymlinkLoop
	case errors.Is(err, fs.ErrNotExist), errors.Is(err, syscall.ENOTDIR):
		return SkipSymlinkBroken
	}
	return SkipUnreadable
}

// within reports whether p is dir or below it; both are clean and absolute.
func within(dir, p string) bool {
	rel, err := filepath.Rel(dir, p)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// joinRel joins a repo-relative directory and a name with a forward slash.
func joinRel(dir, name string) string {
	if dir == "" {
		return name
	}
	return dir + "/" + name
}

// excludeRules loads .git/info/exclude, the lowest-precedence ignore file.
func (w *walker) excludeRules() []*ignore.Rules {
	r := w.loadRules("", filepath.Join(".git", "info", "exclude"))
	if r == nil {
		return nil
	}
	return []*ignore.Rules{r}
}

// dirRules returns rules extended by the directory's .gitignore, if any.
func (w *walker) dirRules(rel, abs string, entries []fs.DirEntry, rules []*ignore.Rules) []*ignore.Rules {
	i, found := slices.BinarySearchFunc(entries, ".gitignore", func(e fs.DirEntry, name string) int {
		return strings.Compare(e.Name(), name)
	})
	if !found || !entries[i].Type().IsRegular() {
		return rules
	}
	r := w.loadRules(rel, filepath.FromSlash(joinRel(rel, ".gitignore")))
	if r == nil {
		return rules
	}
	return append(rules[:len(rules):len(rules)], r) // copy: siblings share rules
}

// maxIgnoreSize caps an ignore file: git sets none, but 8 MiB is some
// 400,000 patterns, far past any real one.
const maxIgnoreSize = 8 << 20

// loadRules compiles one ignore file, file being relative to the root;
// nil when it is absent or unreadable (an unreadable ignore file, or one
// that is a link out of the root, a device or over maxIgnoreSize, is
// logged, and its patterns are not applied).
func (w *walker) loadRules(rel, file string) *ignore.Rules {
	data, err := repofs.ReadFile(w.fsys, file, maxIgnoreSize)
	if err != nil {
		if !errors.Is(err, fs.ErrNotExist) {
			w.log.Warn("walk: read ignore file", "path", file, "err", err)
		}
		return nil
	}
	return ignore.Compile(rel, string(data))
}
