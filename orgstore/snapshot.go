package orgstore

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/history"
	"github.com/gortex/gortex/internal/textutil"
	"github.com/gortex/gortex/memory"
	"github.com/gortex/gortex/query"
	"github.com/gortex/gortex/rationale"
	"github.com/gortex/gortex/workspace"
)

// Snapshot is what a repository's index publishes, as plain rows: made
// once by Extract, written by Store.Publish.
type Snapshot struct {
	Modules  []string
	Symbols  []Symbol
	Sections []Section
	Links    []Link
	Mentions []Mention
	Answers  []Answer
	Memories []Memory
	Commits  []Commit
}

// Symbol is a symbol, file or package.
type Symbol struct {
	ID, Qualified, Name, Kind, Path string
	Line, EndLine                   int
	Container                       string // the ID of its container (type, file, package)
	Doc                             string // the first paragraph of its doc comment
}

// Section is a document section.
type Section struct {
	ID, Path, Heading               string
	Line, EndLine                   int
	AssetKind, Status, SupersededBy string
	Updated                         time.Time
	Body                            string
}

// Link is one motivation of the repository's own motivates edges.
type Link struct {
	Section, Target, Signal, Detail string
	Score                           float64
}

// Mention is a name a section writes as code that may be another
// repository's: an import path, a module path, a path.
type Mention struct{ Section, Name string }

// Answer is a symbol's answer in its own repository: the entries gortex
// why gives it there (without the commits that wrote its lines, which the
// store does not hold).
type Answer struct {
	Symbol  string
	Entries []query.Entry
}

// Memory is a memory, of a repository or of the organisation.
type Memory struct {
	ID           string    `json:"id"`
	Title        string    `json:"title"`
	Body         string    `json:"body"`
	Kind         string    `json:"kind"`
	Anchors      []string  `json:"anchors"` // the names and IDs of the symbols it is about, and its files
	Importance   int       `json:"importance"`
	Confidence   float64   `json:"confidence"`
	Basis        string    `json:"basis"`
	Author       string    `json:"author,omitempty"`
	Pinned       bool      `json:"pinned,omitempty"`
	Created      time.Time `json:"created"`
	Updated      time.Time `json:"updated"`
	SupersededBy string    `json:"superseded_by,omitempty"`
}

// Commit is a commit's summary.
type Commit struct {
	Hash, Subject, Body, Author string
	Date                        time.Time
}

// ExtractOptions shape Extract.
type ExtractOptions struct {
	// Commits is how many of the latest commits to publish; 0 means
	// DefaultCommits, < 0 none.
	Commits int
	// Now is the time recency is measured from; zero means now.
	Now time.Time
}

// DefaultCommits is how many of the latest commits a publish writes.
const DefaultCommits = 1000

// Extract reads what w's index holds into a Snapshot, each symbol's
// answer made as gortex why makes it (lexical matching, memories, the
// meaning model when built; not the commits of its lines).
func Extract(ctx context.Context, w *workspace.Workspace, o ExtractOptions) (*Snapshot, error) {
	s := w.Store()
	snap := &Snapshot{Modules: modulesOf(w)}
	var targets []*graph.Node
	for n := range s.Nodes() {
		switch {
		case n.Kind.IsCode():
			sym := Symbol{ID: string(n.ID), Qualified: n.Qualified, Name: n.Name, Kind: string(n.Kind), Path: n.Path,
				Line: n.Line, EndLine: n.EndLine}
			if sym.Qualified == "" {
				sym.Qualified = n.Name
			}
			if c, ok := s.Container(n.ID); ok {
				sym.Container = string(c.ID)
			}
			snap.Symbols = append(snap.Symbols, sym)
			if n.Kind.IsSymbol() || n.Kind == graph.KindPackage {
				targets = append(targets, n)
			}
		case n.Kind == graph.KindDoc:
			snap.Sections = append(snap.Sections, sectionOf(n))
			for _, name := range mentionsOf(n) {
				snap.Mentions = append(snap.Mentions, Mention{Section: string(n.ID), Name: name})
			}
		}
	}
	for e := range s.Edges() {
		if !e.Kinds.Has(graph.EdgeMotivates) {
			continue
		}
		for _, m := range e.Motivations {
			snap.Links = append(snap.Links, Link{Section: string(e.From), Target: string(e.To), Signal: string(m.Signal),
				Detail: m.Detail, Score: m.Score})
		}
	}
	if w.Memories != nil {
		for _, m := range w.Memories.All() {
			if m.Scope == memory.ScopeWorkspace {
				snap.Memories = append(snap.Memories, memoryOf(m))
			}
		}
	}
	answers, docs, err := answersOf(ctx, w, targets, o.Now)
	if err != nil {
		return nil, err
	}
	snap.Answers = answers
	for i := range snap.Symbols {
		snap.Symbols[i].Doc = docs[snap.Symbols[i].ID]
	}
	if o.Commits >= 0 && w.History != nil {
		n := o.Commits
		if n == 0 {
			n = DefaultCommits
		}
		cs, err := w.History.Recent(ctx, n)
		if err == nil { // a directory git does not know has no commits to publish
			for _, c := range cs {
				snap.Commits = append(snap.Commits, commitOf(c))
			}
		}
	}
	return snap, nil
}

func modulesOf(w *workspace.Workspace) []string {
	var out []string
	for n := range w.Store().Nodes() {
		if n.Kind == graph.KindPackage && n.Qualified != "" && !strings.Contains(n.Qualified, " ") {
			out = append(out, n.Qualified)
		}
	}
	slices.Sort(out)
	return out
}

func sectionOf(n *graph.Node) Section {
	return Section{ID: string(n.ID), Path: n.Path, Heading: n.Name, Line: n.Line, EndLine: n.EndLine,
		AssetKind: n.Attr(rationale.AttrAssetKind), Status: n.Attr(rationale.AttrStatus),
		SupersededBy: n.Attr(rationale.AttrSupersededBy), Updated: n.Updated, Body: n.Text}
}

func memoryOf(m *memory.Memory) Memory {
	mm := Memory{ID: string(m.ID), Title: m.Title, Body: m.Body, Kind: string(m.Kind), Importance: m.Importance,
		Confidence: m.Confidence, Basis: string(m.Basis), Author: m.Author, Pinned: m.Pinned,
		Created: m.Created, Updated: m.Updated, SupersededBy: string(m.SupersededBy)}
	for _, a := range m.Symbols {
		mm.Anchors = append(mm.Anchors, a.Written)
		if a.ID != "" {
			mm.Anchors = append(mm.Anchors, string(a.ID))
		}
	}
	mm.Anchors = append(mm.Anchors, m.Files...)
	return mm
}

func commitOf(c history.Commit) Commit {
	return Commit{Hash: c.Hash, Subject: memory.SanitizeLine(c.Subject), Body: memory.Sanitize(c.Body),
		Author: memory.SanitizeLine(c.Author), Date: c.Date}
}

// answerWorkers bounds the goroutines that make answers.
var answerWorkers = max(runtime.GOMAXPROCS(0), 1)

// answersOf makes the answer of each target as gortex why makes it in the
// repository (no commits of its lines), and returns the non-empty ones
// with each target's doc paragraph.
func answersOf(ctx context.Context, w *workspace.Workspace, targets []*graph.Node, now time.Time) ([]Answer, map[string]string, error) {
	opts := w.QueryOptions()
	opts.History = nil
	opts.Limit = MaxLimit
	opts.Now = now
	if ci, err := w.OpenContent(); err == nil {
		defer ci.Close()
		opts.Searcher = ci
	}
	out := make([]Answer, len(targets))
	docs := make([]string, len(targets))
	errs := make([]error, answerWorkers)
	var wg sync.WaitGroup
	next := make(chan int)
	for k := range answerWorkers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				if errs[k] != nil {
					continue
				}
				n := targets[i]
				a, err := query.Why(ctx, w.Store(), query.NodeTarget(string(n.ID), n), opts)
				if err != nil {
					errs[k] = err
					continue
				}
				if a.Symbol != nil {
					docs[i] = a.Symbol.Doc
				}
				out[i] = Answer{Symbol: string(n.ID), Entries: a.Rationale}
			}
		}()
	}
	for i := range targets {
		if ctx.Err() != nil {
			break
		}
		next <- i
	}
	close(next)
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, nil, err
	}
	for _, err := range errs {
		if err != nil {
			return nil, nil, err
		}
	}
	kept := out[:0]
	docOf := make(map[string]string, len(targets))
	for i, a := range out {
		if docs[i] != "" {
			docOf[a.Symbol] = docs[i]
		}
		if len(a.Entries) > 0 {
			kept = append(kept, a)
		}
	}
	return kept, docOf, nil
}

// MaxLimit is the most entries a symbol's published answer keeps, and so
// the most an answer from the store can give.
const MaxLimit = 30

// pathToken is a path or dotted name as a document writes one in code: the
// candidates of mentions beyond the dotted names rationale finds.
var pathToken = textutil.Regexp("[A-Za-z0-9_.-]+(?:/[A-Za-z0-9_.-]+)+(?:::[A-Za-z0-9_.]+)?")

var codeSpan = textutil.Regexp("`([^`\n]+)`")

// mentionsOf returns the names section n writes as code that hold a '/'
// (an import path, a path qualified by a repository's name): what may name
// another repository's code. The dotted names come from the same scan as
// the named signal.
func mentionsOf(n *graph.Node) []string {
	seen := map[string]bool{}
	var out []string
	add := func(s string) {
		s = strings.Trim(s, ".,;:()[]{}\"'")
		if strings.Contains(s, "/") && !strings.Contains(s, "://") && len(s) <= 300 && !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	for _, c := range rationale.CodeNames(n) {
		add(c.Text)
	}
	for _, text := range []string{n.Name, n.Text} {
		for _, m := range codeSpan().FindAllStringSubmatch(text, -1) {
			for _, t := range pathToken().FindAllString(m[1], -1) {
				add(t)
			}
		}
	}
	return out
}

// namesOf returns the forms another repository's document may write sym
// in: its qualified name, that name from each '/' of its import path on
// ("acme/billing/invoice.Finalize", "billing/invoice.Finalize"), and, for
// a file or symbol, its path (or ID) qualified with the repository's
// short name ("billing/invoice/invoice.go").
func namesOf(sym Symbol, short string) []string {
	var out []string
	q := sym.Qualified
	if q != "" {
		out = append(out, q)
		slash := strings.LastIndex(q, "/")
		for i := 0; i < slash; i++ {
			if q[i] == '/' {
				out = append(out, q[i+1:])
			}
		}
	}
	if short != "" {
		switch graph.NodeKind(sym.Kind) {
		case graph.KindFile:
			out = append(out, short+"/"+sym.Path)
		case graph.KindPackage:
		default:
			out = append(out, short+"/"+sym.ID)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// hashOf is the SHA-256 of v's JSON: what a publish compares to write only
// the rows that changed.
func hashOf(v any) []byte {
	b, _ := json.Marshal(v)
	h := sha256.Sum256(b)
	return h[:]
}
