package history

import (
	"bytes"
	"strings"
)

// walkParser reads the --raw and -p lines of one commit: the files it
// changed and the identifiers of its changed lines.
type walkParser struct {
	files  []string
	code   strings.Builder
	seen   map[string]bool
	inHunk bool
	full   bool // the code budget is spent
}

func (p *walkParser) reset() {
	p.files, p.inHunk, p.full = nil, false, false
	p.code.Reset()
	clear(p.seen)
}

// line reads one line after a commit's header. A raw line
// (":100644 100644 abc def M\tpath") names a changed file; "diff --git"
// begins a file's patch, whose header lasts to its first hunk; in a hunk,
// an added or removed line gives its identifiers, and so does the hunk
// header's context (the declaration git found above the change).
func (p *walkParser) line(l []byte) {
	switch {
	case len(l) > 0 && l[0] == ':' && !p.inHunk:
		if i := bytes.IndexByte(l, '\t'); i >= 0 {
			if f := strings.TrimSpace(string(l[i+1:])); f != "" {
				p.files = append(p.files, f)
			}
		}
	case bytes.HasPrefix(l, []byte("diff --git ")):
		p.inHunk = false
	case bytes.HasPrefix(l, []byte("@@ ")):
		p.inHunk = true
		if i := bytes.Index(l[3:], []byte("@@")); i >= 0 {
			p.idents(l[3+i+2:])
		}
	case p.inHunk && len(l) > 0 && (l[0] == '+' || l[0] == '-'):
		p.idents(l[1:])
	}
}

// Identifiers are kept from minIdent to maxIdent bytes: shorter ones are
// loop variables and keywords, longer ones data.
const (
	minIdent = 3
	maxIdent = 64
)

// idents adds the identifiers of s ([A-Za-z_][A-Za-z0-9_]*), each once a
// commit, while the budget lasts; an identifier of several words
// (ParseDiff, parse_diff) is followed by its words, so that it is found by
// itself and by them.
func (p *walkParser) idents(s []byte) {
	for i := 0; i < len(s) && !p.full; {
		if !identStart(s[i]) {
			i++
			continue
		}
		j := i + 1
		for j < len(s) && (identStart(s[j]) || s[j] >= '0' && s[j] <= '9') {
			j++
		}
		if i > 0 && s[i-1] >= '0' && s[i-1] <= '9' { // 0x1f, 10ms: part of a number
			i = j
			continue
		}
		if w := s[i:j]; len(w) >= minIdent && len(w) <= maxIdent {
			p.add(string(w))
		}
		i = j
	}
}

func identStart(b byte) bool { return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b == '_' }

// add writes identifier w and its words into the budget, once.
func (p *walkParser) add(w string) {
	if p.seen == nil {
		p.seen = map[string]bool{}
	}
	if p.seen[w] {
		return
	}
	p.seen[w] = true
	words := IdentWords(w)
	need := len(w) + 1
	if len(words) > 1 {
		for _, x := range words {
			need += len(x) + 1
		}
	}
	if p.code.Len()+need > MaxCodeBytes {
		p.full = true
		return
	}
	p.code.WriteString(w)
	p.code.WriteByte(' ')
	if len(words) > 1 {
		for _, x := range words {
			p.code.WriteString(x)
			p.code.WriteByte(' ')
		}
	}
}

// IdentWords splits an identifier into its words: at underscores, at a
// lower-case letter or digit followed by an upper-case one, and before the
// last capital of a run followed by a lower-case letter (HTTPServer: HTTP,
// Server). Words of one letter are dropped.
func IdentWords(id string) []string {
	var words []string
	cut := func(w string) {
		if len(w) > 1 {
			words = append(words, w)
		}
	}
	start := 0
	for i := 0; i < len(id); i++ {
		c := id[i]
		switch {
		case c == '_':
			cut(id[start:i])
			start = i + 1
		case i > start && isUpper(c) && (isLower(id[i-1]) || isDigit(id[i-1])):
			cut(id[start:i])
			start = i
		case i > start+1 && isUpper(id[i-1]) && isLower(c) && isUpper(id[i-2]):
			cut(id[start : i-1])
			start = i - 1
		}
	}
	cut(id[start:])
	return words
}

func isUpper(b byte) bool { return b >= 'A' && b <= 'Z' }
func isLower(b byte) bool { return b >= 'a' && b <= 'z' }
