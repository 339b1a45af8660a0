// Package billing turns orders into invoices, enforces spending limits for
// business customers and issues refunds. Every movement of money is written
// to the ledger.
package billing

import (
	"errors"
	"fmt"
	"sync/atomic"

	"example.com/shop/internal/ledger"
)

// Status is the lifecycle state of an Invoice.
type Status int

// Invoice states. An invoice starts as Draft and is finalized exactly once;
// only a refund can void it afterwards.
const (
	Draft Status = iota
	Finalized
	Void
)

// ErrFinalized is returned when a finalized invoice is changed.
var ErrFinalized = errors.New("billing: invoice already finalized")

// lastNumber is the most recently issued invoice number.
var lastNumber atomic.Int64

// Line is one billed amount on an invoice.
type Line struct {
	Description string
	AmountCents int64
}

// Invoice is the bill a customer receives for one order.
type Invoice struct {
	Number   string
	Customer string
	Lines    []Line
	Status   Status
}

// NewInvoice creates a draft invoice carrying the next gapless number.
func NewInvoice(customer string) *Invoice {
	n := lastNumber.Add(1)
	return &Invoice{Number: fmt.Sprintf("INV-%06d", n), Customer: customer}
}

// AddLine appends a billed amount to a draft invoice.
func (inv *Invoice) AddLine(description string, amountCents int64) error {
	if inv.Status != Draft {
		return ErrFinalized
	}
	inv.Lines = append(inv.Lines, Line{Description: description, AmountCents: amountCents})
	return nil
}

// Finalize freezes the invoice and records one ledger entry per line
// against the customer's account.
func (inv *Invoice) Finalize() error {
	if inv.Status != Draft {
		return ErrFinalized
	}
	account := "customer:" + inv.Customer
	for _, l := range inv.Lines {
		memo := inv.Number + " " + l.Description
		if _, err := ledger.Record(account, -l.AmountCents, memo); err != nil {
			return fmt.Errorf("finalize %s: %w", inv.Number, err)
		}
	}
	inv.Status = Finalized
	return nil
}

// Total returns the amount due for a set of invoice lines, in cents.
func Total(lines []Line) int64 {
	var t int64
	for _, l := range lines {
		t += l.AmountCents
	}
	return t
}
