package rationale

import "github.com/gortex/gortex/graph"

// CodeName is a dotted name that a document writes as code, found by the
// same scan as the named signal: "pricing.ReverseCharge",
// "billing.Invoice.Finalize", "example.com/shop/billing.Invoice".
type CodeName struct {
	Prefix string   // the import-path part before the last '/', "" when none
	Parts  []string // the dotted identifiers; for a prefix, the first is the package
	Text   string   // as written, without code markers
}

// CodeNames returns the names of two or more dotted parts that the heading
// or text of section sec writes inside a code span or a fenced block, each
// once, in order of appearance. Prose is left out: there a dotted word may
// be the end of a sentence.
func CodeNames(sec *graph.Node) []CodeName {
	ms := scanMentions(sec.Name, true, nil)
	ms = scanMentions(sec.Text, false, ms)
	seen := map[string]bool{}
	var out []CodeName
	for _, m := range ms {
		if !m.inCode || len(m.parts) < 2 {
			continue
		}
		t := m.text()
		if !seen[t] {
			seen[t] = true
			out = append(out, CodeName{Prefix: m.prefix, Parts: m.parts, Text: t})
		}
	}
	return out
}
