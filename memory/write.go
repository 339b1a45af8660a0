package memory

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/gortex/gortex/graph"
)

// AddOptions shape Add and Supersede.
type AddOptions struct {
	// Force writes the memory even when it repeats a live one.
	Force bool
	// Resolve resolves symbol anchors that have no ID yet; without it such
	// an anchor is refused.
	Resolve AnchorResolver
	// Root is the repository root: symbol fingerprints are read and file
	// anchors checked under it, and a global memory with anchors records
	// it as its Repo. Empty skips those checks.
	Root string
}

// Result says what a write did. For StatusDuplicate, ID, Path and Memory
// are the existing memory's and Similarity is the Jaccard similarity.
type Result struct {
	ID         ID      `json:"id"`
	Status     Status  `json:"status"`
	Path       string  `json:"path"`
	Memory     *Memory `json:"-"`
	Similarity float64 `json:"similarity,omitempty"`
	Reason     string  `json:"reason,omitempty"` // why a proposal was refused
}

// Add sanitises m, fills its defaults, gives it a new ID and its times,
// resolves its anchors and validates it; then, unless it repeats a live
// memory (see DuplicateThreshold) and o.Force is false, writes it. m is
// updated in place.
func (s *Store) Add(ctx context.Context, m *Memory, o AddOptions) (Result, error) {
	if err := s.prepare(m, o); err != nil {
		return Result{}, err
	}
	unlock, err := s.lock(ctx)
	if err != nil {
		return Result{}, err
	}
	defer unlock()
	return s.addLocked(m, o.Force, "")
}

// prepare makes a new memory ready to write.
func (s *Store) prepare(m *Memory, o AddOptions) error {
	if err := ResolveAnchors(o.Root, m, o.Resolve); err != nil {
		return err
	}
	now := s.now().UTC().Truncate(time.Second)
	m.ID, m.Created, m.Updated = NewID(now), now, now
	m.Supersedes, m.SupersededBy = "", ""
	if s.scope == ScopeGlobal && o.Root != "" && len(m.Symbols)+len(m.Files) > 0 {
		m.Repo = o.Root
	}
	sanitizeMemory(m)
	m.applyDefaults()
	return m.Validate()
}

// sanitizeMemory runs Sanitize over every free-text field and normalises
// tags (lower case, no leading '#', no repeats).
func sanitizeMemory(m *Memory) {
	m.Title = SanitizeLine(m.Title)
	m.Body = strings.TrimRight(strings.TrimLeft(Sanitize(m.Body), "\n"), " \t\n")
	m.Author = SanitizeLine(m.Author)
	var tags []string
	for _, t := range m.Tags {
		t = strings.ToLower(strings.TrimLeft(SanitizeLine(t), "#"))
		if t != "" && !slices.Contains(tags, t) {
			tags = append(tags, t)
		}
	}
	m.Tags = tags
}

// addLocked writes m unless it duplicates a live memory other than except.
func (s *Store) addLocked(m *Memory, force bool, except ID) (Result, error) {
	if !force {
		all, _, err := s.loadAll()
		if err != nil {
			return Result{}, err
		}
		if dup, sim := findDuplicate(m, all, except); dup != nil {
			return Result{ID: dup.ID, Status: StatusDuplicate, Path: dup.Path, Memory: dup, Similarity: sim}, nil
		}
	}
	return s.create(m)
}

// addAgainst writes m unless it duplicates one of mems.
func (s *Store) addAgainst(m *Memory, mems []*Memory) (Result, error) {
	if dup, sim := findDuplicate(m, mems, ""); dup != nil {
		return Result{ID: dup.ID, Status: StatusDuplicate, Path: dup.Path, Memory: dup, Similarity: sim}, nil
	}
	return s.create(m)
}

// create writes the new memory m under a fresh file name.
func (s *Store) create(m *Memory) (Result, error) {
	for exists(s.file(m.ID)) {
		m.ID = NewID(m.Created)
	}
	if err := s.write(m); err != nil {
		return Result{}, err
	}
	return Result{ID: m.ID, Status: StatusCreated, Path: m.Path, Memory: m}, nil
}

func exists(path string) bool {
	_, err := os.Stat(path)
	return !errors.Is(err, fs.ErrNotExist)
}

// Edit reads the memory ref names, lets change modify it, then sanitises,
// validates and writes it with a new updated time. change must not alter
// the ID or the created time (they are restored) and must give new symbol
// anchors their IDs (see ResolveAnchors).
func (s *Store) Edit(ctx context.Context, ref string, change func(*Memory) error) (Result, error) {
	return s.edit(ctx, ref, true, change)
}

func (s *Store) edit(ctx context.Context, ref string, bump bool, change func(*Memory) error) (Result, error) {
	unlock, err := s.lock(ctx)
	if err != nil {
		return Result{}, err
	}
	defer unlock()
	m, err := s.Get(ctx, ref)
	if err != nil {
		return Result{}, err
	}
	id, created := m.ID, m.Created
	if err := change(m); err != nil {
		return Result{}, err
	}
	m.ID, m.Created = id, created
	sanitizeMemory(m)
	m.applyDefaults()
	if bump {
		m.Updated = later(m.Created, s.now())
	}
	if err := m.Validate(); err != nil {
		return Result{}, err
	}
	if err := s.write(m); err != nil {
		return Result{}, err
	}
	return Result{ID: m.ID, Status: StatusUpdated, Path: m.Path, Memory: m}, nil
}

func later(created, now time.Time) time.Time {
	now = now.UTC().Truncate(time.Second)
	if now.Before(created) {
		return created
	}
	return now
}

// Supersede adds m as the replacement of the live memory oldRef names, in
// one locked step: m.Supersedes and the old memory's SupersededBy point at
// each other. m inherits the old memory's anchors when it has none of its
// own. The duplicate check skips the old memory.
func (s *Store) Supersede(ctx context.Context, oldRef string, m *Memory, o AddOptions) (Result, error) {
	unlock, err := s.lock(ctx)
	if err != nil {
		return Result{}, err
	}
	defer unlock()
	old, err := s.Get(ctx, oldRef)
	if err != nil {
		return Result{}, err
	}
	if !old.Live() {
		return Result{}, fmt.Errorf("memory %s is already superseded by %s", old.ID, old.SupersededBy)
	}
	if len(m.Symbols) == 0 && len(m.Files) == 0 {
		m.Symbols, m.Files, o.Root = slices.Clone(old.Symbols), slices.Clone(old.Files), ""
		m.Repo = old.Repo
	}
	if err := s.prepare(m, o); err != nil {
		return Result{}, err
	}
	m.Supersedes = old.ID
	res, err := s.addLocked(m, o.Force, old.ID)
	if err != nil || res.Status == StatusDuplicate {
		return res, err
	}
	old.SupersededBy = m.ID
	old.Updated = later(old.Created, s.now())
	if err := s.write(old); err != nil {
		return res, fmt.Errorf("mark %s superseded: %w", old.ID, err)
	}
	return res, nil
}

// Forget deletes the memory ref names and clears the supersession links
// other memories have to it. It returns the deleted memory.
func (s *Store) Forget(ctx context.Context, ref string) (*Memory, error) {
	unlock, err := s.lock(ctx)
	if err != nil {
		return nil, err
	}
	defer unlock()
	m, err := s.Get(ctx, ref)
	if err != nil {
		return nil, err
	}
	if err := os.Remove(s.file(m.ID)); err != nil {
		return nil, fmt.Errorf("forget %s: %w", m.ID, err)
	}
	all, _, err := s.loadAll()
	if err != nil {
		return m, err
	}
	for _, o := range all {
		if o.Supersedes != m.ID && o.SupersededBy != m.ID {
			continue
		}
		if o.Supersedes == m.ID {
			o.Supersedes = ""
		}
		if o.SupersededBy == m.ID {
			o.SupersededBy = ""
		}
		if err := s.write(o); err != nil {
			return m, err
		}
	}
	return m, nil
}

// Check reconciles every memory of the store that belongs to root against
// gs (see Reconcile) and records the anchors it followed through a rename
// or move in their files (see Retarget); malformed files and files that
// could not be written come back as problems.
func (s *Store) Check(ctx context.Context, root string, gs *graph.Store) (Report, error) {
	mems, probs, err := s.List(ctx, Filter{Repo: root})
	if err != nil {
		return Report{}, err
	}
	rep, err := Reconcile(ctx, root, gs, mems)
	if err != nil {
		return rep, err
	}
	var failed []Problem
	rep.Retargeted, failed = s.Retarget(ctx, rep.Retargeted)
	rep.Problems = append(append(probs, rep.Problems...), failed...)
	return rep, nil
}
