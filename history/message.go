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
		if trailerLine().MatchString(t) || pointerLine().MatchString(t) || ruleLine().MatchString(t) {
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
