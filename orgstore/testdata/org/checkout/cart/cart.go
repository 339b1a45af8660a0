// Package cart turns a basket into a paid invoice.
package cart

import "github.com/acme/billing/invoice"

// Cart is a customer's basket.
type Cart struct {
	Items []int
}

// Checkout issues the cart's invoice at payment time.
func Checkout(c *Cart) (*invoice.Invoice, error) {
	inv := &invoice.Invoice{Lines: c.Items}
	return inv, invoice.Finalize(inv)
}
