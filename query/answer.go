package query

import (
	"github.com/gortex/gortex/audit"
	"github.com/gortex/gortex/graph"
)

// Answer is the one data structure every output format renders. Field
// names are a contract with agents: later versions add fields, never rename.
type Answer struct {
	Query      string      `json:"query" toon:"query"`
	Symbol     *SymbolRef  `json:"symbol" toon:"symbol"`
	Candidates []SymbolRef `json:"candidates" toon:"candidates"`
	// TotalCandidates is how many symbols an ambiguous query matched;
	// Candidates holds the likeliest of them (see Options.Candidates).
	TotalCandidates int     `json:"total_candidates,omitempty" toon:"total_candidates,omitempty"`
	Count           int     `json:"count" toon:"count"`
	Rationale       []Entry `json:"rationale" toon:"rationale"`
	Note            string  `json:"note" toon:"note"`
	// Kind is what the query named: a symbol or package (AnswerSymbol,
	// "", left out of JSON and TOON; Symbol is set), a file (AnswerFile;
	// Symbol is the file) or a question (AnswerQuestion; words, no Symbol).
	Kind AnswerKind `json:"kind,omitempty" toon:"kind,omitempty"`
	// Status is the outcome: answered, ambiguous, unknown or a bad query.
	// It is not encoded (the exit status and isError carry it).
	Status Status `json:"-" toon:"-"`
	// The LLM summary, set only when a backend answered: its text (which
	// cites entries as [n]), the cited entry numbers (1-based positions in
	// Rationale), the files it names with their relevance, the follow-up
	// commands it suggests, and the backend that wrote it.
	Summary     string     `json:"answer,omitempty" toon:"answer,omitempty"`
	Cited       []int      `json:"cited,omitempty" toon:"cited,omitempty"`
	Artifacts   []Artifact `json:"artifacts,omitempty" toon:"artifacts,omitempty"`
	Suggestions []string   `json:"suggestions,omitempty" toon:"suggestions,omitempty"`
	Backend     string     `json:"backend,omitempty" toon:"backend,omitempty"`
	// Warnings say what the answer may lack and why: a file git does not
	// track, git too slow to blame, entries left out of an LLM prompt.
	Warnings []string `json:"warnings,omitempty" toon:"warnings,omitempty"`
	// Finding is at most one audit finding about the asked symbol (see
	// package audit), caution or kudos; the CLI and the MCP server add it,
	// Why does not. Omitted when there is none.
	Finding *audit.Finding `json:"finding,omitempty" toon:"finding,omitempty"`
}

// Artifact is a file an LLM answer names, with how relevant it says the
// file is: High, Medium or Low.
type Artifact struct {
	Path      string `json:"path" toon:"path"`
	Relevance string `json:"relevance" toon:"relevance"`
}

// SymbolRef identifies a code node in an answer.
type SymbolRef struct {
	ID        string `json:"id" toon:"id"`
	Qualified string `json:"qualified" toon:"qualified"`
	Kind      string `json:"kind" toon:"kind"`
	Path      string `json:"path" toon:"path"`
	Line      int    `json:"line" toon:"line"`
	// Doc is the first paragraph of the symbol's own doc comment; "" for
	// none, and for candidates.
	Doc string `json:"doc,omitempty" toon:"doc,omitempty"`
	// Repo is the repository the symbol lives in, in an answer from the
	// organisation's store; "" in a repository's own answer.
	Repo string `json:"repo,omitempty" toon:"repo,omitempty"`
}

// Entry is one piece of reasoning. Every entry carries every field (TOON's
// tabular form needs rows of one shape); Via is "" for a direct link.
type Entry struct {
	SourceID string    `json:"source_id" toon:"source_id"`
	Kind     EntryKind `json:"kind" toon:"kind"`
	Signal   string    `json:"signal" toon:"signal"`
	Score    float64   `json:"score" toon:"score"`
	Path     string    `json:"path" toon:"path"`
	Section  string    `json:"section" toon:"section"`
	Line     int       `json:"line" toon:"line"`
	Via      string    `json:"via" toon:"via"`
	Text     string    `json:"text" toon:"text"`
	Rank     float64   `json:"rank" toon:"rank"`
	// Context is an excerpt of the section in which the entry's ADR, RFC
	// or design document states its reason (Context, Motivation, Problem,
	// Background or Summary), when the entry is another of its sections:
	// the entry says where the document is about the symbol, Context why.
	// The best ranked entry of a document carries it, the others do not.
	Context string `json:"context,omitempty" toon:"context"`
	// AssetKind is the kind of document: adr, rfc, design, spec, readme,
	// changelog, doc (or memory).
	AssetKind string `json:"asset_kind" toon:"asset_kind"`
	// SupersededBy is the path of the document that replaces this one.
	SupersededBy string `json:"superseded_by,omitempty" toon:"superseded_by"`
	// Memory fields (kind "rationale"): its kind (decision, invariant, ...),
	// importance 1-5, confidence 0-1, basis, whether it is pinned, and
	// whether an anchor of it is stale (its symbol is gone; a section is
	// stale when it names a symbol that is gone).
	RationaleKind string  `json:"rationale_kind,omitempty" toon:"rationale_kind"`
	Importance    int     `json:"importance,omitempty" toon:"importance"`
	Confidence    float64 `json:"confidence,omitempty" toon:"confidence"`
	Basis         string  `json:"basis,omitempty" toon:"basis"`
	Pinned        bool    `json:"pinned,omitempty" toon:"pinned"`
	Stale         bool    `json:"stale,omitempty" toon:"stale"`
	// Anchor fields, of the stale entries that answer a name no longer
	// resolving (see Answer.Note): the name as the memory's anchor wrote it
	// (or as the section names it), and the file the anchored symbol was
	// last known in (from its stable ID). Anchors record no line.
	Anchor     string `json:"anchor,omitempty" toon:"anchor,omitempty"`
	AnchorFile string `json:"anchor_file,omitempty" toon:"anchor_file,omitempty"`
	// Explain says how Rank was made; set only when asked for.
	Explain string `json:"explain,omitempty" toon:"explain"`
	// Commit fields (kind "commit"): the full hash, the author, the author
	// date (RFC 3339) and the issue and PR references of the message
	// ("#123", "owner/repo#123", "ABC-123"). Section is the subject, Text
	// the body, Path the file the commit was found for.
	Commit string `json:"commit,omitempty" toon:"commit"`
	Author string `json:"author,omitempty" toon:"author"`
	Date   string `json:"date,omitempty" toon:"date"`
	Refs   Refs   `json:"refs,omitempty" toon:"refs"`
	// Repo is the repository the entry lives in, set by an answer from
	// the organisation's store (gortex serve, --db), where an answer
	// gathers reasoning from many; "" in a repository's own answer.
	Repo string `json:"repo,omitempty" toon:"repo,omitempty"`
}

// AnswerKind is what a query named, as an answer says it.
type AnswerKind string

// The kinds of answer. A symbol's answer has the empty kind, which the
// formats leave out: agents read its absence as a symbol.
const (
	AnswerSymbol   AnswerKind = ""
	AnswerFile     AnswerKind = "file"
	AnswerQuestion AnswerKind = "question"
)

// String is k as the formats write it (TOON encodes a named string type
// through it).
func (k AnswerKind) String() string { return string(k) }

// EntryKind is what an entry's reasoning is.
type EntryKind string

// String is k as the formats write it.
func (k EntryKind) String() string { return string(k) }

// The kinds of entry. A memory's is "rationale", the name the formats have
// always given it.
const (
	EntryContent EntryKind = "content"   // a document section
	EntryMemory  EntryKind = "rationale" // a recorded memory
	EntryCommit  EntryKind = "commit"    // a commit message
)

// refOf describes a node for an answer.
func refOf(n *graph.Node) SymbolRef {
	q := n.Qualified
	if q == "" {
		q = n.Name
	}
	return SymbolRef{ID: string(n.ID), Qualified: q, Kind: string(n.Kind), Path: n.Path, Line: n.Line}
}
