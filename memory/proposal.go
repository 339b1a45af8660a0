package memory

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/gofrs/flock"
	"github.com/gortex/gortex/internal/textutil"
)

// Proposals are memories waiting for a person: what gortex reflect drew
// from a session and what an agent proposed (propose_memory). They live in
// a store of their own, .gortex/proposals/, in the memory file format with
// status: proposed; nothing reads them as reasoning until one is accepted,
// which writes it as a memory through the normal path (Add: validation,
// duplicates, anchors) and removes the proposal.

const (
	proposalsSubdir = ".gortex/proposals"
	proposalIgnore  = "# written by gortex: locks and unfinished writes are not proposals\n.lock\n.*.lock\n.*.tmp-*\n"
)

// StatusProposed says that Propose queued a proposal; StatusRefused that
// it refused one (Result.Reason says why).
const (
	StatusProposed Status = "proposed"
	StatusRefused  Status = "refused"
)

// ErrLocked is returned by Claim when another process holds the claim.
var ErrLocked = errors.New("claimed by another process")

// ProposalsDir is the directory of root's proposals.
func ProposalsDir(root string) string {
	return filepath.Join(root, filepath.FromSlash(proposalsSubdir))
}

// OpenProposals returns the store of root's proposals. Nothing is created
// until the first write.
func OpenProposals(root string) *Store {
	return &Store{dir: ProposalsDir(root), scope: ScopeWorkspace, root: root, now: time.Now, proposals: true}
}

var claimKey = textutil.Regexp(`^[a-z0-9-]{1,64}$`)

// Claim takes, without waiting, the claim named key (lower-case letters,
// digits and dashes) in the store's directory, so that two processes doing
// the same work do not both write. It returns ErrLocked when another
// holds it; the caller must call release.
func (s *Store) Claim(key string) (release func(), err error) {
	if !claimKey().MatchString(key) {
		return nil, fmt.Errorf("claim %q: not a key", key)
	}
	if err := s.ensureDir(); err != nil {
		return nil, err
	}
	// As for the store's lock: a claim file a repository commits as a link
	// (or anything but a file) is not followed.
	p := filepath.Join(s.dir, "."+key+".lock")
	if fi, err := os.Lstat(p); err == nil && !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("claim %s: refusing %s: not a regular file (remove it)", key, p)
	}
	fl := flock.New(p)
	ok, err := fl.TryLock()
	switch {
	case err != nil:
		return nil, fmt.Errorf("claim %s: %w", key, err)
	case !ok:
		return nil, fmt.Errorf("claim %s: %w", key, ErrLocked)
	}
	return func() { fl.Unlock() }, nil
}

// Propose queues ms as proposals in s, a proposal store, in one locked
// step. Each is prepared as Add prepares a memory (sanitised, defaults,
// anchors resolved, validated; one that fails is refused, with the
// reason), then dropped as a duplicate when it repeats (DuplicateThreshold)
// a pending proposal, one of live, or an earlier one of ms. The results are
// in the order of ms. When a write fails, the proposals written by this
// call are removed again and the error returned: a failed Propose changes
// nothing.
func (s *Store) Propose(ctx context.Context, ms []*Memory, o AddOptions, live []*Memory) ([]Result, error) {
	if !s.proposals {
		return nil, errors.New("propose: not a proposal store")
	}
	results := make([]Result, len(ms))
	var ready []int
	for i, m := range ms {
		if err := s.prepare(m, o); err != nil {
			results[i] = Result{Status: StatusRefused, Reason: err.Error(), Memory: m}
			continue
		}
		ready = append(ready, i)
	}
	if len(ready) == 0 {
		return results, nil
	}
	unlock, err := s.lock(ctx)
	if err != nil {
		return nil, err
	}
	defer unlock()
	pending, _, err := s.loadAll()
	if err != nil {
		return nil, err
	}
	against := append(pending, live...)
	var written []ID
	for _, i := range ready {
		res, err := s.addAgainst(ms[i], against)
		if err != nil {
			for _, id := range written {
				os.Remove(s.file(id))
			}
			return nil, err
		}
		if res.Status == StatusCreated {
			res.Status = StatusProposed
			written = append(written, res.ID)
			against = append(against, ms[i])
		}
		results[i] = res
	}
	return results, nil
}

// Accept makes the proposal ref names a memory of into: change (when not
// nil) edits a copy of it, its symbol anchors are resolved again against
// the current index (o.Resolve), and into.Add writes it (validation,
// duplicates unless o.Force). Then the proposal is removed. A duplicate
// leaves the proposal as it was.
func (s *Store) Accept(ctx context.Context, ref string, into *Store, change func(*Memory) error, o AddOptions) (Result, error) {
	if !s.proposals || into.proposals {
		return Result{}, errors.New("accept: from a proposal store into a memory store")
	}
	p, err := s.Get(ctx, ref)
	if err != nil {
		return Result{}, err
	}
	m := &Memory{Title: p.Title, Body: p.Body, Kind: p.Kind, Files: p.Files, Tags: p.Tags, Importance: p.Importance,
		Confidence: p.Confidence, Basis: p.Basis, Pinned: p.Pinned, Source: p.Source, Author: p.Author}
	for _, a := range p.Symbols {
		m.Symbols = append(m.Symbols, SymbolAnchor{Written: a.Written})
	}
	if change != nil {
		if err := change(m); err != nil {
			return Result{}, err
		}
	}
	res, err := into.Add(ctx, m, o)
	if err != nil || res.Status != StatusCreated {
		return res, err
	}
	if _, err := s.Forget(ctx, string(p.ID)); err != nil {
		return res, fmt.Errorf("accepted as %s, but the proposal stays: %w", res.ID, err)
	}
	return res, nil
}
