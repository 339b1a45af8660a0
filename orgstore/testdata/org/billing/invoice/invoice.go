// Package invoice holds invoices and their one way to be closed.
package invoice

import "errors"

// Invoice is a bill sent to a customer.
type Invoice struct {
	Lines []int
	Total int
	Final bool
}

// ErrFinal is returned when an issued invoice would change.
var ErrFinal = errors.New("invoice: already final")

// Finalize freezes the invoice's lines and computes its total once.
func Finalize(inv *Invoice) error {
	if inv.Final {
		return ErrFinal
	}
	for _, l := range inv.Lines {
		inv.Total += l
	}
	inv.Final = true
	return nil
}
