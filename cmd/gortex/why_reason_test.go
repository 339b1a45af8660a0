package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestWhyCarriesTheReason: the ADR whose Decision names Cart.Total states
// its reason in its Context section; the answer carries that reason next to
// the Decision entry, and the method's own doc comment with the symbol.
func TestWhyCarriesTheReason(t *testing.T) {
	dir := fixture(t)
	code, out, stderr := run(t, "why", "--dir", dir, "--json", "Cart.Total")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var a struct {
		Symbol struct {
			Doc string `json:"doc"`
		} `json:"symbol"`
		Rationale []struct {
			Path, Section, Context string
		} `json:"rationale"`
	}
	if err := json.Unmarshal([]byte(out), &a); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(a.Symbol.Doc, "Total is the price of every line of the cart in integer cents") {
		t.Errorf("symbol.doc = %q, want the method's doc comment", a.Symbol.Doc)
	}
	const adr = "docs/adr/0004-money-in-integer-cents.md"
	for _, e := range a.Rationale {
		if e.Path == adr && e.Section == "Decision" {
			if !strings.Contains(e.Context, "Floating point sums drift") {
				t.Errorf("the Decision entry's context = %q, want the ADR's Context section", e.Context)
			}
			return
		}
	}
	t.Errorf("no entry for %s § Decision in %s", adr, out)
}

// TestWhyQuestionAnyWord: a question is a scored disjunction of its words.
// No section of the fixture says both "totals" and "drift"; the one that
// says why sums drift ranks first.
func TestWhyQuestionAnyWord(t *testing.T) {
	dir := fixture(t)
	a, _ := whyAnswer(t, "--dir", dir, "why do totals drift")
	if len(a.Rationale) < 2 {
		t.Fatalf("%d entries, want the sections with either word", len(a.Rationale))
	}
	if e := a.Rationale[0]; e.Path != "docs/adr/0004-money-in-integer-cents.md" || e.Section != "Context" {
		t.Errorf("first entry %s § %s, want ADR 0004 § Context", e.Path, e.Section)
	}
}
