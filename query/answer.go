package query

import "github.com/gortex/gortex/graph"

// Answer is the one data structure every output format renders. Field
// names are a contract with agents: later versions add fields, never rename.
type Answer struct {
	Query      string      `json:"query" toon:"query"`
	Symbol     *SymbolRef  `json:"symbol" toon:"symbol"`
	Candidates []SymbolRef `json:"candidates" toon:"candidates"`
	Count      int         `json:"count" toon:"count"`
	Rationale  []Entry     `json:"rationale" toon:"rationale"`
	Note       string      `json:"note" toon:"note"`
}

// SymbolRef identifies a code node in an answer.
type SymbolRef struct {
	ID        string `json:"id" toon:"id"`
	Qualified string `json:"qualified" toon:"qualified"`
	Kind      string `json:"kind" toon:"kind"`
	Path      string `json:"path" toon:"path"`
	Line      int    `json:"line" toon:"line"`
}

// Entry is one piece of reasoning. Every entry carries every field (TOON's
// tabular form needs rows of one shape); Via is "" for a direct link.
type Entry struct {
	SourceID string  `json:"source_id" toon:"source_id"`
	Kind     string  `json:"kind" toon:"kind"` // content, rationale or commit
	Signal   string  `json:"signal" toon:"signal"`
	Score    float64 `json:"score" toon:"score"`
	Path     string  `json:"path" toon:"path"`
	Section  string  `json:"section" toon:"section"`
	Line     int     `json:"line" toon:"line"`
	Via      string  `json:"via" toon:"via"`
	Text     string  `json:"text" toon:"text"`
	Rank     float64 `json:"rank" toon:"rank"`
}

// refOf describes a node for an answer.
func refOf(n *graph.Node) SymbolRef {
	q := n.Qualified
	if q == "" {
		q = n.Name
	}
	return SymbolRef{ID: string(n.ID), Qualified: q, Kind: string(n.Kind), Path: n.Path, Line: n.Line}
}
