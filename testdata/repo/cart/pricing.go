package cart

// Sum adds up amounts given in cents.
func Sum(amounts ...int64) int64 {
	var s int64
	for _, a := range amounts {
		s += a
	}
	return s
}

// Subtotal is the price of one line: unit price times quantity.
func (it Item) Subtotal() int64 {
	return it.PriceCents * int64(it.Quantity)
}

// Total returns the undiscounted price of all items, in cents.
func Total(items []Item) int64 {
	amounts := make([]int64, 0, len(items))
	for _, it := range items {
		amounts = append(amounts, it.Subtotal())
	}
	return Sum(amounts...)
}

// Units counts the units across all lines, for shipping estimates.
func Units(items []Item) int {
	n := 0
	for _, it := range items {
		n += it.Quantity
	}
	return n
}

// Empty reports whether the cart has no lines at all.
func (c *Cart) Empty() bool {
	return c.Len() == 0
}

// Total is the price of every line of the cart in integer cents, added
// exactly: checkout compares it with the invoice built from the same lines.
//
// Discounts are not applied here.
func (c *Cart) Total() int64 {
	return Total(c.Items)
}
