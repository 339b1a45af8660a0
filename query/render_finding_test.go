package query

import (
	"strings"
	"testing"

	"github.com/gortex/gortex/audit"
)

func TestRenderFinding(t *testing.T) {
	f := &audit.Finding{Type: audit.TypeUnexplained, Severity: audit.SeverityCaution,
		Symbol:  audit.Symbol{ID: "money/round.go::RoundCents", Qualified: "example.com/books/money.RoundCents", Path: "money/round.go", Line: 4},
		Message: "RoundCents holds up 7 callers in 2 packages and nothing explains it — a memory would keep that reasoning",
		Command: "gortex remember --symbol example.com/books/money.RoundCents"}
	base := Answer{Query: "RoundCents", Symbol: &SymbolRef{ID: "money/round.go::RoundCents", Qualified: "example.com/books/money.RoundCents"},
		Candidates: []SymbolRef{}, Rationale: []Entry{}}
	tests := []struct {
		name    string
		finding *audit.Finding
		summary string
		format  Format
		want    []string
		not     []string
	}{
		{"text", f, "", FormatText, []string{"\ncaution: unexplained_load_bearing\n  RoundCents holds up 7 callers", "\n  $ gortex remember --symbol example.com/books/money.RoundCents\n"}, nil},
		{"summary", f, "It rounds [1].", FormatText, []string{"It rounds", "caution: unexplained_load_bearing"}, nil},
		{"json", f, "", FormatJSON, []string{`"finding": {`, `"type": "unexplained_load_bearing"`, `"severity": "caution"`}, nil},
		{"toon", f, "", FormatTOON, []string{"finding:", "type: unexplained_load_bearing"}, nil},
		{"no finding in text", nil, "", FormatText, nil, []string{"caution", "$ "}},
		{"no finding in json", nil, "", FormatJSON, nil, []string{"finding"}},
		{"no finding in toon", nil, "", FormatTOON, nil, []string{"finding"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := base
			a.Finding, a.Summary = tt.finding, tt.summary
			var b strings.Builder
			if err := Render(&b, &a, tt.format, RenderOptions{}); err != nil {
				t.Fatal(err)
			}
			for _, w := range tt.want {
				if !strings.Contains(b.String(), w) {
					t.Errorf("lacks %q:\n%s", w, b.String())
				}
			}
			for _, w := range tt.not {
				if strings.Contains(b.String(), w) {
					t.Errorf("has %q:\n%s", w, b.String())
				}
			}
		})
	}
}
