package change

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/history"
	"github.com/gortex/gortex/internal/textutil"
	"github.com/gortex/gortex/memory"
	"github.com/gortex/gortex/query"
	"github.com/gortex/gortex/rationale"
	"github.com/gortex/gortex/workspace"
)

// Report is what check answers: the symbols a change touches, and the
// reasoning that governs them, each piece once with the symbols (and the
// files, for a memory anchored to a file) it governs. Field names are a
// contract, as query.Answer's are.
type Report struct {
	Base  string   `json:"base,omitempty" toon:"base,omitempty"` // the revision diffed against, when one was
	Files []string `json:"files" toon:"files"`                   // the files whose content changed
	// MetaOnly counts the files whose mode or name alone changed: no
	// content changed, so they are not in Files.
	MetaOnly int       `json:"meta_only,omitempty" toon:"meta_only,omitempty"`
	Count    int       `json:"count" toon:"count"`       // touched symbols
	Governed int       `json:"governed" toon:"governed"` // of them, those some reasoning governs
	Symbols  []Touched `json:"symbols" toon:"symbols"`
	// Reasoning is what governs the change, most binding first, each
	// memory or section once with what it governs.
	Reasoning []Governor `json:"reasoning" toon:"reasoning"`
	// Documents are the documents each changed file belongs to: those
	// whose motivates links reach the file or a symbol in it (what
	// gortex covers lists, walked back), for a reviewer to know which
	// designs the change is part of.
	Documents []FileDocs `json:"documents" toon:"documents"`
	Note      string     `json:"note,omitempty" toon:"note,omitempty"`
}

// Governor is one memory or section that governs the change: the entry,
// the touched symbols it governs (IDs), and the changed files a memory is
// anchored to as files.
type Governor struct {
	query.Entry
	Symbols []string `json:"symbols" toon:"symbols"`
	Files   []string `json:"files,omitempty" toon:"files,omitempty"`
}

// FileDocs is a changed file and the documents it belongs to.
type FileDocs struct {
	File string   `json:"file" toon:"file"`
	Docs []string `json:"docs" toon:"docs"`
}

// Touched is one symbol a change touches and what governs it, most
// binding first: the source IDs of Report.Reasoning's entries.
type Touched struct {
	query.SymbolRef
	// Change is "changed", "added" (all its lines are new) or "gone" (it
	// was deleted or renamed away; its memories are stale answers).
	Change     string   `json:"change" toon:"change"`
	Binding    string   `json:"binding,omitempty" toon:"binding,omitempty"` // the most binding kind of its reasoning
	GovernedBy []string `json:"governed_by" toon:"governed_by"`
	// Reasoning holds the entries of GovernedBy, for callers in Go; the
	// encodings list each once, in Report.Reasoning.
	Reasoning []query.Entry `json:"-" toon:"-"`
}

// Kinds fail-on accepts: the memory kinds that govern.
var FailKinds = []string{string(memory.KindInvariant), string(memory.KindConstraint), string(memory.KindDecision)}

// reasoningLimit bounds the entries kept per symbol: a pull-request comment
// lists what governs, not everything related.
const reasoningLimit = 8

// Check maps diffs onto w's graph (the work tree's) and returns the
// touched symbols with their governing reasoning: symbols that some
// reasoning governs first, in the order of their files, then the rest.
func Check(ctx context.Context, w *workspace.Workspace, diffs []history.FileDiff) (*Report, error) {
	r := &Report{Files: []string{}, Symbols: []Touched{}, Reasoning: []Governor{}, Documents: []FileDocs{}}
	files := map[string]bool{}
	var content []history.FileDiff
	for _, fd := range diffs {
		if !fd.ContentChanged() {
			r.MetaOnly++
			continue
		}
		content = append(content, fd)
		r.Files = append(r.Files, fd.Path())
		files[fd.NewPath] = true
	}
	syms := symbolsByFile(w.Store(), files)
	for _, fd := range content {
		if fd.NewPath == "" {
			continue
		}
		spans := make([]span, 0, len(fd.Hunks))
		for _, h := range fd.Hunks {
			spans = append(spans, spanOf(h))
		}
		for _, n := range touchedIn(syms[fd.NewPath], spans) {
			t, err := governed(ctx, w, n, fd)
			if err != nil {
				return nil, err
			}
			r.Symbols = append(r.Symbols, t)
		}
	}
	for _, fd := range content {
		if docs := documentsOf(w.Store(), fd.NewPath, syms[fd.NewPath]); len(docs) > 0 {
			r.Documents = append(r.Documents, FileDocs{File: fd.NewPath, Docs: docs})
		}
	}
	gone, err := goneSymbols(ctx, w, diffs)
	if err != nil {
		return nil, err
	}
	r.Symbols = append(r.Symbols, gone...)
	sort.SliceStable(r.Symbols, func(i, j int) bool {
		return len(r.Symbols[i].Reasoning) > 0 && len(r.Symbols[j].Reasoning) == 0
	})
	r.Count = len(r.Symbols)
	for _, t := range r.Symbols {
		if len(t.Reasoning) > 0 {
			r.Governed++
		}
	}
	r.Reasoning = governors(r.Symbols, fileMemories(w, files))
	if r.Count == 0 {
		r.Note = "the change touches no indexed symbol"
	}
	return r, nil
}

// governors lists each entry of the touched symbols' reasoning once, with
// the symbols it governs, then the memories anchored to changed files as
// files; most binding first, then by how many symbols each governs.
func governors(ts []Touched, byFile []Governor) []Governor {
	at := map[string]int{}
	out := []Governor{}
	for _, t := range ts {
		for _, e := range t.Reasoning {
			i, ok := at[e.SourceID]
			if !ok {
				i = len(out)
				at[e.SourceID] = i
				e.Via = ""
				out = append(out, Governor{Entry: e, Symbols: []string{}})
			}
			out[i].Symbols = append(out[i].Symbols, t.ID)
		}
	}
	for _, g := range byFile {
		if i, ok := at[g.SourceID]; ok {
			out[i].Files = g.Files
			continue
		}
		at[g.SourceID] = len(out)
		out = append(out, g)
	}
	sort.SliceStable(out, func(i, j int) bool {
		if ti, tj := tier(out[i].Entry), tier(out[j].Entry); ti != tj {
			return ti < tj
		}
		return len(out[i].Symbols)+len(out[i].Files) > len(out[j].Symbols)+len(out[j].Files)
	})
	return out
}

// fileMemories returns the memories anchored to a changed file as such:
// a file anchor with no symbol anchor in the same file (a memory anchored
// to a symbol and to its file is about the symbol; the file anchor says
// where it is, and governs no other symbol there).
func fileMemories(w *workspace.Workspace, files map[string]bool) []Governor {
	var out []Governor
	for _, m := range w.Memories.All() {
		if m.SupersededBy != "" {
			continue
		}
		var hit []string
		for _, f := range m.Files {
			if !files[f] || slices.ContainsFunc(m.Symbols, func(a memory.SymbolAnchor) bool {
				return strings.HasPrefix(string(a.ID), f+"::")
			}) {
				continue
			}
			hit = append(hit, f)
		}
		if len(hit) == 0 {
			continue
		}
		out = append(out, Governor{Entry: query.Entry{SourceID: string(memory.NodeID(m.ID)), Kind: query.EntryMemory,
			Signal: string(graph.SignalMemory), Score: 1, Path: m.Path, Section: m.Title, Line: 1, Text: textutil.Cut(oneLine(m.Body), 300),
			AssetKind: string(rationale.AssetMemory), RationaleKind: string(m.Kind), Importance: m.Importance, Confidence: m.Confidence,
			Basis: string(m.Basis), Pinned: m.Pinned}, Symbols: []string{}, Files: hit})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].SourceID < out[j].SourceID })
	return out
}

// designDoc are the kinds of document a change can belong to.
var designDoc = map[rationale.AssetKind]bool{
	rationale.AssetADR: true, rationale.AssetRFC: true, rationale.AssetDesign: true, rationale.AssetSpec: true,
}

// documentsOf returns, sorted, the design documents (ADRs, RFCs, designs,
// specs) whose sections name the file at path or one of its symbols: a
// link by a name or a path, not one that only reads like it (lexical) or
// changed with it (cochange).
func documentsOf(s *graph.Store, path string, syms []*graph.Node) []string {
	if path == "" {
		return nil
	}
	ids := []graph.NodeID{graph.FileID(path)}
	for _, n := range syms {
		ids = append(ids, n.ID)
	}
	seen := map[string]bool{}
	var out []string
	r := rationale.Reasoning{Store: s}
	for _, id := range ids {
		for _, l := range r.Into(id) {
			src := l.Source
			if src.Kind != graph.KindDoc || seen[src.Path] || !designDoc[rationale.KindOf(src)] ||
				(l.Signal != graph.SignalNamed && l.Signal != graph.SignalMember && l.Signal != graph.SignalPath) {
				continue
			}
			seen[src.Path] = true
			out = append(out, src.Path)
		}
	}
	sort.Strings(out)
	return out
}

// governed returns n as touched, with its reasoning.
func governed(ctx context.Context, w *workspace.Workspace, n *graph.Node, fd history.FileDiff) (Touched, error) {
	change := "changed"
	if added(fd, n) {
		change = "added"
	}
	a, err := why(ctx, w, query.NodeTarget("", n))
	if err != nil {
		return Touched{}, err
	}
	t := touched(*a.Symbol, change, binding(a.Rationale, graph.FileID(n.Path)))
	return t, nil
}

// why asks the pipeline for the reasoning of t: links and memories only
// (no lexical resemblance, no commits), which is what governs. An unknown
// target answers with the reasoning that named it; one that is ambiguous or
// no query is an error here, as check names symbols by ID.
func why(ctx context.Context, w *workspace.Workspace, t query.Target) (*query.Answer, error) {
	opts := query.Options{Memories: w.Memories, Root: w.Root, Limit: 3 * reasoningLimit}
	a, err := query.Why(ctx, w.Store(), t, opts)
	switch {
	case err != nil:
		return nil, err
	case a.Status == query.StatusAmbiguous || a.Status == query.StatusBadQuery:
		return nil, fmt.Errorf("why %s: %s", t.Text, a.Note)
	}
	return a, nil
}

// goneSymbols returns, for the files whose old lines the diffs removed,
// the symbols memories are anchored to that are no longer there, with
// those memories as stale answers.
func goneSymbols(ctx context.Context, w *workspace.Workspace, diffs []history.FileDiff) ([]Touched, error) {
	removed := map[string]bool{}
	for _, fd := range diffs {
		for _, h := range fd.Hunks {
			if h.OldLines > 0 && fd.OldPath != "" {
				removed[fd.OldPath] = true
			}
		}
		if fd.OldPath != "" && fd.NewPath != fd.OldPath {
			removed[fd.OldPath] = true
		}
	}
	seen := map[graph.NodeID]bool{}
	var out []Touched
	for _, m := range w.Memories.All() {
		for _, an := range m.Symbols {
			file, name, _ := strings.Cut(string(an.ID), "::")
			if !an.Stale || !removed[file] || seen[an.ID] {
				continue
			}
			seen[an.ID] = true
			a, err := why(ctx, w, query.Classify(w.Store(), string(an.ID), w.Root, ""))
			if err != nil {
				return nil, err
			}
			out = append(out, touched(query.SymbolRef{ID: string(an.ID), Qualified: name, Path: file},
				"gone", binding(a.Rationale, graph.FileID(file))))
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out, nil
}

// touched is a touched symbol with its reasoning.
func touched(ref query.SymbolRef, change string, es []query.Entry) Touched {
	t := Touched{SymbolRef: ref, Change: change, Reasoning: es, GovernedBy: []string{}}
	for _, e := range es {
		t.GovernedBy = append(t.GovernedBy, e.SourceID)
	}
	t.Binding = bindingOf(es)
	return t
}

// binding keeps the entries that govern — the symbol's own links, and
// memories anchored to it or to the type that contains it, not to its file
// (file is the file's node: a file anchor covers the file as such, see
// fileMemories) — most binding first, each class in the pipeline's rank
// order.
func binding(es []query.Entry, file graph.NodeID) []query.Entry {
	var out []query.Entry
	for _, e := range es {
		if e.Kind == query.EntryCommit || (e.Via != "" && e.Kind != query.EntryMemory) || e.Via == string(file) || tier(e) < 0 {
			continue
		}
		if e.Kind == query.EntryMemory && e.Line == 0 {
			e.Line = 1 // a memory is its whole file
		}
		out = append(out, e)
	}
	sort.SliceStable(out, func(i, j int) bool { return tier(out[i]) < tier(out[j]) })
	return out[:min(len(out), reasoningLimit)]
}

// tier orders reasoning by how binding it is: invariants and constraints,
// decisions, other memories, then live ADR, RFC, spec and design sections,
// superseded ones, and other documents; -1 for what does not govern
// (commits, changelogs, generated references, test data).
func tier(e query.Entry) int {
	if e.Kind == query.EntryMemory {
		switch memory.Kind(e.RationaleKind) {
		case memory.KindInvariant, memory.KindConstraint:
			return 0
		case memory.KindDecision:
			return 1
		}
		return 2
	}
	switch e.AssetKind {
	case "adr", "rfc", "spec", "design":
		if e.SupersededBy != "" {
			return 4
		}
		return 3
	case "readme", "doc":
		return 5
	}
	// A changelog says what changed, a generated reference what the code
	// says of itself, test data nothing: none of them governs a change.
	return -1
}

// bindingOf names the most binding entry's kind: its memory kind, else
// its document kind.
func bindingOf(es []query.Entry) string {
	if len(es) == 0 {
		return ""
	}
	if es[0].Kind == query.EntryMemory {
		return es[0].RationaleKind
	}
	return es[0].AssetKind
}

// Governs reports whether a memory of kind governs a touched symbol or a
// changed file: what --fail-on asks.
func (r *Report) Governs(kind string) bool {
	for _, g := range r.Reasoning {
		if g.Kind == query.EntryMemory && g.RationaleKind == kind {
			return true
		}
	}
	return false
}
