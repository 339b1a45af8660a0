package change

import (
	"cmp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/gortex/gortex/graph"
)

// sensed is a term a search matched (its analysed form) and the word as
// the section writes it.
type sensed struct{ term, written string }

// sameSense returns, for the terms a search matched in sec (analysed
// forms), the words as sec writes them, leaving out a term used in another
// sense than the task's: a proper noun ("Windows") where the task writes a
// common word ("window"). A word is a proper noun in a document (doc, the
// text of all its sections) when it is capitalised in the middle of a
// sentence almost always (properShare of the uses that say), else written
// in lower case, in capitals, or as code (a backticked or dotted name, Cart.Total, is the
// code the task's word names). A capital at a sentence's or a heading's
// start says nothing either way ("Windows support" as a title), nor does a
// path or an address (windows-server in a link), nor a fenced block's
// content (a manifest's os: windows). The words are returned as
// sec writes them, else as another section of the document does, else as
// the task does: never as the index's stems. analyze is the index's
// analyser.
func sameSense(analyze func(string) []string, task string, sec *graph.Node, doc string, terms []string) []sensed {
	want := map[string]bool{}
	for _, t := range terms {
		want[t] = true
	}
	lowerInTask := map[string]bool{} // terms the task writes in lower case
	inTask := map[string]string{}    // terms as the task writes them
	for _, w := range strings.FieldsFunc(task, notWordRune) {
		first, _ := utf8.DecodeRuneInString(w)
		for _, t := range analyze(w) {
			lowerInTask[t] = lowerInTask[t] || unicode.IsLower(first)
			if inTask[t] == "" {
				inTask[t] = w
			}
		}
	}
	type use struct {
		written, elsewhere string // as sec writes it; as another section does
		common, proper     int    // uses as a common word or code; as a proper noun
	}
	uses := map[string]*use{}
	stem := map[string][]string{}
	own := sec.Name + ".\n" + withoutFences(sec.Text)
	text := own + "\n\n" + withoutFences(doc)
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
				u = &use{}
				uses[t] = u
			}
			switch {
			case u.written == "" && j <= len(own):
				u.written = w
			case u.elsewhere == "" && j > len(own):
				u.elsewhere = w
			}
			switch senseAt(text, i, j) {
			case senseCommon:
				u.common++
			case senseProper:
				u.proper++
			}
		}
		i = j
	}
	var out []sensed
	for _, t := range terms {
		u := uses[t]
		switch {
		case u == nil: // matched in a field no section's text holds (a path)
			out = append(out, sensed{t, cmp.Or(inTask[t], t)})
		case float64(u.proper) < properShare*float64(u.proper+u.common) || !lowerInTask[t]:
			out = append(out, sensed{t, cmp.Or(u.written, u.elsewhere, inTask[t], t)})
		}
	}
	return out
}

// properShare is the share of a word's uses that must read as a proper
// noun for the word to be one: an English word capitalised as a name
// (Machine, the kind) is still written in lower case now and then
// (cluster-api's documents write "Machine" 1,164 times and "machine" 975),
// a name almost never ("Windows" 54 times, in lower case once outside
// links: "on a windows machine").
const properShare = 0.9

// How a use of a word reads: as a common word or code, as a proper noun,
// or either (capitalised where any word is).
const (
	senseEither = iota
	senseCommon
	senseProper
)

// senseAt says how the word text[i:j] reads there: either in a path, an
// address or a link's anchor; common when not capitalised, all capitals or
// part of code (backticked, dotted or joined
// to another name); either at a sentence's, heading's, list item's or
// cell's start; else a proper noun.
func senseAt(text string, i, j int) int {
	if strings.ContainsAny(tokenAt(text, i, j), "/#") {
		return senseEither // a path, an address or a link's anchor
	}
	w := text[i:j]
	first, _ := utf8.DecodeRuneInString(w)
	if !unicode.IsUpper(first) || strings.ToUpper(w) == w {
		return senseCommon
	}
	before, after := lastRune(text[:i]), firstRune(text[j:])
	dotted := (before == '.' && !notWordRune(lastRune(text[:i-1]))) || (after == '.' && !notWordRune(firstRune(text[j+1:])))
	if dotted || before == '`' || before == '_' || after == '`' || after == '_' || after == '(' {
		return senseCommon // code; a full stop ends a sentence
	}
	k := strings.LastIndexFunc(text[:i], func(r rune) bool { return !unicode.IsSpace(r) })
	if k < 0 {
		return senseEither
	}
	switch text[k] {
	case '.', '!', '?', ':', '#', '-', '*', '|', '>':
		return senseEither // a sentence, heading, list item or cell starts here
	}
	if strings.Contains(text[k:i], "\n\n") {
		return senseEither
	}
	return senseProper
}

// withoutFences is s with the lines of its fenced code blocks (``` or
// ~~~) left empty.
func withoutFences(s string) string {
	if !strings.Contains(s, "```") && !strings.Contains(s, "~~~") {
		return s
	}
	lines := strings.Split(s, "\n")
	in := false
	for i, l := range lines {
		t := strings.TrimSpace(l)
		fence := strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~")
		if in || fence {
			lines[i] = ""
		}
		if fence {
			in = !in
		}
	}
	return strings.Join(lines, "\n")
}

// tokenAt is the run of text around text[i:j] between white space.
func tokenAt(text string, i, j int) string {
	a := strings.LastIndexFunc(text[:i], unicode.IsSpace) + 1
	b := strings.IndexFunc(text[j:], unicode.IsSpace)
	if b < 0 {
		return text[a:]
	}
	return text[a : j+b]
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
