package lsp

import (
	"context"
	"fmt"
	"maps"
	"path"
	"slices"
	"strings"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/memory"
	"github.com/gortex/gortex/query"
	"github.com/gortex/gortex/workspace"
)

// designKinds are the documents whose sections govern the code they name,
// as gortex check counts them.
var designKinds = map[string]bool{"adr": true, "rfc": true, "design": true, "spec": true}

// governing returns the entries of a that govern its symbol: its memories
// and the design documents (ADR, RFC, design, spec) that link to it
// themselves, in the pipeline's order.
func governing(a *query.Answer) []query.Entry {
	var out []query.Entry
	for _, e := range a.Rationale {
		if explains(e) && (e.Kind == "rationale" || designKinds[e.AssetKind]) {
			out = append(out, e)
		}
	}
	return out
}

// linked asks the why pipeline for what links to n, without lexical
// resemblance or commits: what a code lens counts, and cheap enough to ask
// for every declaration of a file.
func linked(ctx context.Context, w *workspace.Workspace, n *graph.Node) (*query.Answer, error) {
	qo := w.QueryOptions()
	qo.History = nil
	qo.Limit = hoverLimit
	return query.Why(ctx, w.Store(), query.NodeTarget("", n), qo)
}

// lensTitle summarises governing entries in one line: the memories by
// kind, most binding first ("1 invariant", "2 decisions"), then the ADRs
// and RFCs by number and the other documents by name.
func lensTitle(es []query.Entry) string {
	kinds := map[string]int{}
	var docs []string
	seen := map[string]bool{}
	for _, e := range es {
		if e.Kind == "rationale" {
			kinds[e.RationaleKind]++
			continue
		}
		label := entryLabel(e)
		if e.AssetKind != "adr" && e.AssetKind != "rfc" {
			label = path.Base(e.Path)
		}
		if !seen[label] {
			seen[label] = true
			docs = append(docs, label)
		}
	}
	var parts []string
	for _, k := range memoryKinds() {
		if n := kinds[k]; n > 0 {
			parts = append(parts, plural(n, k))
			delete(kinds, k)
		}
	}
	for _, k := range slices.Sorted(maps.Keys(kinds)) { // kinds this version does not know
		parts = append(parts, plural(kinds[k], k))
	}
	return codeText(strings.Join(append(parts, docs...), " · "))
}

// memoryKinds are the memory kinds, most binding first.
func memoryKinds() []string {
	return []string{string(memory.KindInvariant), string(memory.KindConstraint), string(memory.KindDecision),
		string(memory.KindIncident), string(memory.KindGotcha), string(memory.KindConvention), string(memory.KindReference)}
}

// plural says n of a kind: "1 invariant", "2 decisions".
func plural(n int, kind string) string {
	if n == 1 {
		return fmt.Sprintf("1 %s", kind)
	}
	return fmt.Sprintf("%d %ss", n, kind)
}
