package lint

import (
	"bufio"
	"bytes"
)

// CheckIndentationTabs flags mixed tab/space indentation.
func CheckIndentationTabs(path string, src []byte) []Finding {
	var out []Finding
	sc := bufio.NewScanner(bytes.NewReader(src))
	for n := 1; sc.Scan(); n++ {
		if mixesWhitespace(sc.Bytes()) {
			out = append(out, Finding{Path: path, Line: n, Message: "indentation mixes tabs and spaces"})
		}
	}
	return out
}

// mixesWhitespace is true when the leading whitespace of b contains both
// a tab and a space.
func mixesWhitespace(b []byte) bool {
	var tab, space bool
	for _, c := range b {
		switch c {
		case '\t':
			tab = true
		case ' ':
			space = true
		default:
			return tab && space
		}
	}
	return tab && space
}
