package orgstore

import (
	"slices"
	"testing"
)

// TestMentionsOfOwnNames holds a publish to writing as mentions only the
// names that are not the repository's own: a section that writes its own
// package's path means its own package, not another repository's of the
// same path.
func TestMentionsOfOwnNames(t *testing.T) {
	snap := &Snapshot{
		Symbols: []Symbol{
			{ID: "shop/billing", Qualified: "example.org/acme/shop/billing", Name: "billing", Kind: "package", Path: "shop/billing"},
			{ID: "shop/billing/invoice.go::Invoice", Qualified: "example.org/acme/shop/billing.Invoice", Name: "Invoice", Kind: "type",
				Path: "shop/billing/invoice.go"},
		},
		Mentions: []Mention{
			{Section: "doc:a.md#L1", Name: "shop/billing"},                          // its own package, by a suffix of its path
			{Section: "doc:a.md#L1", Name: "acme/shop/billing.Invoice"},             // its own type
			{Section: "doc:a.md#L1", Name: "example.org/ledger/book.Entry"},         // another repository's
			{Section: "doc:b.md#L3", Name: "ledger/book"},                           // another repository's, shorter
			{Section: "doc:b.md#L3", Name: "acme/shop/billing/invoice.go::Invoice"}, // its own, qualified with its short name
		},
	}
	rows := rowsOf(snap, "acme")[3]
	var got []string
	for _, r := range rows {
		got = append(got, r.key)
	}
	want := []string{"doc:a.md#L1\x1fexample.org/ledger/book.Entry", "doc:b.md#L3\x1fledger/book"}
	if !slices.Equal(got, want) {
		t.Errorf("mentions written: %q, want %q", got, want)
	}
}
