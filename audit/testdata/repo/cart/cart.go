package cart

import (
	"example.com/books/ledger"
	"example.com/books/money"
	"example.com/books/pricing"
	"example.com/books/tax"
)

// Subtotal is the cart's subtotal in cents.
func Subtotal(prices []float64) int64 {
	var sum float64
	for _, p := range prices {
		sum += p
	}
	c := money.RoundCents(sum)
	ledger.Post("subtotal", c)
	return c + tax.Compute(c)
}

// Shipping is the shipping cost in cents.
func Shipping(weight float64) int64 {
	c := money.RoundCents(weight * 0.4)
	ledger.Post("shipping", c)
	return c + pricing.ApplyReverseCharge(tax.Compute(c), false)
}

// Coupon is a coupon's value in cents.
func Coupon(percent, total float64) int64 {
	c := money.RoundCents(total * percent / 100)
	ledger.Post("coupon", -c)
	return c - tax.Compute(c)
}
