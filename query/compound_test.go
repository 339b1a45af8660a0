package query

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/textindex"
)

func TestSplitCompounds(t *testing.T) {
	ctx := context.Background()
	docs := []*graph.Node{
		{ID: "doc:a.md#L1", Kind: graph.KindDoc, Name: "Health", Path: "a.md",
			Text: "The NodePool health of each nodepool is tracked; the flavor assigner picks a flavor. Money is never a float."},
	}
	idx, err := textindex.NewMem(ctx, docs)
	if err != nil {
		t.Fatal(err)
	}
	defer idx.Close()
	tests := []struct {
		word string
		want []string
	}{
		{"nodepoolhealth", []string{"nodepool", "health"}}, // the documents write "nodepool" whole
		{"flavorassigner", []string{"flavor", "assigner"}},
		{"floatmoney", []string{"float", "money"}},
		{"nodepool", nil},       // used whole: nothing to add
		{"reconcile", nil},      // no split into known words
		{"Flavorassigner", nil}, // not a lower-case compound
		{"health", nil},         // too short to be two words
	}
	for _, tt := range tests {
		t.Run(tt.word, func(t *testing.T) {
			got := splitCompounds(ctx, idx, []string{tt.word})
			if !slices.Equal(got, tt.want) {
				t.Errorf("splitCompounds(%q) = %q, want %q", tt.word, got, tt.want)
			}
		})
	}
}

func TestMemberWords(t *testing.T) {
	s := newTestStore(t)
	addCode(t, s)
	n := node(t, s, methodFinal)
	n.Text = "Finalize freezes the invoice and records one ledger entry per line."
	got := memberWords(s, node(t, s, typeInvoice))
	for _, w := range []string{"Finalize", "freezes", "ledger"} {
		if !strings.Contains(got, w) {
			t.Errorf("member words %q lack %q", got, w)
		}
	}
	if got := memberWords(s, node(t, s, funcTotal)); got != "" {
		t.Errorf("a function has no members, got %q", got)
	}
}
