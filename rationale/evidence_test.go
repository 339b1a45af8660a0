package rationale

import (
	"context"
	"testing"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/graph/graphtest"
	"github.com/gortex/gortex/rationale/place"
)

// sym is one symbol of a fixture store.
type sym struct {
	path, recv, name string
	kind             graph.NodeKind
	generated        bool
}

// linkScores links one section of the given text over a store holding
// syms (each in the package of its folder) and returns the score of each
// symbol it links.
func linkScores(t *testing.T, syms []sym, text string) map[string]float64 {
	t.Helper()
	s := graphtest.Checked(t, graph.New())
	files := map[string]bool{}
	for _, y := range syms {
		if !files[y.path] {
			files[y.path] = true
			f := graph.Node{ID: graph.FileID(y.path), Kind: graph.KindFile, Name: y.path, Path: y.path}
			if y.generated {
				f.SetAttr(graph.AttrGenerated, "true")
			}
			if err := s.AddNode(f); err != nil {
				t.Fatal(err)
			}
		}
		dotted := y.name
		if y.recv != "" {
			dotted = y.recv + "." + y.name
		}
		dir := y.path[:max(0, len(y.path)-len("/x.go"))]
		pkg := dir[lastSlash(dir)+1:]
		if err := s.AddNode(graph.Node{ID: graph.SymbolID(y.path, dotted), Kind: y.kind, Name: y.name, Receiver: y.recv,
			Package: pkg, Path: y.path}); err != nil {
			t.Fatal(err)
		}
	}
	return linkSection(t, s, graph.Node{ID: graph.SectionID("docs/d.md", 1), Kind: graph.KindDoc, Name: "Heading", Path: "docs/d.md", Text: text})
}

// linkSection adds sec to s, links s, and returns the score of each node
// sec links to: the end of every test helper that links one section.
func linkSection(t *testing.T, s *graph.Store, sec graph.Node) map[string]float64 {
	t.Helper()
	if err := s.AddNode(sec); err != nil {
		t.Fatal(err)
	}
	if _, err := (&Linker{}).Link(context.Background(), s); err != nil {
		t.Fatal(err)
	}
	got := map[string]float64{}
	for _, e := range s.Out(sec.ID, graph.EdgeMotivates) {
		best, _ := e.Best()
		got[string(e.To)] = best.Score
	}
	return got
}

func lastSlash(s string) int {
	for i := len(s) - 1; i >= 0; i-- {
		if s[i] == '/' {
			return i
		}
	}
	return -1
}

// TestWhereSymbolsLive holds the rules of evidence about the symbol's side
// of a link: common names need their place named, the repository's own
// code comes before tests and generated copies, and copies of a type in
// several API versions count once, the newest first.
func TestWhereSymbolsLive(t *testing.T) {
	syms := []sym{
		{"controlplane/webhooks/x.go", "", "spec", graph.KindConst, false},
		{"client/delete_test.go", "", "namespace", graph.KindConst, false},
		{"core/machine/x.go", "", "Reconciler", graph.KindType, false},
		{"core/machine/suite_test.go", "", "Reconciler", graph.KindType, false},
		{"util/test/builder/x.go", "", "HealthBuilder", graph.KindType, false},
		{"api/core/v1beta1/x.go", "", "MachineHealthCheck", graph.KindType, false},
		{"api/core/v1beta2/x.go", "", "MachineHealthCheck", graph.KindType, false},
		{"internal/api/core/v1alpha3/x.go", "", "MachineHealthCheck", graph.KindType, false},
		{"api/core/v1beta2/x.go", "", "Machine", graph.KindType, false},
		{"api/core/v1beta2/zz_generated.go", "Machine", "DeepCopy", graph.KindMethod, true},
		{"core/webhooks/x.go", "", "Machine", graph.KindType, false},
		{"core/machineset/x.go", "scope", "machineSet", graph.KindField, false},
		{"hack/release/x.go", "", "Unknown", graph.KindConst, false},
		{"hack/release/x.go", "", "AreaUnknown", graph.KindConst, false},
		{"api/core/v1beta2/x.go", "", "Budget", graph.KindType, false},
		{"core/machineset/x.go", "scope", "Budget", graph.KindField, false},
	}
	tests := []struct {
		name string
		text string
		want map[string]float64 // ID → score; only these are linked
	}{
		{"a manifest's common keys link nothing", "```yaml\nspec:\n  namespace: x\n```", map[string]float64{}},
		{"a common name in a code span needs its package", "Set `spec` and `namespace`.", map[string]float64{}},
		{"a common name with its package", "The `webhooks` package keeps `spec`.", map[string]float64{
			"controlplane/webhooks/x.go::spec": scoreBareCode}},
		{"a field is named with its type", "Machines are grouped by their `machineSet`.", map[string]float64{}},
		{"a field with its type", "The `scope` keeps the `machineSet`.", map[string]float64{
			"core/machineset/x.go::scope.machineSet": scoreBareCode}},
		{"an unplaced field still holds its name", "The `Budget` caps disruptions.", map[string]float64{
			"api/core/v1beta2/x.go::Budget": scoreBareCode / 2}},
		{"a constant of one word is a value", "```yaml\nstatus: \"Unknown\"\n```", map[string]float64{}},
		{"a constant of one word with its package", "In `release`, `Unknown` files a note nowhere.", map[string]float64{
			"hack/release/x.go::Unknown": scoreBareCode}},
		{"a constant of more words names itself", "Notes go under `AreaUnknown`.", map[string]float64{
			"hack/release/x.go::AreaUnknown": scoreBareCode}},
		{"own code before test code", "The `Reconciler` runs.", map[string]float64{
			"core/machine/x.go::Reconciler":          scoreBareCode / 2,
			"core/machine/suite_test.go::Reconciler": scoreBareCode / 2 * place.Test.Weight()}},
		{"test code alone counts half", "`HealthBuilder` builds one.", map[string]float64{
			"util/test/builder/x.go::HealthBuilder": scoreBareCode * place.Test.Weight()}},
		{"API versions of a type count once, newest first", "The `MachineHealthCheck` type.", map[string]float64{
			"api/core/v1beta2/x.go::MachineHealthCheck":           scoreBareCode,
			"api/core/v1beta1/x.go::MachineHealthCheck":           scoreBareCode * (1 - versionStep),
			"internal/api/core/v1alpha3/x.go::MachineHealthCheck": scoreBareCode * (1 - 2*versionStep)}},
		{"a manifest's kind names the API type above a same-named webhook", "```yaml\nkind: Machine\n```", map[string]float64{
			"api/core/v1beta2/x.go::Machine": scoreKind,
			"core/webhooks/x.go::Machine":    scoreBareCode / 2}},
		{"a manifest's kind names the type of every version", "```yaml\nkind: MachineHealthCheck\n```", map[string]float64{
			"api/core/v1beta2/x.go::MachineHealthCheck":           scoreBareCode,
			"api/core/v1beta1/x.go::MachineHealthCheck":           scoreBareCode * (1 - versionStep),
			"internal/api/core/v1alpha3/x.go::MachineHealthCheck": scoreBareCode * (1 - 2*versionStep)}},
		{"a section that shows a manifest of a kind means its API type by that name", "The `Machine` keeps its nodes.\n\n```yaml\nkind: Machine\n```", map[string]float64{
			"api/core/v1beta2/x.go::Machine": scoreBareCode + repeatBonus, // the prose's and the manifest's
			"core/webhooks/x.go::Machine":    scoreBareCode / 2}},         // the manifest's line alone, as before
		{"more manifests of a kind are more examples, not more evidence", "```yaml\nkind: Machine\n---\nkind: Machine\n```", map[string]float64{
			"api/core/v1beta2/x.go::Machine": scoreKind + repeatBonus, // the name twice in code
			"core/webhooks/x.go::Machine":    scoreBareCode/2 + repeatBonus}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := linkScores(t, syms, tt.text)
			if len(got) != len(tt.want) {
				t.Errorf("linked %v, want %v", got, tt.want)
			}
			for id, w := range tt.want {
				if g, ok := got[id]; !ok || g < w-1e-9 || g > w+1e-9 {
					t.Errorf("%s scored %v (linked %v), want %v", id, g, ok, w)
				}
			}
		})
	}
}

// TestEnclosingHeading: a section under a heading that spells a symbol's
// name is about it: the link its text made is raised; a section under
// another heading keeps the plain score.
func TestEnclosingHeading(t *testing.T) {
	for _, tt := range []struct {
		path []string
		want float64
	}{
		{[]string{"Karpenter - Node Overlay", "Proposal"}, scoreBareCode + headingBonus},
		{[]string{"Karpenter - Scheduling", "Proposal"}, scoreBareCode},
		{[]string{"Node Overlay"}, scoreBareCode}, // its own heading: that is the named signal's business
	} {
		s := graphtest.Checked(t, graph.New())
		if err := s.AddNode(graph.Node{ID: graph.SymbolID("api/v1/x.go", "NodeOverlay"), Kind: graph.KindType, Name: "NodeOverlay", Path: "api/v1/x.go"}); err != nil {
			t.Fatal(err)
		}
		sec := graph.Node{ID: graph.SectionID("d.md", 3), Kind: graph.KindDoc, Name: tt.path[len(tt.path)-1], HeadingPath: tt.path,
			Path: "d.md", Text: "Users write a `NodeOverlay`."}
		if err := s.AddNode(sec); err != nil {
			t.Fatal(err)
		}
		if _, err := (&Linker{}).Link(context.Background(), s); err != nil {
			t.Fatal(err)
		}
		var got float64
		for _, e := range s.Out(sec.ID, graph.EdgeMotivates) {
			m, _ := e.Best()
			got = m.Score
		}
		if got < tt.want-1e-9 || got > tt.want+1e-9 {
			t.Errorf("under %q: score %v, want %v", tt.path, got, tt.want)
		}
	}
}
