package billing

import (
	"example.com/books/ledger"
	"example.com/books/money"
	"example.com/books/tax"
)

// Total is an invoice's total in cents.
func Total(amount float64) int64 {
	c := money.RoundCents(amount)
	ledger.Post("total", c)
	return c + tax.Compute(c)
}

// Tax is an invoice's tax in cents.
func Tax(amount float64) int64 {
	t := tax.Compute(money.RoundCents(amount))
	ledger.Post("tax", t)
	return t
}

// Refund books a refund.
func Refund(amount float64) int64 {
	c := money.RoundCents(amount)
	ledger.Post("refund", -c-tax.Compute(c))
	return c
}

// Credit books a credit note.
func Credit(amount float64) int64 {
	c := money.RoundCents(amount)
	ledger.Post("credit", -c)
	return c + tax.Compute(c)
}
