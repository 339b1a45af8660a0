package rationale

import (
	"strings"
	"testing"

	"github.com/gortex/gortex/graph"
)

// FuzzADRStatus feeds arbitrary ADR texts to the status reader and the
// supersession linking, over three numbered ADRs of one directory: it must
// not panic, a status is one lower-case word, and no ADR supersedes itself
// or gets a superseded_by that is not one of them.
func FuzzADRStatus(f *testing.F) {
	f.Add("Status: Superseded by ADR 0003\n", "Status: Accepted\nSupersedes: ADR 0001\n", "## Status\n\nDeprecated\n")
	f.Add("**Status:** replaced by 2", "Supersedes 0002 and 0003", "Supersedes: ADR 0003")
	f.Add("status:", "supersedes", "by")
	f.Fuzz(func(t *testing.T, a, b, c string) {
		s := graph.New()
		var docs []*document
		paths := map[string]bool{}
		for i, text := range []string{a, b, c} {
			p := "docs/adr/000" + string(rune('1'+i)) + "-x.md"
			paths[p] = true
			d := doc(p, "ADR", "Status")
			d.sections[1].Text = text
			d.text += text
			for _, sec := range d.sections {
				sec.SetAttr(AttrAssetKind, string(AssetADR))
				s.AddNode(*sec)
			}
			for k, sec := range d.sections {
				d.sections[k], _ = s.Node(sec.ID)
			}
			docs = append(docs, d)
		}
		supersessions(s, docs)
		for _, d := range docs {
			st := StatusOf(d.sections[0])
			if st != strings.ToLower(st) || strings.ContainsAny(st, " \t\n") {
				t.Fatalf("%s: status %q", d.path, st)
			}
			if by := SupersededBy(d.sections[0]); by == d.path || by != "" && !paths[by] {
				t.Fatalf("%s superseded by %q", d.path, by)
			}
			if _, ok := s.EdgeBetween(d.sections[0].ID, d.sections[0].ID); ok {
				t.Fatalf("%s supersedes itself", d.path)
			}
		}
	})
}
