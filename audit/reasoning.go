package audit

import (
	"slices"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/memory"
	"github.com/gortex/gortex/rationale"
)

// reason is one piece of reasoning linked to a symbol, as the audit weighs
// it: a document section or a memory.
type reason struct {
	doc      *graph.Node    // the section; nil for a memory
	mem      *memory.Memory // nil for a document
	anchored bool           // a memory anchored to the symbol or its type, not merely naming it
	live     bool           // not superseded (nor rejected, for an ADR)
}

// where names the reasoning for a message: a document's path or a memory's
// title.
func (r reason) where() string {
	if r.mem != nil {
		return "«" + r.mem.Title + "»"
	}
	return r.doc.Path
}

// reasonsOf collects what explains n: the document links into n and into
// its type (for a method or field) whose score, weighted by the document's
// kind, reaches MinLinkScore; the memory links into n and its type; and the
// memories anchored to n's file. Links into the package or a file from a
// document explain the whole and are left out. Lexical similarity is no
// link: it is never in the graph.
func reasonsOf(s *graph.Store, mems *rationale.Memories, n *graph.Node) []reason {
	r := rationale.Reasoning{Store: s, Memories: mems}
	targets := []*graph.Node{n}
	if c, ok := s.Container(n.ID); ok && c.Kind.IsSymbol() {
		targets = append(targets, c)
	}
	var out []reason
	seen := map[graph.NodeID]bool{}
	for _, t := range targets {
		for _, l := range r.Into(t.ID) {
			switch {
			case l.FromMemory():
				out = addMemory(out, seen, l, l.Signal == graph.SignalMemory)
			case !seen[l.Source.ID] && l.Source.Kind == graph.KindDoc && explains(l.Source, l.Motivation):
				seen[l.Source.ID] = true
				out = append(out, reason{doc: l.Source, live: docLive(l.Source)})
			}
		}
	}
	for _, l := range r.Into(graph.FileID(n.Path)) {
		if l.FromMemory() && l.Signal == graph.SignalMemory {
			out = addMemory(out, seen, l, false)
		}
	}
	return out
}

func addMemory(out []reason, seen map[graph.NodeID]bool, l rationale.Link, anchored bool) []reason {
	if seen[l.Source.ID] {
		return out
	}
	seen[l.Source.ID] = true
	return append(out, reason{mem: l.Memory, anchored: anchored, live: l.Memory.Live()})
}

// explains reports whether a document link is strong enough to explain a
// symbol (see MinLinkScore).
func explains(sec *graph.Node, m graph.Motivation) bool {
	if m.Signal == graph.SignalLexical {
		return false
	}
	kind := rationale.KindOf(sec)
	return m.Score*kind.Weight() >= MinLinkScore
}

// docLive reports whether a section still stands: not part of a
// superseded, deprecated or rejected ADR, nor a rejected or withdrawn RFC
// or design.
func docLive(sec *graph.Node) bool {
	switch rationale.StatusOf(sec) {
	case "superseded", "deprecated", "replaced", "rejected", "withdrawn", "declined", "abandoned":
		return false
	}
	return rationale.SupersededBy(sec) == ""
}

// weakKinds are the memory kinds that others build on: a decision, an
// invariant or a constraint with a weak basis is a risk; a weak gotcha is
// just a note.
var weakKinds = []memory.Kind{memory.KindDecision, memory.KindInvariant, memory.KindConstraint}

// weak returns the first live memory anchored to the symbol that is a
// decision, invariant or constraint with basis assumption or unknown.
func weak(rs []reason) (reason, bool) {
	for _, r := range rs {
		if r.mem != nil && r.live && r.anchored && slices.Contains(weakKinds, r.mem.Kind) &&
			(r.mem.Basis == memory.BasisAssumption || r.mem.Basis == memory.BasisUnknown) {
			return r, true
		}
	}
	return reason{}, false
}

// grounding returns the first live reasoning that grounds the symbol: an
// accepted ADR, or a memory whose basis is research, a measurement or an
// incident.
func grounding(rs []reason) (reason, bool) {
	for _, r := range rs {
		switch {
		case !r.live:
		case r.doc != nil && rationale.KindOf(r.doc) == rationale.AssetADR && rationale.StatusOf(r.doc) == "accepted":
			return r, true
		case r.mem != nil && (r.mem.Basis == memory.BasisResearch || r.mem.Basis == memory.BasisMeasurement || r.mem.Basis == memory.BasisIncident):
			return r, true
		}
	}
	return reason{}, false
}

// anyLive reports whether any of rs still stands.
func anyLive(rs []reason) bool {
	return slices.ContainsFunc(rs, func(r reason) bool { return r.live })
}
