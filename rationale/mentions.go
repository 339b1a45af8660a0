package rationale

import (
	"iter"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// mention is one name-like token of a section: a chain such as "Budget",
// "Type.Method", "pkg.Name" or "example.com/mod/pkg.Name".
type mention struct {
	prefix  string   // import-path part before the last '/', "" when none
	parts   []string // the dotted identifiers after it
	inCode  bool     // inside a code span or fenced code block
	heading bool     // in the section's heading
	// kindOnly marks a manifest's "kind:" value: it names a type (of
	// any API version), never a member or a function.
	kindOnly bool
	kindLine bool // a word of a manifest's "kind:" line, as written
	ctx      *sectionContext
}

// scanMentions returns the name-like tokens of Markdown text, marking those
// inside inline code spans and fenced code blocks.
func scanMentions(text string, heading bool, out []mention) []mention {
	fence := ""
	var body []string
	for line := range strings.Lines(text) {
		trimmed := strings.TrimLeft(line, " \t")
		if f := fenceOf(trimmed); f != "" {
			switch {
			case fence == "":
				fence, body = f, body[:0]
				continue
			case strings.HasPrefix(trimmed, fence) && strings.TrimSpace(strings.TrimLeft(trimmed, fence[:1])) == "":
				out = scanFence(body, heading, out)
				fence = ""
				continue
			}
		}
		if fence != "" {
			body = append(body, line)
			continue
		}
		out = scanInline(line, heading, out)
	}
	if fence != "" { // an unclosed fence runs to the end of the text
		out = scanFence(body, heading, out)
	}
	return out
}

// fenceOf returns the fence that opens a fenced code block on this line.
func fenceOf(line string) string {
	for _, c := range []string{"```", "~~~"} {
		if strings.HasPrefix(line, c) {
			n := len(line) - len(strings.TrimLeft(line, c[:1]))
			return line[:n]
		}
	}
	return ""
}

// scanInline splits a line at backtick code spans.
func scanInline(line string, heading bool, out []mention) []mention {
	for line != "" {
		i := strings.IndexByte(line, '`')
		if i < 0 {
			return scanTokens(line, false, heading, out)
		}
		out = scanTokens(line[:i], false, heading, out)
		run := len(line[i:]) - len(strings.TrimLeft(line[i:], "`"))
		delim := line[i : i+run]
		rest := line[i+run:]
		j := strings.Index(rest, delim)
		if j < 0 {
			// An unclosed run of backticks is literal text.
			return scanTokens(rest, false, heading, out)
		}
		out = scanTokens(rest[:j], true, heading, out)
		line = rest[j+run:]
	}
	return out
}

func isTokenRune(r rune) bool {
	return r == '_' || r == '.' || r == '/' || r == '-' || unicode.IsLetter(r) || unicode.IsDigit(r)
}

// scanTokens appends the chains found in s.
func scanTokens(s string, inCode, heading bool, out []mention) []mention {
	for len(s) > 0 {
		r, w := utf8.DecodeRuneInString(s)
		if !isTokenRune(r) {
			s = s[w:]
			continue
		}
		end := strings.IndexFunc(s, func(r rune) bool { return !isTokenRune(r) })
		if end < 0 {
			end = len(s)
		}
		if !isFlag(s[:end]) {
			out = appendChains(s[:end], inCode, heading, out)
		}
		s = s[end:]
	}
	return out
}

// isFlag reports whether a token is a command-line flag ("-v",
// "--max-unhealthy"): an option of a program, not a name in the code.
func isFlag(tok string) bool {
	t := strings.TrimLeft(tok, "-")
	if len(t) == len(tok) || len(tok)-len(t) > 2 || t == "" {
		return false
	}
	r, _ := utf8.DecodeRuneInString(t)
	return unicode.IsLetter(r)
}

// appendChains turns a raw token into chains. A token without '/' splits on
// '-' (prose like "well-known"); one with '/' may be an import path.
func appendChains(tok string, inCode, heading bool, out []mention) []mention {
	tok = strings.Trim(tok, ".-/")
	if tok == "" {
		return out
	}
	if !strings.Contains(tok, "/") {
		for t := range strings.SplitSeq(tok, "-") {
			if parts := identSuffix(strings.Split(strings.Trim(t, "."), ".")); len(parts) > 0 {
				out = append(out, mention{parts: parts, inCode: inCode, heading: heading})
			}
		}
		return out
	}
	slash := strings.LastIndexByte(tok, '/')
	parts := strings.Split(tok[slash+1:], ".")
	if len(parts) >= 2 && len(identSuffix(parts)) == len(parts) {
		// "path/pkg.Name": the first dotted part is the package's last path element.
		out = append(out, mention{prefix: tok[:slash+1] + parts[0], parts: parts, inCode: inCode, heading: heading})
	}
	return out
}

// identSuffix returns the longest run of identifiers at the end of parts.
func identSuffix(parts []string) []string {
	i := len(parts)
	for i > 0 && isIdent(parts[i-1]) {
		i--
	}
	return parts[i:]
}

func isIdent(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		if r != '_' && !unicode.IsLetter(r) && (i == 0 || !unicode.IsDigit(r)) {
			return false
		}
	}
	return true
}

// isPlainWord reports whether an identifier reads as an ordinary word in
// prose: a single word once split at case changes and underscores
// ("Budget", "Options", "record", "HTTP"), or shorter than four characters.
// Such names link only from code spans or when qualified, since in prose we
// cannot tell the symbol from the word. Multi-word identifiers
// ("ApplyDiscount", "parse_flags") are distinctive in any context.
func isPlainWord(id string) bool {
	if len(id) < 4 {
		return true
	}
	return identWordCount(id) == 1
}

// isWeakMember reports whether a member named id (a method or field) is
// too common a word to be named bare: shorter than four characters, or one
// lower-case word ("list", "code", "it", "run"). Such a name means that
// member only next to its type; everywhere else it is the word.
func isWeakMember(id string) bool {
	if len(id) < 4 {
		return true
	}
	return identWordCount(id) == 1 && strings.ToLower(id) == id
}

// SplitIdent splits an identifier into its words: camelCase, PascalCase,
// snake_case, digits and acronyms ("parseHTTPRequest2" → parse, HTTP,
// Request, 2).
func SplitIdent(id string) []string {
	return slices.Collect(identWords(id))
}

// identWords yields the words of id as SplitIdent splits it, each a part
// of id: the signals that only count an identifier's words or look at
// them once (over every symbol name of the graph) make no copies. Each
// byte of id that is no UTF-8 is a word character U+FFFD, as in a
// conversion to runes.
func identWords(id string) iter.Seq[string] {
	return func(yield func(string) bool) {
		if !utf8.ValidString(id) {
			id = string([]rune(id))
		}
		start := -1
		var prev rune
		for i, r := range id {
			switch {
			case r == '_' || r == '-' || r == '.':
				if start >= 0 && !yield(id[start:i]) {
					return
				}
				start = -1
			case start < 0:
				start = i
			case unicode.IsUpper(r) && unicode.IsLower(prev),
				unicode.IsDigit(r) != unicode.IsDigit(prev),
				unicode.IsUpper(r) && unicode.IsUpper(prev) && nextIsLower(id[i+utf8.RuneLen(r):]):
				if !yield(id[start:i]) {
					return
				}
				start = i
			}
			prev = r
		}
		if start >= 0 {
			yield(id[start:])
		}
	}
}

// nextIsLower reports whether rest starts with a lower-case letter.
func nextIsLower(rest string) bool {
	r, _ := utf8.DecodeRuneInString(rest)
	return unicode.IsLower(r)
}

// identWordCount is the number of words SplitIdent finds in id.
func identWordCount(id string) int {
	n := 0
	for range identWords(id) {
		n++
	}
	return n
}
