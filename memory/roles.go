package memory

import (
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	uts39 "github.com/mtibben/confusables"
	"golang.org/x/text/unicode/runenames"
)

// Role labels are recognised by their Unicode skeleton (UTS #39: the
// confusables data maps every character to the prototype it is confused
// with), so "Hսman:" with an Armenian letter or "Ꮋuman:" with a Cherokee
// one is a label as "Human:" is, without a hand-kept list of look-alikes.
// The table is github.com/mtibben/confusables, generated from Unicode's
// confusables.txt (13.0.0) and pinned in go.mod: no data is fetched at
// run time, and a later Unicode version only adds characters of new
// scripts. Small capitals ("ʜuman"), which the data leaves as they are,
// are read by their Unicode names (golang.org/x/text/unicode/runenames).

// roleWords are the roles of chat templates: the Anthropic and OpenAI
// APIs, OpenAI's developer and tool messages.
var roleWords = []string{"human", "assistant", "system", "user", "developer", "tool"}

// maxRoleRunes bounds the word tested as a role, longer than any role.
const maxRoleRunes = 16

var (
	roleOnce  sync.Once
	roleKeys  map[string]bool // skeleton keys of roleWords
	smallCaps map[rune]rune   // LATIN LETTER SMALL CAPITAL X → x
)

func initRoles() {
	smallCaps = map[rune]rune{}
	for _, block := range [][2]rune{{0x0250, 0x02af}, {0x1d00, 0x1d7f}, {0xa720, 0xa7ff}, {0x10780, 0x107bf}} {
		for r := block[0]; r <= block[1]; r++ {
			name, ok := strings.CutPrefix(runenames.Name(r), "LATIN LETTER SMALL CAPITAL ")
			if ok && len(name) == 1 && name[0] >= 'A' && name[0] <= 'Z' {
				smallCaps[r] = rune(name[0] - 'A' + 'a')
			}
		}
	}
	roleKeys = map[string]bool{}
	for _, w := range roleWords {
		for _, v := range []string{w, strings.ToUpper(w), strings.ToUpper(w[:1]) + w[1:]} {
			roleKeys[skeletonKey(v)] = true
		}
	}
}

// skeletonKey is the form two look-alike words share: the skeleton of the
// lower-cased word, small capitals as their letters, lower-cased again.
func skeletonKey(w string) string {
	fold := func(r rune) rune {
		if l, ok := smallCaps[r]; ok {
			return l
		}
		if unicode.Is(unicode.Mn, r) {
			return -1 // the skeleton decomposes: marks on a look-alike do not hide it
		}
		return r
	}
	// Small capitals before the skeleton (which maps some to other
	// look-alikes) and after it (which maps some letters to them).
	s := uts39.Skeleton(strings.Map(fold, strings.ToLower(w)))
	return strings.ToLower(strings.Map(fold, s))
}

// isRole reports whether w looks like a role word.
func isRole(w string) bool {
	roleOnce.Do(initRoles)
	return w != "" && utf8.RuneCountInString(w) <= maxRoleRunes && roleKeys[skeletonKey(w)]
}

// isColon reports whether r looks like a colon (its skeleton is one).
func isColon(r rune) bool {
	return r == ':' || r > unicode.MaxASCII && uts39.Skeleton(string(r)) == ":"
}

// lineMarkup is what may come before a role label at the start of a line:
// indentation, Markdown quote, list, heading, emphasis and table marks,
// quotes, and list numbers ("1." "2)").
func markupLen(line string) int {
	i := 0
	for i < len(line) {
		switch c := line[i]; {
		case strings.IndexByte(" \t>*_#+-\"'`~|", c) >= 0:
			i++
		case c >= '0' && c <= '9':
			j := i
			for j < len(line) && j-i < 9 && line[j] >= '0' && line[j] <= '9' {
				j++
			}
			if j < len(line) && (line[j] == '.' || line[j] == ')') {
				i = j + 1
				continue
			}
			return i
		default:
			return i
		}
	}
	return i
}

// roleLabel returns the length of a role label at the start of rest (the
// line after its markup): a role word, emphasis or quote marks, blanks and
// a colon; 0 when there is none.
func roleLabel(rest string) int {
	end := strings.IndexFunc(rest, func(r rune) bool {
		return r == ' ' || r == '\t' || r == '\n' || strings.ContainsRune(`*_"'`+"`", r) || isColon(r)
	})
	if end <= 0 || !isRole(rest[:end]) {
		return 0
	}
	i := end
	for i < len(rest) && strings.IndexByte(`*_"'`+"` \t", rest[i]) >= 0 {
		i++
	}
	if r, size := utf8.DecodeRuneInString(rest[i:]); i < len(rest) && isColon(r) {
		return i + size
	}
	return 0
}

// stripRoleLabels removes the role label that starts any line, after its
// markup: "> **Human:** x" keeps "> **" and "** x".
func stripRoleLabels(s string) string {
	lines := strings.Split(s, "\n")
	changed := false
	for i, line := range lines {
		m := markupLen(line)
		if n := roleLabel(line[m:]); n > 0 {
			lines[i] = line[:m] + line[m+n:]
			changed = true
		}
	}
	if !changed {
		return s
	}
	return strings.Join(lines, "\n")
}

// hasRoleLabel reports whether a line of s starts with a role label.
func hasRoleLabel(s string) bool {
	for line := range strings.SplitSeq(s, "\n") {
		if roleLabel(line[markupLen(line):]) > 0 {
			return true
		}
	}
	return false
}
