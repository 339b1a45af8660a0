package change

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/gortex/gortex/graph"
)

// sameSense returns, for the terms a search matched in sec (analysed
// forms), the words as sec writes them, leaving out a term used in another
// sense than the task's: a proper noun ("Windows") where the task writes a
// common word ("window"). A word is a proper noun in a section when every
// use of it there is capitalised away from a sentence's start and outside
// code (a backticked or dotted name, Cart.Total, is the code the task's
// word names). analyze is the index's analyser.
func sameSense(analyze func(string) []string, task string, sec *graph.Node, terms []string) []string {
	want := map[string]bool{}
	for _, t := range terms {
		want[t] = true
	}
	lowerInTask := map[string]bool{} // terms the task writes in lower case
	for _, w := range strings.FieldsFunc(task, notWordRune) {
		if first, _ := utf8.DecodeRuneInString(w); unicode.IsLower(first) {
			for _, t := range analyze(w) {
				lowerInTask[t] = true
			}
		}
	}
	type use struct {
		written string
		common  bool // some use is not a proper noun
	}
	uses := map[string]*use{}
	stem := map[string][]string{}
	text := sec.Name + ".\n" + sec.Text
	for i := 0; i < len(text); {
		r, size := utf8.DecodeRuneInString(text[i:])
		if notWordRune(r) {
			i += size
			continue
		}
		j := i
		for j < len(text) {
			r, size := utf8.DecodeRuneInString(text[j:])
			if notWordRune(r) {
				break
			}
			j += size
		}
		w := text[i:j]
		ts, ok := stem[w]
		if !ok {
			ts = analyze(w)
			stem[w] = ts
		}
		for _, t := range ts {
			if !want[t] {
				continue
			}
			u := uses[t]
			if u == nil {
				u = &use{written: w}
				uses[t] = u
			}
			u.common = u.common || !properAt(text, i, j)
		}
		i = j
	}
	var out []string
	for _, t := range terms {
		u := uses[t]
		switch {
		case u == nil:
			out = append(out, t) // matched in a field the section's text does not hold
		case u.common || !lowerInTask[t]:
			out = append(out, u.written)
		}
	}
	return out
}

// properAt reports whether the word text[i:j] is written as a proper noun
// there: capitalised, not all capitals, not at a sentence's start, not part
// of code (backticked, dotted or joined to another name).
func properAt(text string, i, j int) bool {
	w := text[i:j]
	first, _ := utf8.DecodeRuneInString(w)
	if !unicode.IsUpper(first) || strings.ToUpper(w) == w {
		return false
	}
	before, after := lastRune(text[:i]), firstRune(text[j:])
	if before == '`' || before == '.' || before == '_' || after == '.' || after == '`' || after == '_' || after == '(' {
		return false // code
	}
	k := strings.LastIndexFunc(text[:i], func(r rune) bool { return !unicode.IsSpace(r) })
	if k < 0 {
		return false
	}
	switch text[k] {
	case '.', '!', '?', ':', '#', '-', '*', '|', '>':
		return false // a sentence, heading, list item or cell starts here
	}
	return !strings.Contains(text[k:i], "\n\n")
}

func notWordRune(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }

func lastRune(s string) rune {
	r, _ := utf8.DecodeLastRuneInString(s)
	return r
}

func firstRune(s string) rune {
	r, _ := utf8.DecodeRuneInString(s)
	return r
}
