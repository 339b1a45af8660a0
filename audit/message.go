package audit

import (
	"fmt"
	"path"
	"strings"

	"github.com/gortex/gortex/graph"
)

// Each finding's message states the fact, then after a dash what
// addressing it gains; its command is what addresses it.

func symbolOf(n *graph.Node) Symbol {
	q := n.Qualified
	if q == "" {
		q = n.Name
	}
	return Symbol{ID: string(n.ID), Qualified: q, Path: n.Path, Line: n.Line}
}

// shortName is how a message names a symbol: Type.Method or Name.
func shortName(n *graph.Node) string {
	if n.Receiver != "" {
		return n.Receiver + "." + n.Name
	}
	return n.Name
}

// holds is the fact every finding about load-bearing code starts with.
func holds(n *graph.Node, l load) string {
	s := fmt.Sprintf("%s holds up %d callers in %d packages", shortName(n), l.callers, l.packages)
	if l.dependents > l.callers {
		more := ""
		if l.dependents >= MaxDependents {
			more = "at least "
		}
		s += fmt.Sprintf(" (%s%d functions rest on it)", more, l.dependents)
	}
	return s
}

func evidenceOf(l load) Evidence {
	return Evidence{Callers: l.callers, Packages: l.packages, Dependents: l.dependents}
}

// quote makes an argument safe to paste into a POSIX shell.
func quote(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r == '_' || r == '.' || r == '/' || r == ':' || r == '-' || r == '@' ||
			'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9')
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

func remember(n *graph.Node) string {
	return fmt.Sprintf("gortex remember --symbol %s --kind decision --basis review --body %s",
		quote(symbolOf(n).Qualified), quote("Why "+shortName(n)+" exists: …"))
}

func unexplained(n *graph.Node, l load) Finding {
	return Finding{Type: TypeUnexplained, Severity: TypeUnexplained.Severity(), Symbol: symbolOf(n), Evidence: evidenceOf(l),
		Message: holds(n, l) + " and nothing explains it — a memory would keep that reasoning",
		Command: remember(n)}
}

func weakBasis(n *graph.Node, l load, r reason) Finding {
	e := evidenceOf(l)
	e.Memory, e.Basis = string(r.mem.ID), string(r.mem.Basis)
	return Finding{Type: TypeWeakBasis, Severity: TypeWeakBasis.Severity(), Symbol: symbolOf(n), Evidence: e,
		Message: fmt.Sprintf("%s and rests on the %s %s, whose basis is %s — a measurement, research or a review would make it sound",
			holds(n, l), r.mem.Kind, r.where(), r.mem.Basis),
		Command: fmt.Sprintf("gortex memory edit %s --basis measurement", r.mem.ID)}
}

func supersededOnly(n *graph.Node, l load, rs []reason) Finding {
	e := evidenceOf(l)
	r := rs[0]
	if r.mem != nil {
		e.Memory = string(r.mem.ID)
	} else {
		e.Document = r.doc.Path
	}
	return Finding{Type: TypeSuperseded, Severity: TypeSuperseded.Severity(), Symbol: symbolOf(n), Evidence: e,
		Message: fmt.Sprintf("%s and its only reasoning, %s, is superseded — a current decision would say why it stays", holds(n, l), r.where()),
		Command: remember(n)}
}

func grounded(n *graph.Node, l load, r reason) Finding {
	e := evidenceOf(l)
	what := ""
	if r.mem != nil {
		e.Memory, e.Basis = string(r.mem.ID), string(r.mem.Basis)
		what = fmt.Sprintf("the %s %s, based on %s", r.mem.Kind, r.where(), r.mem.Basis)
	} else {
		e.Document = r.doc.Path
		what = "the accepted ADR " + r.doc.Path
	}
	return Finding{Type: TypeGrounded, Severity: TypeGrounded.Severity(), Symbol: symbolOf(n), Evidence: e,
		Message: fmt.Sprintf("%s and rests on %s — its reasoning is on record for whoever changes it", holds(n, l), what),
		Command: "gortex why " + quote(symbolOf(n).Qualified)}
}

func stale(a staleAnchor) Finding {
	flag, what := "--symbol", "symbol"
	p, _, _ := graph.SplitSymbolID(a.id)
	if a.file {
		flag, what, p = "--file", "file", a.written
	}
	return Finding{Type: TypeStaleAnchor, Severity: TypeStaleAnchor.Severity(), Symbol: Symbol{ID: string(a.id), Qualified: a.written, Path: p},
		Evidence: Evidence{Memory: string(a.mem.ID)},
		Message: fmt.Sprintf("memory «%s» is anchored to %s, a %s that is gone — re-anchoring it puts the memory back in why answers",
			a.mem.Title, a.written, what),
		Command: fmt.Sprintf("gortex memory edit %s %s NEW_NAME", a.mem.ID, flag)}
}

func danglingFinding(d dangling) Finding {
	f := Finding{Type: TypeDangling, Severity: TypeDangling.Severity(), Symbol: Symbol{Qualified: d.written, Path: d.sec.Path, Line: d.sec.Line},
		Evidence: Evidence{Document: d.sec.Path, Suggestion: d.suggestion}}
	fact := fmt.Sprintf("%s names %s, which package %s does not have", d.sec.Path, d.written, path.Base(d.pkg))
	if d.suggestion != "" {
		f.Message = fmt.Sprintf("%s (closest: %s) — correcting the name links the document to the code again", fact, d.suggestion)
		f.Command = "gortex why " + quote(d.pkg+"."+d.suggestion)
		return f
	}
	f.Message = fact + " — the document describes code that is gone or was renamed; updating it keeps it true"
	f.Command = "git log -S " + quote(d.name) + " --oneline"
	return f
}
