package cart

// This file is a local experiment and is ignored by cart/.gitignore.
// Nothing here is part of the shop.

// ScratchReprice recomputes every line price with a flat markup, to try
// out a pricing idea before writing a real proposal.
func ScratchReprice(c *Cart, markupPercent int64) int64 {
	var total int64
	for i := range c.Items {
		p := c.Items[i].PriceCents
		p += p * markupPercent / 100
		total += p * int64(c.Items[i].Quantity)
	}
	return total
}

// scratchDump lists the SKUs in the cart, for printing while debugging.
func scratchDump(c *Cart) []string {
	out := make([]string, 0, len(c.Items))
	for _, it := range c.Items {
		out = append(out, it.SKU)
	}
	return out
}

// ScratchMostExpensive returns the line with the highest unit price.
func ScratchMostExpensive(c *Cart) (Item, bool) {
	var best Item
	found := false
	for _, it := range c.Items {
		if !found || it.PriceCents > best.PriceCents {
			best, found = it, true
		}
	}
	_ = scratchDump(c)
	return best, found
}
