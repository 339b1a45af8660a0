package history

import (
	"strings"

	"github.com/gortex/gortex/internal/textutil"
)

// Which lines of a commit body are no reasoning: trailers (git's
// "Key: value" lines: Signed-off-by, Co-authored-by, Reported-by, Closes,
// Fixes, Bug, Change-Id ...), the lines that only point elsewhere
// ("Closes #123", "Fixes https://..."), and the separator lines a squash
// merge leaves ("---------").
var (
	trailerLine = textutil.Regexp(`(?i)^([a-z]+-)*(by|to|id|on|url|cc|bug|bugs|closes|fixes|fixed|resolves|refs?|see|link|issue|pr|cve|changelog)\s*:\s*\S`)
	pointerLine = textutil.Regexp(`(?i)^(closes|fixes|fixed|resolves|ref|refs|see|bug|follow-up to|followup to|part of|related to|reverts?)\b[\s:]*(#\d+|https?://\S+|[0-9a-f]{7,40}|[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+#\d+)[\s,.]*(#\d+|https?://\S+)?[\s.]*$`)
	ruleLine    = textutil.Regexp(`^\s*[-=*_~]{3,}\s*$`)
)

// CleanBody returns body without its trailers, pointer lines and separator
// lines, blank-line runs closed up: the prose of the message.
func CleanBody(body string) string {
	var out []string
	blank := true
	for _, l := range strings.Split(strings.ReplaceAll(body, "\r\n", "\n"), "\n") {
		t := strings.TrimSpace(l)
		if notProse(t) {
			continue
		}
		if t == "" {
			if !blank {
				out = append(out, "")
			}
			blank = true
			continue
		}
		out = append(out, strings.TrimRight(l, " \t"))
		blank = false
	}
	return strings.TrimSpace(strings.Join(out, "\n"))
}

// notProse reports whether the trimmed line t is a trailer, a pointer
// line or a separator line. Each expression runs only on a line that can
// match it (a trailer holds ':', a separator one of its marks, a pointer
// line mayPoint): gortex why cleans the bodies of the commits it cites in
// a new process, where compiling the expressions was most of that step's
// CPU. TestNotProseGuards holds it to the expressions run always.
func notProse(t string) bool {
	return strings.IndexByte(t, ':') >= 0 && trailerLine().MatchString(t) ||
		mayPoint(t) && pointerLine().MatchString(t) ||
		strings.ContainsAny(t, "-=*_~") && ruleLine().MatchString(t)
}

// pointerStarts holds the first bytes of pointerLine's words in either
// case, and 0xC5, the first byte of 'ſ', which (?i) matches as 's'.
const pointerStarts = "bcfprsBCFPRS\xc5"

// mayPoint reports whether t holds what every match of pointerLine does:
// a first byte of one of its words, and a reference ('#', "://", or seven
// hexadecimal digits in a row).
func mayPoint(t string) bool {
	if t == "" || strings.IndexByte(pointerStarts, t[0]) < 0 {
		return false
	}
	if strings.IndexByte(t, '#') >= 0 || strings.Contains(t, "://") {
		return true
	}
	run := 0
	for i := 0; i < len(t); i++ {
		c := t[i] | 0x20 // ASCII letters lowered; digits unchanged
		if c >= '0' && c <= '9' || c >= 'a' && c <= 'f' {
			if run++; run == 7 {
				return true
			}
		} else {
			run = 0
		}
	}
	return false
}

// minExcerptWords is how many words a paragraph needs to be a commit's
// excerpt: "Closes #12." or "Follow-up to abc123" says no reason.
const minExcerptWords = 4

// Excerpt returns the first substantive paragraph of a commit body, its
// trailers and boilerplate removed; "" when it has none.
func Excerpt(body string) string {
	for _, p := range strings.Split(CleanBody(body), "\n\n") {
		if len(strings.Fields(p)) >= minExcerptWords {
			return strings.TrimSpace(p)
		}
	}
	return ""
}
