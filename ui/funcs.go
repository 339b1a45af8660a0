package ui

import (
	"fmt"
	"html/template"
	"strconv"
	"time"
)

// funcs are the templates' helpers: links and labels, never markup.
var funcs = template.FuncMap{
	"mapHref":      mapHref,
	"symbolHref":   symbolHref,
	"docHref":      docHref,
	"decisionHref": decisionHref,
	"pct":          pct,
	"f1":           func(f float64) string { return strconv.FormatFloat(f, 'f', 1, 64) },
	"age":          age,
	"add":          func(a, b int) int { return a + b },
	"add2":         func(a, b float64) float64 { return a + b },
}

func itoa(i int) string { return strconv.Itoa(i) }

// pct writes a share as a whole percentage.
func pct(f float64) string { return fmt.Sprintf("%.0f%%", 100*f) }

// age says how long ago t was, in days; "" when t is unknown.
func age(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	d := int(time.Since(t).Hours() / 24)
	switch {
	case d < 1:
		return "today"
	case d == 1:
		return "1 day"
	}
	return strconv.Itoa(d) + " days"
}
