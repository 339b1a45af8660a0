package rationale

import (
	"crypto/rand"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/gortex/gortex/graph"
)

// MemoryID identifies a memory: the UTC second it was created and six
// random base-32 characters, "20261130T215309Z-k3x9q2". IDs sort by
// creation time to the second (within one second the order is arbitrary);
// 30 random bits make a collision in one second negligible, and Add refuses
// to overwrite an existing file anyway. The memory's file is "<id>.md".
type MemoryID string

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
)

// Sources lists every source.
var Sources = []Source{SourceManual, SourceAgent, SourceReview}

// Scope says which store a memory lives in.
type Scope string

// The scopes: a repository's own memories, committed with it, and the
// user's memories shared by every repository.
const (
	ScopeWorkspace Scope = "workspace"
	ScopeGlobal    Scope = "global"
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

// Defaults applied to fields a caller leaves zero (confidence has none: 0
// is a valid confidence, so callers choose it).
const (
	DefaultKind       = KindDecision
	DefaultImportance = 3
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
	ID           MemoryID       `json:"id"`
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
	Supersedes   MemoryID       `json:"supersedes"`
	SupersededBy MemoryID       `json:"superseded_by"`
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

var idPattern = regexp.MustCompile(`^[0-9]{8}T[0-9]{6}Z-[0-9a-z]{6}$`)

// idAlphabet is Crockford's base 32 in lower case: no i, l, o, u.
const idAlphabet = "0123456789abcdefghjkmnpqrstvwxyz"

// NewMemoryID returns a fresh ID for a memory created at t.
func NewMemoryID(t time.Time) MemoryID {
	var b [6]byte
	rand.Read(b[:]) // never fails (crypto/rand since Go 1.24)
	for i := range b {
		b[i] = idAlphabet[b[i]&31]
	}
	return MemoryID(t.UTC().Format("20060102T150405Z") + "-" + string(b[:]))
}

// Valid reports whether id has the shape NewMemoryID makes.
func (id MemoryID) Valid() bool { return idPattern.MatchString(string(id)) }

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
			return cutRunes(line, 80)
		}
	}
	return ""
}

func cutRunes(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return strings.TrimSpace(string(r[:n-1])) + "…"
}

// Validate reports the first thing wrong with m, wrapping ErrInvalid.
func (m *Memory) Validate() error {
	for _, check := range []func() error{m.validateText, m.validateEnums, m.validateNumbers, m.validateAnchors, m.validateLinks} {
		if err := check(); err != nil {
			return fmt.Errorf("%w: %w", ErrInvalid, err)
		}
	}
	return nil
}

func (m *Memory) validateText() error {
	switch {
	case !m.ID.Valid():
		return fmt.Errorf("id %q is not of the form 20261130T215309Z-k3x9q2", m.ID)
	case strings.TrimSpace(m.Body) == "":
		return errors.New("the body is empty: say what was decided and why")
	case strings.TrimSpace(m.Title) == "":
		return errors.New("the title is empty")
	case strings.ContainsAny(m.Title, "\r\n"):
		return errors.New("the title must be one line")
	case utf8.RuneCountInString(m.Title) > MaxTitleLen:
		return fmt.Errorf("the title has %d characters; at most %d", utf8.RuneCountInString(m.Title), MaxTitleLen)
	case utf8.RuneCountInString(m.Body) > MaxBodyLen:
		return fmt.Errorf("the body has %d characters; at most %d", utf8.RuneCountInString(m.Body), MaxBodyLen)
	case !utf8.ValidString(m.Title + m.Body + m.Author):
		return errors.New("title, body and author must be UTF-8")
	case strings.ContainsAny(m.Author, "\r\n"):
		return errors.New("the author must be one line")
	}
	return validateTags(m.Tags)
}

func validateTags(tags []string) error {
	if len(tags) > MaxTags {
		return fmt.Errorf("%d tags; at most %d", len(tags), MaxTags)
	}
	for _, t := range tags {
		switch {
		case t == "" || strings.ContainsAny(t, " \t\r\n,"):
			return fmt.Errorf("tag %q: a tag is one word without commas", t)
		case utf8.RuneCountInString(t) > MaxTagLen || !utf8.ValidString(t):
			return fmt.Errorf("tag %q: at most %d characters of UTF-8", t, MaxTagLen)
		}
	}
	return nil
}

func (m *Memory) validateEnums() error {
	switch {
	case !slices.Contains(Kinds, m.Kind):
		return fmt.Errorf("unknown kind %q; one of %s", m.Kind, joinEnum(Kinds))
	case !slices.Contains(Bases, m.Basis):
		return fmt.Errorf("unknown basis %q; one of %s", m.Basis, joinEnum(Bases))
	case !slices.Contains(Sources, m.Source):
		return fmt.Errorf("unknown source %q; one of %s", m.Source, joinEnum(Sources))
	}
	return nil
}

func (m *Memory) validateNumbers() error {
	switch {
	case m.Importance < 1 || m.Importance > 5:
		return fmt.Errorf("importance %d is out of range 1–5", m.Importance)
	case !(m.Confidence >= 0 && m.Confidence <= 1): // also catches NaN
		return fmt.Errorf("confidence %v is out of range 0–1", m.Confidence)
	case m.Created.IsZero() || m.Updated.IsZero():
		return errors.New("created and updated times are required")
	}
	return nil
}

func (m *Memory) validateAnchors() error {
	for _, a := range m.Symbols {
		switch {
		case a.ID == "":
			return fmt.Errorf("symbol anchor %q: %w", a.Written, ErrUnresolved)
		case !oneLine(string(a.ID)) || !oneLine(a.Written) || !oneLine(a.Fingerprint):
			return fmt.Errorf("symbol anchor %q: each part must be one line of UTF-8", a.Written)
		}
	}
	if !oneLine(m.Repo) {
		return errors.New("repo must be one line of UTF-8")
	}
	for _, f := range m.Files {
		if err := checkRelPath(f); err != nil {
			return fmt.Errorf("file anchor %q: %w", f, err)
		}
	}
	return nil
}

func (m *Memory) validateLinks() error {
	switch {
	case m.Supersedes != "" && !m.Supersedes.Valid():
		return fmt.Errorf("supersedes %q is no memory id", m.Supersedes)
	case m.SupersededBy != "" && !m.SupersededBy.Valid():
		return fmt.Errorf("superseded_by %q is no memory id", m.SupersededBy)
	case m.Supersedes == m.ID || m.SupersededBy == m.ID:
		return errors.New("a memory cannot supersede itself")
	}
	return nil
}

// checkRelPath accepts a clean, repo-relative, forward-slash path.
func checkRelPath(p string) error {
	switch {
	case p == "" || !oneLine(p) || strings.Contains(p, "\\"):
		return errors.New("not a file path")
	case strings.HasPrefix(p, "/") || p == ".." || strings.HasPrefix(p, "../"):
		return errors.New("must be relative to the repository root")
	case cleanSlash(p) != p:
		return fmt.Errorf("not clean; write %q", cleanSlash(p))
	}
	return nil
}

// oneLine reports whether s is UTF-8 without line breaks.
func oneLine(s string) bool { return utf8.ValidString(s) && !strings.ContainsAny(s, "\r\n") }

func joinEnum[T ~string](vs []T) string {
	s := make([]string, len(vs))
	for i, v := range vs {
		s[i] = string(v)
	}
	return strings.Join(s, ", ")
}
