package money

// RoundCents rounds an amount in fractions of a cent to whole cents.
func RoundCents(x float64) int64 {
	if x < 0 {
		return -int64(-x + 0.5)
	}
	return int64(x + 0.5)
}
