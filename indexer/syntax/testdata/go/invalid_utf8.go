package utf8

// Badÿ bytes Ã( in a doc.
func Odd() string { return "þÿ" }

var sÿx = 1

type Tâ‚ struct{}

func After() {}
