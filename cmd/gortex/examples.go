package main

import (
	"cmp"
	"context"
	"path"
	"slices"
	"strings"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/internal/textutil"
	"github.com/gortex/gortex/query"
	"github.com/gortex/gortex/rationale"
	"github.com/gortex/gortex/rationale/place"
	"github.com/gortex/gortex/workspace"
)

// example is what gortex tutorial and gortex init show: a symbol, a file
// and a question of the repository at hand whose why answers answer, or
// placeholders when it has none.
type example struct {
	Symbol, File, Question string
	Found                  bool // taken from the repository, checked to answer
}

// placeholderExample is shown where the repository offers no example that
// answers: words that say what to type, never another repository's names.
var placeholderExample = example{Symbol: "Type.Method", File: "path/to/file", Question: "why was this designed this way?"}

// exampleTries bounds the candidates whose answers are checked.
const exampleTries = 40

// designKinds are the documents an example's first entry must come from.
var designKinds = []string{string(rationale.AssetADR), string(rationale.AssetRFC), string(rationale.AssetDesign), string(rationale.AssetSpec)}

// chooseExample picks, in w, a symbol whose why answer exits 0 with an
// entry from an ADR, RFC, design or spec first; not generated, vendored
// or test code, and named by a query that names it alone. Candidates are
// the symbols design sections name, strongest link first, so the same
// index gives the same example. The file is the symbol's; the question is
// made of the first entry's document title and kept when it answers.
func chooseExample(ctx context.Context, w *workspace.Workspace) example {
	s := w.Store()
	type cand struct {
		n     *graph.Node
		score float64
	}
	best := map[graph.NodeID]float64{}
	for sec := range s.NodesOf(graph.KindDoc) {
		if !slices.Contains(designKinds, sec.Attr(rationale.AttrAssetKind)) {
			continue
		}
		for _, e := range s.Out(sec.ID, graph.EdgeMotivates) {
			m, ok := e.Best()
			if !ok || m.Signal != graph.SignalNamed {
				continue
			}
			best[e.To] = max(best[e.To], m.Score)
		}
	}
	var cands []cand
	for id, score := range best {
		n, ok := s.Node(id)
		if !ok || !exampleKind(n.Kind) || place.Of(s, n) != place.Own {
			continue
		}
		cands = append(cands, cand{n, score})
	}
	slices.SortFunc(cands, func(a, b cand) int {
		return cmp.Or(cmp.Compare(b.score, a.score), cmp.Compare(kindOrder(a.n.Kind), kindOrder(b.n.Kind)), cmp.Compare(a.n.ID, b.n.ID))
	})
	qo := w.QueryOptions()
	qo.History, qo.Limit = nil, 5 // commits rank after every document: the first entry needs none
	if ci, err := w.OpenContent(); err == nil {
		defer ci.Close()
		qo.Searcher = ci
	}
	tried := 0
	for _, c := range cands {
		if tried == exampleTries || ctx.Err() != nil {
			break
		}
		name := uniqueName(s, c.n)
		if !plainName().MatchString(name) || !plainName().MatchString(c.n.Path) {
			continue // an example is written into AGENTS.md: no repository text but plain names
		}
		tried++
		a, err := query.Why(ctx, s, query.Classify(s, name, qo.Root, ""), qo)
		if err != nil || a.Status != query.StatusAnswered || len(a.Rationale) == 0 || !slices.Contains(designKinds, a.Rationale[0].AssetKind) {
			continue
		}
		ex := example{Symbol: name, File: c.n.Path, Question: placeholderExample.Question, Found: true}
		if q := titleQuestion(s, a.Rationale[0].Path); q != "" {
			qa, err := query.Why(ctx, s, query.Classify(s, q, qo.Root, ""), qo)
			if err == nil && qa.Status == query.StatusAnswered && len(qa.Rationale) > 0 {
				ex.Question = q
			}
		}
		return ex
	}
	return placeholderExample
}

// plainName is a symbol name or a path plain enough to stand in AGENTS.md
// and on a command line as it is.
var plainName = textutil.Regexp(`^[A-Za-z0-9_$][A-Za-z0-9_$.:/#-]{0,200}$`)

// exampleKind reports whether a symbol of kind k reads well as an example:
// a method, a type or a function (not a field, a variable or a constant).
func exampleKind(k graph.NodeKind) bool { return kindOrder(k) < 3 }

func kindOrder(k graph.NodeKind) int {
	switch k {
	case graph.KindMethod:
		return 0
	case graph.KindType, graph.KindClass, graph.KindInterface:
		return 1
	case graph.KindFunction:
		return 2
	}
	return 3
}

// uniqueName is the shortest query that names n alone: its name, then
// with one container more at a time (Type.Method, pkg.Type.Method), up to
// its qualified name; "" when none does.
func uniqueName(s *graph.Store, n *graph.Node) string {
	parts := strings.FieldsFunc(n.Qualified, func(r rune) bool { return r == '.' || r == ':' || r == '#' || r == '\\' || r == '/' })
	for k := 1; k <= len(parts); k++ {
		q := strings.Join(parts[len(parts)-k:], ".")
		if k == len(parts) {
			q = n.Qualified
		}
		if got := query.ResolveText(s, q); got.Node != nil && got.Node.ID == n.ID {
			return q
		}
	}
	return ""
}

// titleNumber is the numbering a document title opens with: "ADR 0004:",
// "RFC 12 -", "RFC:", "0007.".
var titleNumber = textutil.Regexp(`^(?i:(?:adr|rfc|kep|proposal|spec)[\s-]*\d*\s*[:.-]|(?:adr|rfc|kep)[\s-]*\d+|\d+[\s.:-])\s*`)

// titleQuestion makes a question of the title of the document at path
// (its first section's outermost heading): "why money in integer cents".
// When the title leaves fewer than two words (a heading such as "Summary"
// under front matter), the document's file name stands for it, else its
// folder's ("2023-11-03-inverted-index.md": "why inverted index"); ""
// when none has two.
func titleQuestion(s *graph.Store, p string) string {
	title := ""
	for _, e := range s.Out(graph.FileID(p), graph.EdgeContains) {
		n, ok := s.Node(e.To)
		if !ok || n.Kind != graph.KindDoc {
			continue
		}
		if len(n.HeadingPath) > 0 {
			title = n.HeadingPath[0]
		} else {
			title = n.Name
		}
		break
	}
	for _, t := range []string{title, fileTitle(path.Base(p)), fileTitle(path.Base(path.Dir(p)))} {
		if q := titleWords(t); q != "" {
			return q
		}
	}
	return ""
}

// fileTitle is a file or folder name read as a title: without its
// extension and the date or number it opens with, dashes and underscores
// as spaces ("0007-use-a-ledger.md": "use a ledger").
func fileTitle(name string) string {
	name = strings.TrimSuffix(name, path.Ext(name))
	name = strings.TrimLeft(name, "0123456789-_. ")
	return strings.NewReplacer("-", " ", "_", " ").Replace(name)
}

// titleWords is the question a title makes, its numbering dropped; "" for
// fewer than two words.
func titleWords(title string) string {
	title = strings.TrimSpace(titleNumber().ReplaceAllString(title, ""))
	words := strings.FieldsFunc(title, func(r rune) bool {
		return !(r == '-' || r == '\'' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z')
	})
	if len(words) < 2 {
		return ""
	}
	return "why " + strings.ToLower(strings.Join(words, " "))
}
