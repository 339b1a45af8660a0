package memory

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/gofrs/flock"
	"github.com/gortex/gortex/internal/fsutil"
	"github.com/gortex/gortex/internal/textutil"

	"github.com/gortex/gortex/repofs"
)

// Store keeps memories as one Markdown file each in a directory.
// Reads need no lock: every write goes to a temporary file in the same
// directory and is renamed into place, so a reader sees a whole file or
// none. Every read-modify-write holds a lock file (flock) for the whole
// store, so writers in several processes lose nothing.
type Store struct {
	dir   string
	scope Scope
	root  string           // workspace: the repository root, to give paths relative to it
	now   func() time.Time // the clock; tests replace it
	// proposals marks the proposal store: every file it writes and reads
	// is a proposal (status: proposed); a memory store refuses those.
	proposals bool
}

// Layout of a memory directory.
const (
	memoriesSubdir = ".gortex/memories"
	lockName       = ".lock"
	memIgnore      = "# written by gortex: the lock and unfinished writes are not memories\n.lock\n.*.tmp-*\n"
)

// WorkspaceDir is the directory of root's workspace memories.
func WorkspaceDir(root string) string { return filepath.Join(root, filepath.FromSlash(memoriesSubdir)) }

// GlobalDir is the directory of the user's global memories:
// $XDG_DATA_HOME/gortex/memories, else ~/.local/share/gortex/memories.
func GlobalDir() (string, error) {
	if d := os.Getenv("XDG_DATA_HOME"); filepath.IsAbs(d) {
		return filepath.Join(d, "gortex", "memories"), nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", fmt.Errorf("global memories: %w", err)
	}
	return filepath.Join(home, ".local", "share", "gortex", "memories"), nil
}

// OpenWorkspace returns the store of root's workspace memories. Nothing is
// created until the first write.
func OpenWorkspace(root string) *Store {
	return &Store{dir: WorkspaceDir(root), scope: ScopeWorkspace, root: root, now: time.Now}
}

// OpenGlobal returns the store of the user's global memories.
func OpenGlobal() (*Store, error) {
	dir, err := GlobalDir()
	if err != nil {
		return nil, err
	}
	return OpenDir(dir, ScopeGlobal), nil
}

// OpenDir returns a store over dir, whose memories report the given scope
// and absolute paths.
func OpenDir(dir string, scope Scope) *Store {
	return &Store{dir: dir, scope: scope, now: time.Now}
}

// Dir is the store's directory.
func (s *Store) Dir() string { return s.dir }

// Scope is the scope of the store's memories.
func (s *Store) Scope() Scope { return s.scope }

// Problem is a memory file that could not be used; it is skipped.
type Problem struct {
	Path string
	Err  error
}

func (p Problem) Error() string { return p.Path + ": " + p.Err.Error() }

// file is the absolute path of memory id's file.
func (s *Store) file(id ID) string { return filepath.Join(s.dir, string(id)+".md") }

// display is the path a memory file is shown with.
func (s *Store) display(file string) string {
	if s.root != "" {
		if rel, err := filepath.Rel(s.root, file); err == nil {
			return filepath.ToSlash(rel)
		}
	}
	return file
}

// lock takes the store's lock, creating the directory first; the caller
// must call the returned unlock.
func (s *Store) lock(ctx context.Context) (unlock func(), err error) {
	if err := s.ensureDir(); err != nil {
		return nil, err
	}
	p := filepath.Join(s.dir, lockName)
	if fi, err := os.Lstat(p); err == nil && !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("lock memories: refusing %s: not a regular file (remove it)", p)
	}
	fl := flock.New(p)
	ok, err := fl.TryLockContext(ctx, 5*time.Millisecond)
	if err != nil || !ok {
		return nil, fmt.Errorf("lock memories %s: %w", s.dir, errors.Join(err, ctx.Err()))
	}
	s.removeOrphans()
	return func() { fl.Unlock() }, nil
}

// orphanName is the name fsutil.WriteFile gives a memory file being written
// (os.CreateTemp's random digits after ".ID.md.tmp-").
var orphanName = textutil.Regexp(`^\..+\.md\.tmp-[0-9]+$`)

// removeOrphans removes the temporary files of memory writes that did not
// finish (a process killed between create and rename). It runs under the
// store lock, which every memory write holds, so no such file is still
// being written.
func (s *Store) removeOrphans() {
	entries, _ := os.ReadDir(s.dir)
	for _, e := range entries {
		if e.Type().IsRegular() && orphanName().MatchString(e.Name()) {
			os.Remove(filepath.Join(s.dir, e.Name()))
		}
	}
}

// checkDir checks the store's directory before a read or a write: in a
// workspace, .gortex and .gortex/memories must be real directories (a
// repository can commit either as a link to anywhere), made when create is
// set; a global store's directory is made when create is set.
func (s *Store) checkDir(create bool) error {
	switch {
	case s.root != "":
		return repofs.RealDirs(s.root, s.subdir(), create)
	case create:
		return os.MkdirAll(s.dir, 0o755)
	}
	return nil
}

// subdir is the store's directory relative to its workspace root.
func (s *Store) subdir() string {
	if s.proposals {
		return proposalsSubdir
	}
	return memoriesSubdir
}

func (s *Store) ensureDir() error {
	if err := s.checkDir(true); err != nil {
		return fmt.Errorf("create %s: %w", s.dir, err)
	}
	ig := filepath.Join(s.dir, ".gitignore")
	if _, err := os.Stat(ig); errors.Is(err, fs.ErrNotExist) {
		text := memIgnore
		if s.proposals {
			text = proposalIgnore
		}
		return fsutil.WriteFile(ig, []byte(text), 0o644)
	}
	return nil
}

// write stores m in its file.
func (s *Store) write(m *Memory) error {
	format := Format
	if s.proposals {
		format = FormatProposal
	}
	data, err := format(m)
	if err != nil {
		return err
	}
	file := s.file(m.ID)
	if err := fsutil.WriteFile(file, data, 0o644); err != nil {
		return err
	}
	m.Path, m.Scope = s.display(file), s.scope
	return nil
}

// MaxFileSize caps a memory file: a memory is a decision in a few
// paragraphs, a few KB. A larger file, like one that is a FIFO, a device
// or a link out of the repository (or, globally, out of the store), is
// skipped as a Problem, never read whole or waited on.
const MaxFileSize = 1 << 20

// read loads one memory file. A workspace memory is read through the
// repository root, a global one through its store's directory (repofs).
func (s *Store) read(file string) (*Memory, error) {
	dir := s.dir
	if s.root != "" {
		dir = s.root
	}
	rel, ok := repofs.Rel(dir, file)
	if !ok {
		return nil, fmt.Errorf("%s: %w", file, repofs.ErrOutside)
	}
	data, err := repofs.ReadIn(dir, rel, MaxFileSize)
	if err != nil {
		return nil, err
	}
	parse := Parse
	if s.proposals {
		parse = ParseProposal
	}
	m, err := parse(data)
	if err != nil {
		return nil, err
	}
	if stem := strings.TrimSuffix(filepath.Base(file), ".md"); string(m.ID) != stem {
		return nil, fmt.Errorf("%w: id %q differs from the file name %q", ErrInvalid, m.ID, stem)
	}
	m.Path, m.Scope = s.display(file), s.scope
	return m, nil
}

// loadAll reads every memory file, in ID (creation) order, and reports the
// malformed ones as problems. A missing directory holds no memories.
func (s *Store) loadAll() ([]*Memory, []Problem, error) {
	if err := s.checkDir(false); err != nil && !errors.Is(err, fs.ErrNotExist) {
		// Refused, not fatal: the answer is given without these memories.
		return nil, []Problem{{Path: s.display(s.dir), Err: err}}, nil
	}
	entries, err := os.ReadDir(s.dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil, nil
	}
	if err != nil {
		return nil, nil, fmt.Errorf("list memories: %w", err)
	}
	var mems []*Memory
	var probs []Problem
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || strings.HasPrefix(name, ".") || !strings.HasSuffix(name, ".md") {
			continue
		}
		file := filepath.Join(s.dir, name)
		m, err := s.read(file)
		if err != nil {
			probs = append(probs, Problem{Path: s.display(file), Err: err})
			continue
		}
		mems = append(mems, m)
	}
	linkSupersession(mems)
	return mems, probs, nil
}

// linkSupersession marks a memory superseded when another names it in
// supersedes, repairing a write interrupted between the two files.
func linkSupersession(mems []*Memory) {
	byID := make(map[ID]*Memory, len(mems))
	for _, m := range mems {
		byID[m.ID] = m
	}
	for _, m := range mems {
		if old := byID[m.Supersedes]; old != nil && old.SupersededBy == "" {
			old.SupersededBy = m.ID
		}
	}
}

// Filter selects memories in List; a zero field selects all.
type Filter struct {
	Kind   Kind
	Tag    string
	Anchor string // a symbol anchor as written or its ID, or a file anchor
	// Repo drops global memories whose anchors were recorded in another
	// repository (their Repo is set and differs).
	Repo     string
	LiveOnly bool // drop superseded memories
}

func (f Filter) match(m *Memory) bool {
	switch {
	case f.Kind != "" && m.Kind != f.Kind,
		f.Tag != "" && !slices.Contains(m.Tags, strings.ToLower(f.Tag)),
		f.Repo != "" && m.Repo != "" && m.Repo != f.Repo,
		f.LiveOnly && !m.Live():
		return false
	case f.Anchor == "":
		return true
	}
	return slices.Contains(m.Files, f.Anchor) || slices.ContainsFunc(m.Symbols, func(a SymbolAnchor) bool {
		return a.Written == f.Anchor || string(a.ID) == f.Anchor
	})
}

// List returns the memories f selects, oldest first, and the files that
// could not be read.
func (s *Store) List(ctx context.Context, f Filter) ([]*Memory, []Problem, error) {
	if err := ctx.Err(); err != nil {
		return nil, nil, err
	}
	all, probs, err := s.loadAll()
	var out []*Memory
	for _, m := range all {
		if f.match(m) {
			out = append(out, m)
		}
	}
	return out, probs, err
}

// Get returns the memory ref names: its ID (with or without the "mem:"
// prefix of its graph node), or a unique prefix of the ID, or a unique end
// of it (the random part). It returns ErrNotFound or ErrAmbiguous.
func (s *Store) Get(ctx context.Context, ref string) (*Memory, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	ref = strings.TrimPrefix(strings.TrimSpace(ref), NodePrefix)
	if ref == "" {
		return nil, fmt.Errorf("%w: empty id", ErrNotFound)
	}
	if ID(ref).Valid() {
		m, err := s.read(s.file(ID(ref)))
		if errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("%w: %s in %s", ErrNotFound, ref, s.dir)
		}
		return m, err
	}
	return s.find(ref)
}

func (s *Store) find(ref string) (*Memory, error) {
	all, _, err := s.loadAll()
	if err != nil {
		return nil, err
	}
	var hits []*Memory
	for _, m := range all {
		if strings.HasPrefix(string(m.ID), ref) || strings.HasSuffix(string(m.ID), ref) {
			hits = append(hits, m)
		}
	}
	switch len(hits) {
	case 0:
		return nil, fmt.Errorf("%w: %s in %s", ErrNotFound, ref, s.dir)
	case 1:
		return hits[0], nil
	}
	ids := make([]string, len(hits))
	for i, m := range hits {
		ids[i] = string(m.ID)
	}
	return nil, fmt.Errorf("%w: %q matches %s", ErrAmbiguous, ref, strings.Join(ids, ", "))
}
