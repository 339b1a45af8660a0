package audit

import "time"

// Every threshold of the audit, with where its value came from. Figures
// are findings per thousand code symbols (gortex audit --json,
// per_thousand_symbols), measured on a copy of the Go tree's src (229,956
// symbols), karpenter (4,565) and flask (928); with these defaults they
// are 2.0, 4.4 and 0.0.

// Load-bearing code: at least MinCallers distinct functions outside tests
// call it, from at least MinCallerPackages directories, one of them other
// than its own. Seven callers in two packages is the smallest case the
// issue names as load-bearing. Findings per thousand symbols by
// MinCallers, karpenter / Go tree: 3 → 12.5 / 4.1, 5 → 6.4 / 2.7,
// 7 → 4.4 / 2.0, 10 → 2.6 / 1.4; seven keeps both under five.
const (
	MinCallers        = 7
	MinCallerPackages = 2
)

// MaxTrivialSpan is the most lines past its first that a function may
// span and still be trivial: a signature, one statement and a closing
// brace (util.IsNil on cluster-api, a nil check in one expression). Many
// callers rest on such a body, but there is no decision in it to explain.
const MaxTrivialSpan = 2

// MaxLeafSpan is the most lines past its first that a predicate calling
// none of the repository's code may span and still be explained by its doc
// comment (selfExplained). On cluster-api at ae7ff047 such predicates
// among the load-bearing candidates span 3 (IsControlPlaneMachine,
// IsTopologyOwned), 9 (IsNil: a nil check by kind) and 11
// (HasExactOwnerRef, a loop over a slice); ten lines, a judgement, keeps
// a body short enough to read beside its comment.
const MaxLeafSpan = 10

// MaxDependents caps the breadth-first search of what rests on a symbol:
// past it the order of findings no longer changes (on the Go tree the
// largest counts are tens of thousands, and a search that far costs more
// than the rest of the audit).
const MaxDependents = 5000

// MinLinkScore is the least score × document weight (rationale.AssetKind
// Weight) of a document link that counts as explaining a symbol. A bare
// name in a code span that two symbols share scores 0.4 and a bare name in
// prose 0.6; a changelog's weight is 0.5. So a changelog line or a name
// shared by several symbols does not explain, a design doc that names the
// symbol does. Measured, it matters little: anywhere from 0 to 0.6 the Go
// tree's findings move by 7 of 464 and karpenter's not at all.
const MinLinkScore = 0.4

// Commits explain code when one that owns at least MinCommitShare of its
// lines has a message body of at least MinCommitBodyWords words (trailers
// such as Signed-off-by left out): a subject says what changed, a body
// says why. On karpenter, whose squash-merged commits rarely have a body,
// this explains none of the 17 candidates. MaxBlames bounds the git blame
// calls of one audit (about 50 ms each on karpenter); candidates past it
// count as unexplained by commits. The CLI and the MCP server give the
// history why reads (workspace.IndexedHistory): a blame the cache holds,
// else the history index's newest commits that named the symbol, each as
// the owner of half its lines, and no git blame at all.
const (
	MinCommitShare     = 0.3
	MinCommitBodyWords = 12
	MaxBlames          = 200
)

// A dangling reference's closest name is suggested when one edit
// (Levenshtein) per SuggestLettersPerEdit letters of the name, at least
// one, turns one into the other, or when one contains the other (names of
// four letters or more). At one edit per three letters the Go tree's
// "ssa.html" suggested "ctrl"; a typo or a rename keeps more of the name.
const SuggestLettersPerEdit = 4

// DefaultLimit is how many findings gortex audit prints by default: one
// screen.
const DefaultLimit = 20

// WhyCooldown is how long a running MCP server keeps quiet about a symbol
// after a why answer carried a finding about it: a working session, so an
// agent that asks again about the same symbol is not told the same thing
// twice. Judgement, not measured.
const WhyCooldown = 2 * time.Hour
