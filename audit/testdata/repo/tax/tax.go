package tax

// Rate is the tax rate, in percent.
const Rate = 20

// Compute returns the tax on an amount in cents.
func Compute(cents int64) int64 {
	if cents <= 0 {
		return 0
	}
	return cents * Rate / 100
}
