package audit_test

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/gortex/gortex/audit"
	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/memory"
	"github.com/gortex/gortex/workspace"
)

// The fixture testdata/repo: money.RoundCents, tax.Compute and ledger.Post
// are each called by the same seven functions, four in billing and three
// in cart. No document names RoundCents; an accepted ADR names
// tax.Compute; only a superseded ADR names ledger.Post; a design document
// names pricing.ReverseCharge, which package pricing lacks (it has
// ApplyReverseCharge). Two RFCs name pricing names that do not exist: a
// draft (LoyaltyDiscount) and a rejected one (CardSurcharge). Package jobs
// imports k8s.io/apimachinery/pkg/runtime beside its own jobs/runtime, and
// the design names runtime.Scheme, the imported one's.

// fixture copies testdata/repo into a temporary directory.
func fixture(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "repo")
	if err := os.CopyFS(dir, os.DirFS("testdata/repo")); err != nil {
		t.Fatal(err)
	}
	return dir
}

// open indexes (or updates) dir and opens it with its workspace memories
// only, as the CLI does.
func open(t *testing.T, dir string) *workspace.Workspace {
	t.Helper()
	w, err := workspace.Open(context.Background(), dir, workspace.Options{Stores: []*memory.Store{memory.OpenWorkspace(dir)}})
	if err != nil {
		t.Fatal(err)
	}
	return w
}

func run(t *testing.T, w *workspace.Workspace, o audit.Options) *audit.Report {
	t.Helper()
	r, err := audit.Run(context.Background(), audit.Input{Store: w.Store(), Memories: w.Memories, History: w.History}, o)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// find returns the finding of type typ about qualified, if any.
func find(r *audit.Report, typ audit.Type, qualified string) (audit.Finding, bool) {
	for _, f := range r.Findings {
		if f.Type == typ && f.Symbol.Qualified == qualified {
			return f, true
		}
	}
	return audit.Finding{}, false
}

func remember(t *testing.T, w *workspace.Workspace, m *memory.Memory) memory.ID {
	t.Helper()
	res, err := memory.OpenWorkspace(w.Root).Add(context.Background(), m, memory.AddOptions{Resolve: w.Resolver(), Root: w.Root})
	if err != nil || res.Status != memory.StatusCreated {
		t.Fatalf("add memory: %+v, %v", res, err)
	}
	return res.ID
}

func TestRunFixture(t *testing.T) {
	r := run(t, open(t, fixture(t)), audit.Options{Limit: -1})
	tests := []struct {
		name      string
		typ       audit.Type
		qualified string
		want      bool
		check     func(t *testing.T, f audit.Finding)
	}{
		{"helper nothing explains", audit.TypeUnexplained, "example.com/books/money.RoundCents", true, func(t *testing.T, f audit.Finding) {
			if f.Severity != audit.SeverityCaution || f.Evidence.Callers != 7 || f.Evidence.Packages != 2 || f.Symbol.Path != "money/round.go" || f.Symbol.Line != 4 {
				t.Errorf("finding %+v", f)
			}
			if want := "RoundCents holds up 7 callers in 2 packages and nothing explains it — a memory would keep that reasoning"; f.Message != want {
				t.Errorf("message %q, want %q", f.Message, want)
			}
			if !strings.HasPrefix(f.Command, "gortex remember --symbol example.com/books/money.RoundCents ") {
				t.Errorf("command %q", f.Command)
			}
		}},
		{"ADR-explained is not unexplained", audit.TypeUnexplained, "example.com/books/tax.Compute", false, nil},
		{"accepted ADR is kudos", audit.TypeGrounded, "example.com/books/tax.Compute", true, func(t *testing.T, f audit.Finding) {
			if f.Severity != audit.SeverityKudos || f.Evidence.Document != "docs/adr/0001-tax-per-line.md" {
				t.Errorf("finding %+v", f)
			}
		}},
		{"only a superseded ADR", audit.TypeSuperseded, "example.com/books/ledger.Post", true, func(t *testing.T, f audit.Finding) {
			if f.Evidence.Document != "docs/adr/0002-post-every-total.md" {
				t.Errorf("evidence %+v", f.Evidence)
			}
		}},
		{"superseded is not unexplained", audit.TypeUnexplained, "example.com/books/ledger.Post", false, nil},
		{"a name the package lacks", audit.TypeDangling, "pricing.ReverseCharge", true, func(t *testing.T, f audit.Finding) {
			if f.Evidence.Suggestion != "ApplyReverseCharge" || f.Symbol.Path != "docs/design/pricing.md" || f.Symbol.ID != "" ||
				f.Command != "gortex why pricing.ApplyReverseCharge" {
				t.Errorf("finding %+v", f)
			}
		}},
		{"a draft RFC proposes a name not built yet", audit.TypeDangling, "pricing.LoyaltyDiscount", false, nil},
		{"a rejected RFC stands for nothing", audit.TypeDangling, "pricing.CardSurcharge", false, nil},
		{"an imported module's package of the same name", audit.TypeDangling, "runtime.Scheme", false, nil},
		{"callers are not load-bearing", audit.TypeUnexplained, "example.com/books/billing.Total", false, nil},
		{"one caller is not load-bearing", audit.TypeUnexplained, "example.com/books/pricing.ApplyReverseCharge", false, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, ok := find(r, tt.typ, tt.qualified)
			if ok != tt.want {
				t.Fatalf("found %v, want %v; findings %+v", ok, tt.want, r.Findings)
			}
			if ok && tt.check != nil {
				tt.check(t, f)
			}
		})
	}
	if r.Total != 4 || r.Symbols == 0 || r.Count != 4 || !r.Has(audit.SeverityCaution) || !r.Has(audit.SeverityKudos) {
		t.Errorf("report total %d count %d symbols %d", r.Total, r.Count, r.Symbols)
	}
	if r.Findings[len(r.Findings)-1].Severity != audit.SeverityKudos || r.Findings[0].Type != audit.TypeUnexplained {
		t.Errorf("order: cautions first, kudos last: %+v", r.Findings)
	}
}

func TestRunMemories(t *testing.T) {
	dir := fixture(t)
	w := open(t, dir)
	id := remember(t, w, &memory.Memory{Title: "Round half away from zero", Kind: memory.KindDecision, Basis: memory.BasisAssumption,
		Body: "RoundCents rounds half away from zero; we assume the tax office does the same.", Symbols: []memory.SymbolAnchor{{Written: "money.RoundCents"}}})
	remember(t, w, &memory.Memory{Title: "Reverse charge is for businesses", Kind: memory.KindConstraint, Basis: memory.BasisResearch,
		Body: "Only sales to businesses abroad are reverse-charged.", Symbols: []memory.SymbolAnchor{{Written: "pricing.ApplyReverseCharge"}}})
	// The anchored function goes away: its memory's anchor is stale.
	if err := os.Remove(filepath.Join(dir, "pricing", "pricing.go")); err != nil {
		t.Fatal(err)
	}
	cart := filepath.Join(dir, "cart", "cart.go")
	src, _ := os.ReadFile(cart)
	src = []byte(strings.Replace(strings.Replace(string(src), "pricing.ApplyReverseCharge(tax.Compute(c), false)", "tax.Compute(c)", 1), "\t\"example.com/books/pricing\"\n", "", 1))
	if err := os.WriteFile(cart, src, 0o644); err != nil {
		t.Fatal(err)
	}
	r := run(t, open(t, dir), audit.Options{Limit: -1})

	f, ok := find(r, audit.TypeWeakBasis, "example.com/books/money.RoundCents")
	if !ok || f.Evidence.Memory != string(id) || f.Evidence.Basis != "assumption" || f.Command != "gortex memory edit "+string(id)+" --basis measurement" ||
		!strings.Contains(f.Message, "rests on the decision «Round half away from zero», whose basis is assumption") {
		t.Errorf("weak_basis %+v, %v; findings %+v", f, ok, r.Findings)
	}
	if _, ok := find(r, audit.TypeUnexplained, "example.com/books/money.RoundCents"); ok {
		t.Error("RoundCents is still unexplained with a memory anchored to it")
	}
	f, ok = find(r, audit.TypeStaleAnchor, "pricing.ApplyReverseCharge")
	if !ok || f.Symbol.ID != "pricing/pricing.go::ApplyReverseCharge" || f.Symbol.Path != "pricing/pricing.go" || !strings.Contains(f.Command, "--symbol NEW_NAME") {
		t.Errorf("stale_anchor %+v, %v", f, ok)
	}
	if _, ok := find(r, audit.TypeDangling, "pricing.ReverseCharge"); ok {
		t.Error("with package pricing gone, pricing.ReverseCharge names no package of the repository")
	}
}

func TestRunOptions(t *testing.T) {
	w := open(t, fixture(t))
	tests := []struct {
		name  string
		o     audit.Options
		total int
		count int
	}{
		{"all", audit.Options{Limit: -1}, 4, 4},
		{"limit", audit.Options{Limit: 1}, 4, 1},
		{"default limit", audit.Options{}, 4, 4},
		{"one directory", audit.Options{Paths: []string{"money"}, Limit: -1}, 1, 1},
		{"one file", audit.Options{Paths: []string{"docs/design/pricing.md"}, Limit: -1}, 1, 1},
		{"docs", audit.Options{Paths: []string{"docs"}, Limit: -1}, 1, 1},
		{"nothing there", audit.Options{Paths: []string{"cart"}, Limit: -1}, 0, 0},
		{"a prefix that is no directory", audit.Options{Paths: []string{"mon"}, Limit: -1}, 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := run(t, w, tt.o)
			if r.Total != tt.total || r.Count != tt.count || len(r.Findings) != tt.count {
				t.Errorf("total %d count %d, want %d %d: %+v", r.Total, r.Count, tt.total, tt.count, r.Findings)
			}
		})
	}
}

func TestForSymbol(t *testing.T) {
	w := open(t, fixture(t))
	in := audit.Input{Store: w.Store(), Memories: w.Memories}
	calls, err := audit.NewCalls(w.Store())
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		id   graph.NodeID
		want audit.Type // "" for none
	}{
		{"money/round.go::RoundCents", audit.TypeUnexplained},
		{"tax/tax.go::Compute", audit.TypeGrounded},
		{"ledger/ledger.go::Post", audit.TypeSuperseded},
		{"billing/billing.go::Total", ""},
		{"tax/tax.go::Rate", ""},
		{"no/such.go::Thing", ""},
	}
	for _, tt := range tests {
		var first *audit.Finding
		// Without a shared Calls, the callers are read from the store as
		// the search goes; the finding must be the one the view gives.
		for i, shared := range []*audit.Calls{nil, calls} {
			in.Calls = shared
			f, err := audit.ForSymbol(context.Background(), in, tt.id)
			if i == 0 {
				first = f
			} else if !reflect.DeepEqual(f, first) {
				t.Errorf("%s: with a shared Calls %+v, without %+v", tt.id, f, first)
			}
			switch {
			case err != nil:
				t.Fatal(err)
			case tt.want == "" && f != nil:
				t.Errorf("%s: %+v, want none", tt.id, f)
			case tt.want != "" && (f == nil || f.Type != tt.want || f.Severity != tt.want.Severity()):
				t.Errorf("%s: %+v, want %s", tt.id, f, tt.want)
			}
		}
	}
}

// TestRunCancelled: a cancelled audit says so.
func TestRunCancelled(t *testing.T) {
	w := open(t, fixture(t))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := audit.Run(ctx, audit.Input{Store: w.Store(), Memories: w.Memories}, audit.Options{}); err == nil {
		t.Error("no error from a cancelled audit")
	}
}

func TestExplained(t *testing.T) {
	w := open(t, fixture(t))
	tests := []struct {
		name, qualified string
		want            bool
	}{
		{"named by an accepted ADR", "example.com/books/tax.Compute", true},
		{"named by nothing", "example.com/books/money.RoundCents", false},
		{"named only by a superseded ADR", "example.com/books/ledger.Post", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var n *graph.Node
			for c := range w.Store().Nodes() {
				if c.Qualified == tt.qualified {
					n = c
				}
			}
			if n == nil {
				t.Fatalf("no node %s", tt.qualified)
			}
			if got := audit.Explained(w.Store(), w.Memories, n); got != tt.want {
				t.Errorf("Explained(%s) = %v, want %v", tt.qualified, got, tt.want)
			}
		})
	}
}

// TestRunProgress: Run reports how many symbols it has judged, counting up
// to all of them, once at the end.
func TestRunProgress(t *testing.T) {
	w := open(t, fixture(t))
	var done []int
	total := -1
	r := run(t, w, audit.Options{Limit: -1, Progress: func(d, n int) { done, total = append(done, d), n }})
	if len(done) == 0 || done[len(done)-1] != total || total != r.Symbols || !slices.IsSorted(done) {
		t.Errorf("progress %v of %d, report of %d symbols", done, total, r.Symbols)
	}
}

// predicateFiles are added to a copy of the fixture: money.Valid, a short
// predicate whose doc comment says when it holds, and money.Cents, a value
// it computes, each called by seven functions in two packages.
var predicateFiles = map[string]string{
	"money/valid.go": `package money

import "math"

// Valid reports whether an amount is a number that can be rounded to
// cents: neither NaN nor an infinity.
func Valid(x float64) bool {
	if math.IsNaN(x) {
		return false
	}
	return !math.IsInf(x, 0)
}

// Cents is an amount in whole cents, cut towards zero.
func Cents(x float64) int64 {
	if x < 0 {
		return -int64(-x)
	}
	return int64(x)
}
`,
	"checkout/checkout.go": callers("checkout", "A", "B", "C", "D"),
	"refunds/refunds.go":   callers("refunds", "E", "F", "G"),
}

// callers is the source of package pkg with a function per name, each
// calling money.Valid and money.Cents.
func callers(pkg string, names ...string) string {
	var b strings.Builder
	b.WriteString("package " + pkg + "\n\nimport \"example.com/books/money\"\n")
	for _, n := range names {
		b.WriteString("\n// " + n + " is an amount in cents, 0 when it is not a number.\nfunc " + n +
			"(x float64) int64 {\n\tif !money.Valid(x) {\n\t\treturn 0\n\t}\n\treturn money.Cents(x)\n}\n")
	}
	return b.String()
}

// TestSelfExplainedFixture: seven callers in two packages make both
// money.Valid and money.Cents load-bearing; only Cents, whose result is a
// value it chooses, is reported as nothing explaining it.
func TestSelfExplainedFixture(t *testing.T) {
	dir := fixture(t)
	for name, src := range predicateFiles {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	r := run(t, open(t, dir), audit.Options{Limit: -1})
	for _, tt := range []struct {
		qualified string
		want      bool
	}{
		{"example.com/books/money.Valid", false},
		{"example.com/books/money.Cents", true},
		{"example.com/books/money.RoundCents", true},
	} {
		if f, ok := find(r, audit.TypeUnexplained, tt.qualified); ok != tt.want {
			t.Errorf("%s unexplained %v, want %v (%+v)", tt.qualified, ok, tt.want, f)
		}
	}
}
