// Package cart holds what a visitor intends to buy until checkout.
package cart

import "errors"

// SKU identifies a product in the catalogue. It is an alias so that
// catalogue identifiers can be passed without conversion.
type SKU = string

// MaxItems is the number of lines a cart holds when Options leaves the
// limit at zero.
const MaxItems = 100

// ErrCartFull is returned when adding a line would exceed the limit.
var ErrCartFull = errors.New("cart: cart is full")

// Item is one line of a cart: a product, how many, and the unit price.
type Item struct {
	SKU        SKU
	Quantity   int
	PriceCents int64
}

// Options configures the limits of a Cart.
type Options struct {
	// MaxLines caps the number of lines; zero means MaxItems.
	MaxLines int
	// AllowBackorder lets out-of-stock products into the cart.
	AllowBackorder bool
}

// Cart is the set of items one visitor has picked.
type Cart struct {
	ID    string
	Items []Item
	opts  Options
}

// New returns an empty cart with the given identifier and options.
func New(id string, opts Options) *Cart {
	if opts.MaxLines == 0 {
		opts.MaxLines = MaxItems
	}
	return &Cart{ID: id, opts: opts}
}

// AddItem puts qty units of sku into the cart. A product already in the
// cart has its quantity increased instead of getting a second line.
func (c *Cart) AddItem(sku SKU, qty int, priceCents int64) error {
	for i := range c.Items {
		if c.Items[i].SKU == sku {
			c.Items[i].Quantity += qty
			return nil
		}
	}
	if len(c.Items) >= c.opts.MaxLines {
		return ErrCartFull
	}
	c.Items = append(c.Items, Item{SKU: sku, Quantity: qty, PriceCents: priceCents})
	return nil
}

// RemoveItem deletes the line for sku and reports whether there was one.
func (c *Cart) RemoveItem(sku SKU) bool {
	for i := range c.Items {
		if c.Items[i].SKU == sku {
			c.Items = append(c.Items[:i], c.Items[i+1:]...)
			return true
		}
	}
	return false
}

// Len returns the number of lines in the cart.
func (c *Cart) Len() int {
	return len(c.Items)
}
