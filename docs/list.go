package docs

import (
	"fmt"
	"strings"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/rationale"
)

// Info is one document of a list.
type Info struct {
	Path         string `json:"path" toon:"path"`
	Kind         string `json:"kind" toon:"kind"` // adr, rfc, design, spec, readme, changelog, doc
	Title        string `json:"title" toon:"title"`
	Purpose      string `json:"purpose" toon:"purpose"` // the first sentence of its first section with prose
	Sections     int    `json:"sections" toon:"sections"`
	Lines        int    `json:"lines" toon:"lines"`
	Tokens       int    `json:"tokens" toon:"tokens"` // estimated size of its text
	SupersededBy string `json:"superseded_by" toon:"superseded_by"`
}

// List is the documents a ListOptions selects.
type List struct {
	Count int    `json:"count" toon:"count"`
	Total int    `json:"total" toon:"total"` // documents matching, before the limit
	Docs  []Info `json:"docs" toon:"docs"`
	Note  string `json:"note" toon:"note"`
}

// ListOptions select documents; the zero value selects all of them.
type ListOptions struct {
	Kind  string // only documents of this kind
	Path  string // only documents under this repo-relative path prefix
	Limit int    // at most this many; 0 for no limit
}

// List lists the documents o selects, in path order.
func (l *Library) List(o ListOptions) List {
	prefix := strings.TrimPrefix(strings.TrimSpace(o.Path), "./")
	list := List{Docs: []Info{}}
	for _, path := range l.Paths() {
		secs, _ := l.sections(path)
		kind := string(rationale.KindOf(secs[0]))
		if !strings.HasPrefix(path, prefix) || (o.Kind != "" && kind != o.Kind) {
			continue
		}
		list.Total++
		if o.Limit <= 0 || len(list.Docs) < o.Limit {
			list.Docs = append(list.Docs, infoOf(path, kind, secs))
		}
	}
	list.Count = len(list.Docs)
	switch {
	case list.Total > list.Count:
		list.Note = fmt.Sprintf("%d more; narrow with kind or path, or raise limit", list.Total-list.Count)
	case list.Total == 0:
		list.Note = "no document matches"
	}
	return list
}

// InfoOf describes, as List does, the document whose sections are secs
// (at least one, in line order: Document's answer).
func InfoOf(secs []*graph.Node) Info {
	return infoOf(secs[0].Path, string(rationale.KindOf(secs[0])), secs)
}

func infoOf(path, kind string, secs []*graph.Node) Info {
	var texts []string
	for _, sec := range secs {
		texts = append(texts, sec.Name, sec.Text)
	}
	return Info{Path: path, Kind: kind, Title: title(secs), Purpose: purpose(secs), Sections: len(secs),
		Lines: secs[len(secs)-1].EndLine, Tokens: tokens(texts...), SupersededBy: rationale.SupersededBy(secs[0])}
}
