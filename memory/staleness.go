package memory

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/repofs"
)

// A fingerprint finds an anchored symbol again after it was renamed or
// moved. It is "<kind>/<lines>/<hash>": the hash covers the symbol's kind,
// the shape of its signature and its source lines (Line..EndLine), with
// white space collapsed and every whole-word occurrence of the symbol's own
// name removed, so a rename or a move to another file or package keeps it
// while an edit of the body changes it. The kind and line count come first
// so that Reconcile reads only the files of symbols that could match.
// Fingerprints are recorded when an anchor is written (add, edit, retarget)
// and not refreshed when the body changes later; re-anchor with
// `gortex memory edit --symbol` after rewriting a symbol.

// Fingerprint computes the fingerprint of symbol n from its source under root.
func Fingerprint(root string, n *graph.Node) (string, error) {
	src, err := readSource(root, n.Path)
	if err != nil {
		return "", fmt.Errorf("fingerprint %s: %w", n.ID, err)
	}
	return fingerprintOf(src, n)
}

// maxSourceSize caps a source file read for a fingerprint: four times the
// indexer's default limit, past which no file is indexed anyway.
const maxSourceSize = 8 << 20

// readSource reads the repo-relative file p under root through repofs: a
// path the graph holds may since have become a link out of the
// repository, a device or a FIFO.
func readSource(root, p string) ([]byte, error) {
	return repofs.ReadIn(root, filepath.FromSlash(p), maxSourceSize)
}

func fingerprintOf(src []byte, n *graph.Node) (string, error) {
	lines := strings.Split(string(src), "\n")
	if n.Line < 1 || n.EndLine < n.Line || n.EndLine > len(lines) {
		return "", fmt.Errorf("fingerprint %s: lines %d–%d are not in %s", n.ID, n.Line, n.EndLine, n.Path)
	}
	body := strings.Join(lines[n.Line-1:n.EndLine], "\n")
	sum := sha256.Sum256([]byte(string(n.Kind) + "\x00" + shape(n.Signature, n.Name) + "\x00" + shape(body, n.Name)))
	return fmt.Sprintf("%s/%x", fingerprintKey(n), sum[:8]), nil
}

// fingerprintKey is the "<kind>/<lines>" prefix of n's fingerprint.
func fingerprintKey(n *graph.Node) string {
	return string(n.Kind) + "/" + strconv.Itoa(n.EndLine-n.Line+1)
}

// shape removes name as a whole word from s and collapses white space.
func shape(s, name string) string {
	return strings.Join(strings.Fields(removeWord(s, name)), " ")
}

func removeWord(s, name string) string {
	if name == "" {
		return s
	}
	var b strings.Builder
	for {
		i := strings.Index(s, name)
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		end := i + len(name)
		before, _ := utf8.DecodeLastRuneInString(s[:i])
		after, _ := utf8.DecodeRuneInString(s[end:])
		b.WriteString(s[:i])
		if (i > 0 && isIdentRune(before)) || (end < len(s) && isIdentRune(after)) {
			b.WriteString(name) // part of a longer identifier
		}
		s = s[end:]
	}
}

func isIdentRune(r rune) bool { return r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) }

// Retarget is an anchor Reconcile followed to a renamed or moved symbol.
type Retarget struct {
	Memory  ID           `json:"memory"`
	Path    string       `json:"path"` // the memory's file
	From    graph.NodeID `json:"from"`
	To      graph.NodeID `json:"to"`
	Written string       `json:"written"` // the anchor as written before
	Now     string       `json:"now"`     // and after
}

func (r Retarget) String() string {
	return fmt.Sprintf("memory %s: anchor %s moved to %s (%s); %s updated", r.Memory, r.Written, r.Now, r.To, r.Path)
}

// Pending says the move was followed but not yet written to the file.
func (r Retarget) Pending() string {
	return fmt.Sprintf("memory %s: anchor %s followed to %s (%s); `gortex memory check` records it in %s", r.Memory, r.Written, r.Now, r.To, r.Path)
}

// StaleAnchor is an anchor whose symbol or file is gone.
type StaleAnchor struct {
	Memory  ID           `json:"memory"`
	Path    string       `json:"path"`    // the memory's file
	Written string       `json:"written"` // the anchor as written (the file path for a file anchor)
	ID      graph.NodeID `json:"id"`
	File    bool         `json:"file"`
	Reason  string       `json:"reason"`
}

func (s StaleAnchor) String() string {
	return fmt.Sprintf("%s: memory %s: anchor %s is stale: %s", s.Path, s.Memory, s.Written, s.Reason)
}

// Report is what Reconcile found.
type Report struct {
	Retargeted []Retarget
	Stale      []StaleAnchor
	Problems   []Problem // memories whose retarget could not be written
}

// Reconcile checks the anchors of mems against gs (built from the
// repository at root), in memory only: it writes no file. An anchored
// symbol that no longer exists is looked for by fingerprint: exactly one
// symbol with the same fingerprint means it was renamed or moved, and the
// anchor is followed in mems (its written form too) and reported in
// Retargeted, for Store.Retarget to record. Otherwise, and for a file
// anchor whose file is gone, the anchor is marked stale in mems. Anchors of
// global memories recorded in another repository are left alone.
func Reconcile(ctx context.Context, root string, gs *graph.Store, mems []*Memory) (Report, error) {
	var rep Report
	idx := newFingerprintIndex(root, gs)
	for _, m := range mems {
		if m.Repo != "" && m.Repo != root {
			continue
		}
		for i := range m.Symbols {
			if !gs.Has(m.Symbols[i].ID) {
				idx.want(m.Symbols[i].Fingerprint)
			}
		}
	}
	for _, m := range mems {
		if err := ctx.Err(); err != nil {
			return rep, err
		}
		if m.Repo != "" && m.Repo != root {
			continue
		}
		rep.Retargeted = append(rep.Retargeted, reconcileMemory(root, gs, idx, m, &rep)...)
	}
	return rep, nil
}

// Retarget records moves (from Reconcile) in the files of s's memories,
// without bumping updated: following a rename changes no reasoning. It
// returns the moves it wrote and, for each memory whose file could not be
// written, a problem.
func (s *Store) Retarget(ctx context.Context, moves []Retarget) ([]Retarget, []Problem) {
	byMemory := map[ID][]Retarget{}
	var order []ID
	for _, mv := range moves {
		if byMemory[mv.Memory] == nil {
			order = append(order, mv.Memory)
		}
		byMemory[mv.Memory] = append(byMemory[mv.Memory], mv)
	}
	var done []Retarget
	var probs []Problem
	for _, id := range order {
		if err := s.retarget(ctx, id, byMemory[id]); err != nil {
			probs = append(probs, Problem{Path: byMemory[id][0].Path, Err: err})
			continue
		}
		done = append(done, byMemory[id]...)
	}
	return done, probs
}

// reconcileMemory marks m's stale anchors, retargets its moved ones in m,
// and returns the moves.
func reconcileMemory(root string, gs *graph.Store, idx *fingerprintIndex, m *Memory, rep *Report) []Retarget {
	var moves []Retarget
	for i := range m.Symbols {
		a := &m.Symbols[i]
		a.Stale = false
		if gs.Has(a.ID) {
			continue
		}
		n, reason := idx.match(a.Fingerprint)
		if n == nil {
			a.Stale = true
			rep.Stale = append(rep.Stale, StaleAnchor{Memory: m.ID, Path: m.Path, Written: a.Written, ID: a.ID, Reason: reason})
			continue
		}
		mv := Retarget{Memory: m.ID, Path: m.Path, From: a.ID, To: n.ID, Written: a.Written, Now: rewritten(a.Written, n)}
		a.ID, a.Written = mv.To, mv.Now
		moves = append(moves, mv)
	}
	m.staleFiles = nil
	for _, f := range m.Files {
		if gs.Has(graph.FileID(f)) {
			continue
		}
		if _, err := os.Stat(filepath.Join(root, filepath.FromSlash(f))); err != nil {
			m.staleFiles = append(m.staleFiles, f)
			rep.Stale = append(rep.Stale, StaleAnchor{Memory: m.ID, Path: m.Path, Written: f, ID: graph.FileID(f), File: true, Reason: "the file is gone"})
		}
	}
	return moves
}

// retarget writes moves into the memory's file, without bumping updated:
// following a rename changes no reasoning.
func (s *Store) retarget(ctx context.Context, id ID, moves []Retarget) error {
	_, err := s.edit(ctx, string(id), false, func(m *Memory) error {
		for i := range m.Symbols {
			for _, mv := range moves {
				if m.Symbols[i].ID == mv.From {
					m.Symbols[i].ID, m.Symbols[i].Written = mv.To, mv.Now
				}
			}
		}
		return nil
	})
	return err
}

// fingerprintIndex finds symbols by fingerprint, reading only the files of
// symbols whose kind and line count match a wanted fingerprint.
type fingerprintIndex struct {
	root  string
	gs    *graph.Store
	keys  map[string]bool
	byFP  map[string][]*graph.Node
	built bool
}

func newFingerprintIndex(root string, gs *graph.Store) *fingerprintIndex {
	return &fingerprintIndex{root: root, gs: gs, keys: map[string]bool{}}
}

func (x *fingerprintIndex) want(fp string) {
	if i := strings.LastIndexByte(fp, '/'); i > 0 {
		x.keys[fp[:i]] = true
	}
}

func (x *fingerprintIndex) build() {
	x.built = true
	x.byFP = map[string][]*graph.Node{}
	if len(x.keys) == 0 {
		return
	}
	files := map[string][]byte{}
	for n := range x.gs.Nodes() {
		if !n.Kind.IsSymbol() || !x.keys[fingerprintKey(n)] {
			continue
		}
		src, ok := files[n.Path]
		if !ok {
			src, _ = readSource(x.root, n.Path)
			files[n.Path] = src
		}
		if fp, err := fingerprintOf(src, n); err == nil {
			x.byFP[fp] = append(x.byFP[fp], n)
		}
	}
}

// errNoFingerprint says why an anchor without a fingerprint cannot be followed.
var errNoFingerprint = errors.New("the symbol is gone and the anchor has no fingerprint to find it by")

// match returns the one symbol with fingerprint fp, or nil and the reason.
func (x *fingerprintIndex) match(fp string) (*graph.Node, string) {
	if fp == "" {
		return nil, errNoFingerprint.Error()
	}
	if !x.built {
		x.build()
	}
	switch c := x.byFP[fp]; len(c) {
	case 0:
		return nil, "the symbol is gone (deleted, or renamed and rewritten)"
	case 1:
		return c[0], ""
	default:
		return nil, fmt.Sprintf("the symbol is gone and %d symbols share its fingerprint", len(c))
	}
}
