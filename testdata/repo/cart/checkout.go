package cart

import (
	"errors"
	"fmt"

	"example.com/shop/billing"
)

// ErrEmptyCart is returned when an empty cart is checked out.
var ErrEmptyCart = errors.New("cart: nothing to check out")

// Checkout turns the cart into a draft invoice for customer, one invoice
// line per cart line. The invoice is not finalized here.
func (c *Cart) Checkout(customer string) (*billing.Invoice, error) {
	if c.Empty() {
		return nil, ErrEmptyCart
	}
	inv := billing.NewInvoice(customer)
	for _, it := range c.Items {
		desc := fmt.Sprintf("%d x %s", it.Quantity, it.SKU)
		if err := inv.AddLine(desc, it.Subtotal()); err != nil {
			return nil, err
		}
	}
	if billing.Total(inv.Lines) != Total(c.Items) {
		return nil, fmt.Errorf("cart %s: invoice total differs from cart total", c.ID)
	}
	return inv, nil
}

// CheckoutWithCoupon is Checkout with a coupon discount added as a
// negative invoice line.
func (c *Cart) CheckoutWithCoupon(customer string, cp Coupon, discounted int64) (*billing.Invoice, error) {
	inv, err := c.Checkout(customer)
	if err != nil {
		return nil, err
	}
	off := Total(c.Items) - discounted
	if off > 0 {
		if err := inv.AddLine("coupon "+cp.Code, -off); err != nil {
			return nil, err
		}
	}
	return inv, nil
}
