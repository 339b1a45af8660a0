package cart

import (
	"errors"
	"time"
)

// MaxPercent is the largest discount a coupon may grant.
const MaxPercent = 50

// ErrCouponExpired is returned when a coupon is used after its end date.
var ErrCouponExpired = errors.New("cart: coupon expired")

// ApplyDiscount takes percent off totalCents and rounds down to the whole
// cent. It is applied once to the cart total, never per line.
func ApplyDiscount(totalCents int64, percent int) int64 {
	if percent <= 0 {
		return totalCents
	}
	if percent > MaxPercent {
		percent = MaxPercent
	}
	off := totalCents * int64(percent) / 100
	return totalCents - off
}

// Coupon is a percentage discount with an expiry date.
type Coupon struct {
	Code    string
	Percent int
	Expires time.Time
}

// Valid reports whether the coupon can still be used at now.
func (cp Coupon) Valid(now time.Time) bool {
	return cp.Percent > 0 && now.Before(cp.Expires)
}

// Apply returns the discounted total of c's items, or an error when the
// coupon has expired.
func (cp Coupon) Apply(c *Cart, now time.Time) (int64, error) {
	if !cp.Valid(now) {
		return 0, ErrCouponExpired
	}
	return ApplyDiscount(Total(c.Items), cp.Percent), nil
}
