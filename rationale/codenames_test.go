package rationale

import (
	"slices"
	"testing"

	"github.com/gortex/gortex/graph"
)

func TestCodeNames(t *testing.T) {
	tests := []struct {
		name, heading, text string
		want                []string
	}{
		{"code span", "Pricing", "Call `pricing.ReverseCharge` for EU buyers.", []string{"pricing.ReverseCharge"}},
		{"prose is left out", "Notes", "See pricing.ReverseCharge. Then stop.", nil},
		{"bare names are left out", "Notes", "`ReverseCharge` and `Total`", nil},
		{"fenced block, each once", "Use", "```go\nx := billing.Invoice.Finalize()\ny := billing.Invoice.Finalize()\n```\n", []string{"billing.Invoice.Finalize"}},
		{"import path", "Use", "`example.com/shop/billing.Invoice`", []string{"example.com/shop/billing.Invoice"}},
		{"heading", "`tax.Compute`", "", []string{"tax.Compute"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, c := range CodeNames(&graph.Node{Kind: graph.KindDoc, Name: tt.heading, Text: tt.text}) {
				got = append(got, c.Text)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("CodeNames = %q, want %q", got, tt.want)
			}
		})
	}
}
