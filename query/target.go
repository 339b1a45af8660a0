package query

import (
	"context"
	"strings"

	"github.com/gortex/gortex/graph"
)

// TargetKind is what a query names once resolved.
type TargetKind int

// The kinds of target.
const (
	TargetSymbol    TargetKind = iota // a symbol node of the graph (Target.Node)
	TargetPackage                     // a package node (Target.Node)
	TargetFile                        // a file (Target.Path; Target.Node when the index holds it)
	TargetQuestion                    // words: a question
	TargetAmbiguous                   // a symbol query naming several nodes (Target.Candidates)
	TargetUnknown                     // a symbol query naming none (Target.Query)
	TargetNoFile                      // text written as a path that names no file (Target.Tried)
	TargetBad                         // no query at all (Target.Err)
)

// Target is what a query resolved to, once: Classify makes it from text,
// NodeTarget from a node a caller already holds, and Why answers it. Only
// the fields of its Kind are set.
type Target struct {
	Kind TargetKind
	// Text is the query as asked; an answer repeats it.
	Text string
	// Node is the symbol or package asked about, or the file's node.
	Node *graph.Node
	// Path is a file target's repo-relative path.
	Path string
	// Query is the parsed symbol query of an ambiguous or unknown target.
	Query Query
	// Candidates are the nodes an ambiguous query names, in ID order.
	Candidates []*graph.Node
	// Tried are the repo-relative paths a TargetNoFile may have meant.
	Tried []string
	// Err says why text is no query (TargetBad); it wraps ErrBadQuery.
	Err error
}

// NodeTarget is the target of node n, asked about as text (its ID when
// text is ""): a symbol, a package or a file.
func NodeTarget(text string, n *graph.Node) Target {
	if text == "" {
		text = string(n.ID)
	}
	switch n.Kind {
	case graph.KindPackage:
		return Target{Kind: TargetPackage, Text: text, Node: n}
	case graph.KindFile:
		return Target{Kind: TargetFile, Text: text, Node: n, Path: n.Path}
	}
	return Target{Kind: TargetSymbol, Text: text, Node: n}
}

// Status is the outcome of a why answer.
type Status int

// The outcomes of an answer. Only StatusAnswered carries the reasoning of
// one target; the others say why not, in Answer.Note.
const (
	StatusAnswered  Status = iota // the reasoning of the target (maybe none)
	StatusAmbiguous               // several symbols match: Answer.Candidates
	StatusUnknown                 // nothing matches: suggestions in Note, stale reasoning that named it
	StatusBadQuery                // the text is no query: Note says why
)

// Why answers target t against s: its reasoning, most trustworthy first.
// The outcome is a.Status (ambiguous and unknown targets are answers, with
// candidates or suggestions); an error is a failure to answer (the
// content index or the context failed), with a holding what was answered
// before it.
func Why(ctx context.Context, s *graph.Store, t Target, opts Options) (*Answer, error) {
	switch t.Kind {
	case TargetBad:
		return badQuery(t), nil
	case TargetNoFile:
		return missingFile(s, t), nil
	case TargetFile:
		return whyFile(ctx, s, t.Text, t.Path, opts)
	case TargetQuestion:
		return whyQuestion(ctx, s, t.Text, opts)
	}
	return whySymbol(ctx, s, t, opts)
}

// badQuery answers text that is no query; text longer than MaxQueryLen is
// not repeated whole.
func badQuery(t Target) *Answer {
	a := &Answer{Query: t.Text, Status: StatusBadQuery, Candidates: []SymbolRef{}, Rationale: []Entry{}, Note: t.Err.Error()}
	if len(t.Text) > MaxQueryLen {
		a.Query = strings.ToValidUTF8(t.Text[:MaxQueryLen/16], "") + "…"
	}
	return a
}
