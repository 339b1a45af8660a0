package billing

import (
	"errors"
	"fmt"
)

// ErrOverBudget is returned when an amount does not fit in a Budget.
var ErrOverBudget = errors.New("billing: over budget")

// Budget caps how much a business customer may spend in one billing
// period. The zero Budget allows nothing.
type Budget struct {
	Customer   string
	LimitCents int64
	SpentCents int64
}

// Remaining reports how much of the limit is still available, never less
// than zero.
func (b *Budget) Remaining() int64 {
	left := b.LimitCents - b.SpentCents
	if left < 0 {
		return 0
	}
	return left
}

// Spend counts amountCents against the budget. It fails without changing
// anything when the amount exceeds what is left.
func (b *Budget) Spend(amountCents int64) error {
	if amountCents > b.Remaining() {
		return fmt.Errorf("%w: %s needs %d, has %d",
			ErrOverBudget, b.Customer, amountCents, b.Remaining())
	}
	b.SpentCents += amountCents
	return nil
}

// Approve finalizes inv when its total fits in the budget and counts the
// total as spent.
func (b *Budget) Approve(inv *Invoice) error {
	total := Total(inv.Lines)
	if total > b.Remaining() {
		return ErrOverBudget
	}
	if err := inv.Finalize(); err != nil {
		return err
	}
	return b.Spend(total)
}
