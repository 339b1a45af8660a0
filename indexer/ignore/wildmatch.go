package ignore

import "strings"

// wildmatch matches text against an ignore pattern the way git does
// (wildmatch.c, as dir.c calls it): '*' and '?' never match '/' when
// pathname is set, "**" between slashes matches any number of
// directories, a bracket expression may be negated by '!' or '^' and hold
// ranges and [:classes:], and a backslash quotes the next character. A
// malformed bracket expression ("[a", "[[:nope:]]") makes the whole
// pattern match nothing, as in git. Without pathname, text is one path
// element, so '*' and "**" are the same.
func wildmatch(pattern, text string, pathname bool) bool {
	return dowild(pattern, text, pathname) == wmMatch
}

// Results of dowild; the two aborts stop the backtracking of the callers
// (git's WM_ABORT_ALL, WM_ABORT_TO_STARSTAR).
type wmResult uint8

const (
	wmMatch wmResult = iota
	wmNoMatch
	wmAbortAll
	wmAbortToStarStar
)

func dowild(p, t string, pathname bool) wmResult {
	at := func(i int) byte {
		if i < len(p) {
			return p[i]
		}
		return 0
	}
	pi, ti := 0, 0
	for ; pi < len(p); pi, ti = pi+1, ti+1 {
		pc := p[pi]
		if ti >= len(t) && pc != '*' {
			return wmAbortAll
		}
		var tc byte
		if ti < len(t) {
			tc = t[ti]
		}
		switch pc {
		case '\\':
			pi++
			if at(pi) != tc {
				return wmNoMatch
			}
		default:
			if tc != pc {
				return wmNoMatch
			}
		case '?':
			if pathname && tc == '/' {
				return wmNoMatch
			}
		case '*':
			var r wmResult
			var done bool
			pi, ti, r, done = star(p, t, pi, ti, pathname)
			if done {
				return r
			}
		case '[':
			var r wmResult
			if pi, r = bracket(p, pi, tc, pathname); r != wmMatch {
				return r
			}
		}
	}
	if ti < len(t) {
		return wmNoMatch
	}
	return wmMatch
}

// star matches the '*' or "**" at p[pi] against t[ti:]. It either settles
// the match (done) or, for a single star before a slash, returns where the
// caller's loop continues: at that slash in both.
func star(p, t string, pi, ti int, pathname bool) (int, int, wmResult, bool) {
	matchSlash := !pathname
	pi++
	if pi < len(p) && p[pi] == '*' {
		prev := pi - 2 // the byte before the stars
		for pi < len(p) && p[pi] == '*' {
			pi++
		}
		if (prev < 0 || p[prev] == '/') &&
			(pi == len(p) || p[pi] == '/' || p[pi] == '\\' && pi+1 < len(p) && p[pi+1] == '/') {
			// "**/" may match no directory at all: try the rest here first.
			if pi < len(p) && p[pi] == '/' && dowild(p[pi+1:], t[ti:], pathname) == wmMatch {
				return pi, ti, wmMatch, true
			}
			matchSlash = true
		} else {
			matchSlash = false
		}
	}
	if pi == len(p) {
		// A trailing "**" matches everything, a trailing '*' what is left
		// of this path element.
		if !matchSlash && strings.IndexByte(t[ti:], '/') >= 0 {
			return pi, ti, wmNoMatch, true
		}
		return pi, ti, wmMatch, true
	}
	if !matchSlash && p[pi] == '/' {
		// One star before a slash matches the rest of this element.
		slash := strings.IndexByte(t[ti:], '/')
		if slash < 0 {
			return pi, ti, wmNoMatch, true
		}
		return pi, ti + slash, wmMatch, false
	}
	for ti < len(t) {
		if c := p[pi]; !isGlobSpecial(c) {
			// The text up to the next occurrence of a literal is the star's.
			for ti < len(t) && (matchSlash || t[ti] != '/') && t[ti] != c {
				ti++
			}
			if ti >= len(t) || t[ti] != c {
				return pi, ti, wmNoMatch, true
			}
		}
		switch r := dowild(p[pi:], t[ti:], pathname); {
		case r != wmNoMatch && (!matchSlash || r != wmAbortToStarStar):
			return pi, ti, r, true
		case r == wmNoMatch && !matchSlash && t[ti] == '/':
			return pi, ti, wmAbortToStarStar, true
		}
		ti++
	}
	return pi, ti, wmAbortAll, true
}

func isGlobSpecial(c byte) bool { return c == '*' || c == '?' || c == '[' || c == '\\' }

// bracket matches the bracket expression at p[pi] against tc; it returns
// the index of its closing ']' and wmMatch, or why it failed.
func bracket(p string, pi int, tc byte, pathname bool) (int, wmResult) {
	at := func(i int) byte {
		if i < len(p) {
			return p[i]
		}
		return 0
	}
	pi++
	pc := at(pi)
	if pc == '^' {
		pc = '!'
	}
	negated := pc == '!'
	if negated {
		pi++
		pc = at(pi)
	}
	var prev byte
	matched := false
	for {
		if pc == 0 {
			return pi, wmAbortAll
		}
		switch {
		case pc == '\\':
			pi++
			if pc = at(pi); pc == 0 {
				return pi, wmAbortAll
			}
			if tc == pc {
				matched = true
			}
		case pc == '-' && prev != 0 && at(pi+1) != 0 && at(pi+1) != ']':
			pi++
			pc = at(pi)
			if pc == '\\' {
				pi++
				if pc = at(pi); pc == 0 {
					return pi, wmAbortAll
				}
			}
			if tc <= pc && tc >= prev {
				matched = true
			}
			pc = 0 // a range is no start of the next one
		case pc == '[' && at(pi+1) == ':':
			s := pi + 2
			end := s
			for at(end) != 0 && at(end) != ']' {
				end++
			}
			if at(end) == 0 {
				return end, wmAbortAll
			}
			if end-s-1 < 0 || p[end-1] != ':' {
				// No ":]": the '[' is a member like any other.
				if tc == '[' {
					matched = true
				}
				break
			}
			in, ok := charClass(p[s:end-1], tc)
			if !ok {
				return end, wmAbortAll
			}
			matched = matched || in
			pi, pc = end, 0
		default:
			if tc == pc {
				matched = true
			}
		}
		prev = pc
		pi++
		if pc = at(pi); pc == ']' {
			break
		}
	}
	if matched == negated || pathname && tc == '/' {
		return pi, wmNoMatch
	}
	return pi, wmMatch
}

// charClass reports whether c is in the named class of ASCII characters
// (git's ctype: only ASCII is ever a member); ok is false for a name that
// is no class.
func charClass(name string, c byte) (in, ok bool) {
	alpha := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
	digit := c >= '0' && c <= '9'
	graph := c >= 0x21 && c <= 0x7e
	switch name {
	case "alnum":
		return alpha || digit, true
	case "alpha":
		return alpha, true
	case "blank":
		return c == ' ' || c == '\t', true
	case "cntrl":
		return c < 0x20 || c == 0x7f, true
	case "digit":
		return digit, true
	case "graph":
		return graph, true
	case "lower":
		return c >= 'a' && c <= 'z', true
	case "print":
		return c >= 0x20 && c <= 0x7e, true
	case "punct":
		return graph && !alpha && !digit, true
	case "space":
		return c == ' ' || c == '\t' || c == '\n' || c == '\r', true
	case "upper":
		return c >= 'A' && c <= 'Z', true
	case "xdigit":
		return digit || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F', true
	}
	return false, false
}
