package rationale

import (
	"context"
	"log/slog"
	"sort"
	"strings"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/history"
	"github.com/gortex/gortex/rationale/outside"
	"github.com/gortex/gortex/repofs"
)

// Linker creates the motivates edges of document sections and classifies
// documents. The zero value is ready to use.
type Linker struct {
	Logger *slog.Logger // nil discards
	// Root is the repository root, for the cochange signal read from git
	// history; "" links without it.
	Root string
	// Cache keeps the git history the cochange signal read, for the
	// next index at the same HEAD; nil reads it every time.
	Cache *repofs.Owned
}

// Link recomputes every motivates edge that starts at a document section
// and returns how many it made, by signal. It removes the old edges first,
// so it may run after any change to the graph; memories and commits keep
// their own edges. It also sets each section's asset kind, ADR status and
// supersession.
func (l *Linker) Link(ctx context.Context, s *graph.Store) (map[graph.Signal]int, error) {
	counts := make(map[graph.Signal]int)
	docs := documents(s)
	for _, d := range docs {
		kind := classify(d)
		if kind == AssetDoc || kind == AssetSpec || kind == AssetReadme {
			if repeatsDocComments(s, d) {
				kind = AssetReference
			}
		}
		for _, sec := range d.sections {
			sec.SetAttr(AttrAssetKind, string(kind))
			sec.SetAttr(AttrStatus, "")
			sec.SetAttr(AttrSupersededBy, "")
			if IsStub(sec.Path, sec.Text) {
				sec.SetAttr(AttrStub, "true")
			} else {
				sec.SetAttr(AttrStub, "")
			}
			for _, e := range s.Out(sec.ID, graph.EdgeMotivates|graph.EdgeSupersedes) {
				s.RemoveEdge(e.From, e.To, graph.EdgeMotivates|graph.EdgeSupersedes)
			}
		}
	}
	supersessions(s, docs)
	paths := newPathIndex(s)
	spelled := newSpelledIndex(s)
	components := newComponentIndex(s)
	stems := newStemIndex(s)
	sc := scratch{outside: outside.Of(s)}
	for i, d := range docs {
		if i%64 == 0 {
			if err := ctx.Err(); err != nil {
				return counts, err
			}
		}
		var comp componentDoc
		for _, sec := range d.sections {
			if IsStubSection(sec) {
				continue
			}
			p := proseOf(sec, sc.words)
			sc.words = p.words
			linkNamed(s, sec, &sc)
			linkSpelled(s, spelled, sec)
			linkAsked(s, sec)
			linkPaths(s, paths, sec, p.text)
			linkComponents(s, components, sec, p, &comp)
			linkStems(s, stems, sec, p.words)
			linkClassWords(s, sec, p.words)
			for _, e := range s.Out(sec.ID, graph.EdgeMotivates) {
				if m, ok := e.Best(); ok {
					counts[m.Signal]++
				}
			}
		}
	}
	if l.Root != "" {
		counts[graph.SignalCochange] += linkCochange(ctx, history.NewGit(l.Root), l.Cache, s, docs)
	}
	return counts, nil
}

// scratch holds the buffers the signals fill for one section and drop
// after it, kept from section to section: made for each section, the
// mentions and words of GOROOT/src's sections were two fifths of what
// linking allocated.
type scratch struct {
	mentions []mention
	words    []word
	outside  *outside.Names // read once per link
}

// documents groups the doc nodes of s by file, sections in line order.
func documents(s *graph.Store) []*document {
	byPath := map[string]*document{}
	for n := range s.Nodes() {
		if n.Kind != graph.KindDoc {
			continue
		}
		d := byPath[n.Path]
		if d == nil {
			d = &document{path: n.Path}
			byPath[n.Path] = d
		}
		d.sections = append(d.sections, n)
	}
	docs := make([]*document, 0, len(byPath))
	for _, d := range byPath {
		sort.Slice(d.sections, func(i, j int) bool { return d.sections[i].Line < d.sections[j].Line })
		var b strings.Builder
		for _, sec := range d.sections {
			b.WriteString(sec.Name)
			b.WriteByte('\n')
			b.WriteString(sec.Text)
			b.WriteByte('\n')
		}
		d.text = b.String()
		if f, ok := s.Node(graph.FileID(d.path)); ok {
			d.front = f.FrontMatter()
		}
		docs = append(docs, d)
	}
	sort.Slice(docs, func(i, j int) bool { return docs[i].path < docs[j].path })
	return docs
}
