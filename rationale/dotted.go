package rationale

import "strings"

// A dotted name in prose ("common.util contains utility classes") is a
// package in its language's notation: it names the folders whose last
// elements are its parts (common/util), not its first part's folder; one
// no folder ends with names none. Its parts are no words of prose.

// dottedNames returns the dotted names of ws, each as its parts.
func dottedNames(ws []word) [][]string {
	var out [][]string
	for i := 0; i < len(ws); i++ {
		if !ws[i].joined {
			continue
		}
		j := i
		for j < len(ws) && ws[j].joined {
			j++
		}
		if j < len(ws) { // the last part, joined to none after it
			out = append(out, texts(ws[i:j+1]))
		}
		i = j
	}
	return out
}

// dotted returns the folders holding packages whose last path elements are
// parts, case and plural aside ("common.exceptions" names
// teammates/common/exception), outermost first as the index keeps them.
func (ix *componentIndex) dotted(parts []string) []string {
	keys := make([]string, len(parts))
	for i, p := range parts {
		if keys[i] = componentKey(p); keys[i] == "" {
			return nil
		}
	}
	var out []string
	for _, d := range ix.byLast[keys[len(keys)-1]] {
		elems := strings.Split(d, "/")
		if len(elems) < len(keys) {
			continue
		}
		ok := true
		for i, k := range keys {
			if componentKey(elems[len(elems)-len(keys)+i]) != k {
				ok = false
				break
			}
		}
		if ok {
			out = append(out, d)
		}
	}
	return out
}
