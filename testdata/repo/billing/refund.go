package billing

import (
	"errors"
	"fmt"

	"example.com/shop/internal/ledger"
)

// ErrRefundTooLarge is returned when a refund exceeds what was paid.
var ErrRefundTooLarge = errors.New("billing: refund exceeds payments")

// Payment is one tender that paid for an order, for example a card or a
// gift card. Payments are kept in the order they were charged.
type Payment struct {
	Method      string
	AmountCents int64
}

// PaymentGateway is the payment provider as billing sees it.
type PaymentGateway interface {
	// Charge takes amountCents from method.
	Charge(method string, amountCents int64) error
	// Refund returns amountCents to method.
	Refund(method string, amountCents int64) error
}

// SplitRefund divides a refund across the original payment methods in
// reverse order of charge: the most recent payment is refunded first and
// no method gets back more than it was charged.
func SplitRefund(payments []Payment, amountCents int64) ([]Payment, error) {
	var parts []Payment
	left := amountCents
	for i := len(payments) - 1; i >= 0 && left > 0; i-- {
		part := payments[i].AmountCents
		if part > left {
			part = left
		}
		parts = append(parts, Payment{Method: payments[i].Method, AmountCents: part})
		left -= part
	}
	if left > 0 {
		return nil, ErrRefundTooLarge
	}
	return parts, nil
}

// IssueRefund returns amountCents to a customer through gw, paying back
// the original methods, and writes one ledger entry per method refunded.
func IssueRefund(gw PaymentGateway, customer string, payments []Payment, amountCents int64) error {
	parts, err := SplitRefund(payments, amountCents)
	if err != nil {
		return err
	}
	for _, p := range parts {
		if err := gw.Refund(p.Method, p.AmountCents); err != nil {
			return fmt.Errorf("refund %s: %w", p.Method, err)
		}
		if _, err := ledger.Record("customer:"+customer, p.AmountCents, "refund to "+p.Method); err != nil {
			return err
		}
	}
	return nil
}
