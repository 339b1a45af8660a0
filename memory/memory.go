package memory

import (
	"crypto/rand"
	"errors"
	"slices"
	"strings"
	"time"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/internal/textutil"
)

// ID identifies a memory: the UTC second it was created and six
// random base-32 characters, "20261130T215309Z-k3x9q2". IDs sort by
// creation time to the second (within one second the order is arbitrary);
// 30 random bits make a collision in one second negligible, and Add refuses
// to overwrite an existing file anyway. The memory's file is "<id>.md".
type ID string

// Kind says what sort of reasoning a memory records.
type Kind string

// The memory kinds.
const (
	KindDecision   Kind = "decision"
	KindInvariant  Kind = "invariant"
	KindConstraint Kind = "constraint"
	KindIncident   Kind = "incident"
	KindConvention Kind = "convention"
	KindGotcha     Kind = "gotcha"
	KindReference  Kind = "reference"
)

// Kinds lists every kind, for help text and validation.
var Kinds = []Kind{KindDecision, KindInvariant, KindConstraint, KindIncident, KindConvention, KindGotcha, KindReference}

// Basis says where a memory's support comes from.
type Basis string

// The bases.
const (
	BasisResearch    Basis = "research"
	BasisMeasurement Basis = "measurement"
	BasisIncident    Basis = "incident"
	BasisReview      Basis = "review"
	BasisAssumption  Basis = "assumption"
	BasisUnknown     Basis = "unknown"
)

// Bases lists every basis.
var Bases = []Basis{BasisResearch, BasisMeasurement, BasisIncident, BasisReview, BasisAssumption, BasisUnknown}

// Source says who wrote a memory down.
type Source string

// The sources.
const (
	SourceManual Source = "manual"
	SourceAgent  Source = "agent"
	SourceReview Source = "review"
	// SourceReflection is a note gortex reflect drew from a session
	// transcript; it is proposed, and a person accepts it.
	SourceReflection Source = "reflection"
)

// Sources lists every source.
var Sources = []Source{SourceManual, SourceAgent, SourceReview, SourceReflection}

// Scope says which store a memory lives in.
type Scope string

// The scopes: a repository's own memories, committed with it, and the
// user's memories shared by every repository.
const (
	ScopeWorkspace Scope = "workspace"
	ScopeGlobal    Scope = "global"
	// ScopeBoth selects the workspace and the global store together,
	// where a reader takes a scope (why, memory list, the MCP tools); no
	// memory has it.
	ScopeBoth Scope = "both"
)

// Caps on a memory's text, in runes. A memory is a decision written down,
// not a document: 200 runes hold any useful title, 20,000 a long incident
// write-up; past that, write a doc and let the linker find it.
const (
	MaxTitleLen = 200
	MaxBodyLen  = 20000
	MaxTags     = 20
	MaxTagLen   = 50
)

// Defaults applied to fields a caller leaves zero. Confidence is not
// applied by the store (0 is a valid confidence): DefaultConfidence is what
// every surface offers when the user gives none — a decision written down
// on purpose is likely, not certain.
const (
	DefaultKind       = KindDecision
	DefaultImportance = 3
	DefaultConfidence = 0.8
)

// Errors of memory validation and the store; wrapped with details.
var (
	ErrInvalid    = errors.New("invalid memory")
	ErrNotFound   = errors.New("memory not found")
	ErrAmbiguous  = errors.New("ambiguous memory id")
	ErrUnresolved = errors.New("anchor does not resolve to one symbol")
)

// SymbolAnchor ties a memory to a code symbol: the query as the author
// wrote it, the stable ID it resolved to at write time, and a fingerprint of
// the symbol's body that finds it again after a rename or move.
type SymbolAnchor struct {
	Written     string       `yaml:"written" json:"written"`
	ID          graph.NodeID `yaml:"id" json:"id"`
	Fingerprint string       `yaml:"fingerprint,omitempty" json:"fingerprint,omitempty"`
	// Stale is set by Reconcile when the symbol is gone; never stored.
	Stale bool `yaml:"-" json:"stale,omitempty"`
}

// Memory is one recorded piece of reasoning. Path and Scope are set by the
// store that loaded it; every other field is stored in the memory's file.
type Memory struct {
	ID           ID             `json:"id"`
	Title        string         `json:"title"`
	Body         string         `json:"body"`
	Kind         Kind           `json:"kind"`
	Symbols      []SymbolAnchor `json:"symbols"`
	Files        []string       `json:"files"`
	Tags         []string       `json:"tags"`
	Importance   int            `json:"importance"`
	Confidence   float64        `json:"confidence"`
	Basis        Basis          `json:"basis"`
	Pinned       bool           `json:"pinned"`
	Source       Source         `json:"source"`
	Author       string         `json:"author"`
	Created      time.Time      `json:"created"`
	Updated      time.Time      `json:"updated"`
	Supersedes   ID             `json:"supersedes"`
	SupersededBy ID             `json:"superseded_by"`
	// Repo is the repository root a global memory's anchors were resolved
	// in; its anchors mean nothing in another repository. Empty for
	// workspace memories.
	Repo string `json:"repo,omitempty"`

	Path  string `json:"path"`  // the file: repo-relative for workspace memories, absolute for global ones
	Scope Scope  `json:"scope"` // the store it came from

	staleFiles []string // file anchors Reconcile found gone
}

// Live reports whether no other memory supersedes m.
func (m *Memory) Live() bool { return m.SupersededBy == "" }

// Stale reports whether Reconcile found any anchor of m gone.
func (m *Memory) Stale() bool {
	return len(m.staleFiles) > 0 || slices.ContainsFunc(m.Symbols, func(a SymbolAnchor) bool { return a.Stale })
}

// StaleFiles returns the file anchors of m that Reconcile found gone.
func (m *Memory) StaleFiles() []string { return slices.Clone(m.staleFiles) }

var idPattern = textutil.Regexp(`^[0-9]{8}T[0-9]{6}Z-[0-9a-z]{6}$`)

// idAlphabet is Crockford's base 32 in lower case: no i, l, o, u.
const idAlphabet = "0123456789abcdefghjkmnpqrstvwxyz"

// NewID returns a fresh ID for a memory created at t.
func NewID(t time.Time) ID {
	var b [6]byte
	rand.Read(b[:]) // never fails (crypto/rand since Go 1.24)
	for i := range b {
		b[i] = idAlphabet[b[i]&31]
	}
	return ID(t.UTC().Format("20060102T150405Z") + "-" + string(b[:]))
}

// Valid reports whether id has the shape NewID makes.
func (id ID) Valid() bool { return idPattern().MatchString(string(id)) }

// applyDefaults fills the fields a caller may leave zero.
func (m *Memory) applyDefaults() {
	if m.Kind == "" {
		m.Kind = DefaultKind
	}
	if m.Importance == 0 {
		m.Importance = DefaultImportance
	}
	if m.Basis == "" {
		m.Basis = BasisUnknown
	}
	if m.Source == "" {
		m.Source = SourceManual
	}
	if m.Title == "" {
		m.Title = titleFrom(m.Body)
	}
}

// titleFrom derives a title from the body's first non-blank line.
func titleFrom(body string) string {
	for line := range strings.Lines(body) {
		line = strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(line), "#>*- "))
		if line != "" {
			return textutil.Cut(line, 80)
		}
	}
	return ""
}

// NodePrefix starts the graph node ID of a memory: "mem:<id>".
const NodePrefix = "mem:"

// NodeID is the graph node ID of memory id, the ID its answers carry.
func NodeID(id ID) graph.NodeID { return graph.NodeID(NodePrefix + string(id)) }

// IDOf is the memory ID of the graph node ID n, the inverse of NodeID;
// false when n is no memory's.
func IDOf(n graph.NodeID) (ID, bool) {
	id, ok := strings.CutPrefix(string(n), NodePrefix)
	return ID(id), ok
}

// Score is the score of a memory's motivates edges, in [0, 1). It
// orders memories lexicographically: pinned first (0.5), then importance
// (steps of 0.1), then confidence (up to 0.095, less than one importance
// step), so that a ranker adding it to the memory signal's strength gets
// the order pinned, importance, confidence.
func Score(pinned bool, importance int, confidence float64) float64 {
	s := 0.1*float64(min(max(importance, 1), 5)-1) + 0.095*min(max(confidence, 0), 1)
	if pinned {
		s += 0.5
	}
	return s
}
