package pricing

// ApplyReverseCharge zeroes the tax of a sale to a business in another
// country.
func ApplyReverseCharge(tax int64, business bool) int64 {
	if business {
		return 0
	}
	return tax
}
