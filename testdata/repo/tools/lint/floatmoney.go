package lint

import (
	"bufio"
	"bytes"
	"strings"
)

// moneyWords are identifier fragments that suggest a value is money.
var moneyWords = []string{"price", "amount", "cents", "total", "refund"}

// FloatMoney reports float32 or float64 declarations whose names suggest
// they hold money. Money in the shop is always integer cents.
type FloatMoney struct{}

// Name implements Rule.
func (FloatMoney) Name() string { return "floatmoney" }

// Inspect implements Rule.
func (FloatMoney) Inspect(path string, src []byte) []Finding {
	var out []Finding
	sc := bufio.NewScanner(bytes.NewReader(src))
	for n := 1; sc.Scan(); n++ {
		text := strings.ToLower(sc.Text())
		if !strings.Contains(text, "float32") && !strings.Contains(text, "float64") {
			continue
		}
		for _, w := range moneyWords {
			if strings.Contains(text, w) {
				out = append(out, Finding{Path: path, Line: n, Message: "money must be int64 cents, not float"})
				break
			}
		}
	}
	return out
}

// IsMoneyName reports whether an identifier looks like it holds money.
func IsMoneyName(ident string) bool {
	lower := strings.ToLower(ident)
	for _, w := range moneyWords {
		if strings.Contains(lower, w) {
			return true
		}
	}
	return false
}
