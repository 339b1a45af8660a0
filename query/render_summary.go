package query

import (
	"fmt"
	"io"
	"strings"
)

// kindHeader is the first line of a file or question answer.
func kindHeader(a *Answer, style func(code, s string) string) string {
	switch {
	case a.Kind == AnswerFile && a.Symbol != nil:
		return fmt.Sprintf("%s  %s\n", style(ansiBold, a.Symbol.Path), style(ansiDim, "(file)"))
	case a.Kind == AnswerFile: // a path that names no file: the note says so
		return fmt.Sprintf("%s  %s\n", style(ansiBold, strings.TrimSpace(a.Query)), style(ansiDim, "(file)"))
	}
	return fmt.Sprintf("%s  %s\n", style(ansiBold, a.Query), style(ansiDim, "(question)"))
}

// renderSummary writes an answer an LLM phrased: the question's header,
// the answer, then the entries it cites with their paths (every entry when
// it cites none, as for a malformed reply shown raw), then its suggestions.
func renderSummary(w io.Writer, a *Answer, style func(code, s string) string) error {
	var b strings.Builder
	switch {
	case a.Kind != "":
		b.WriteString(kindHeader(a, style))
	case a.Symbol != nil:
		fmt.Fprintf(&b, "%s  %s\n", style(ansiBold, a.Symbol.Qualified),
			style(ansiDim, fmt.Sprintf("(%s, %s:%d)", a.Symbol.Kind, a.Symbol.Path, a.Symbol.Line)))
	}
	fmt.Fprintf(&b, "\n%s\n", TermSafe(strings.TrimSpace(a.Summary)))
	cited := a.Cited
	if len(cited) == 0 {
		for i := range a.Rationale {
			cited = append(cited, i+1)
		}
	}
	if len(cited) > 0 {
		fmt.Fprintf(&b, "\n%s\n", style(ansiBold, "Sources"))
	}
	for _, n := range cited {
		if n < 1 || n > len(a.Rationale) {
			continue
		}
		e := a.Rationale[n-1]
		line := fmt.Sprintf("[%d] %s  § %s", n, TermSafe(textLocation(e)), TermSafe(e.Section))
		if e.Commit != "" {
			line += "  " + style(ansiDim, commitLine(e))
		}
		fmt.Fprintf(&b, "  %s  %s\n", line, style(ansiDim, e.AssetKind))
	}
	if len(a.Suggestions) > 0 {
		fmt.Fprintf(&b, "\n%s\n", style(ansiBold, "Next"))
		for _, s := range a.Suggestions {
			fmt.Fprintf(&b, "  %s\n", TermSafe(s))
		}
	}
	b.WriteString(findingText(a, style))
	if a.Backend != "" {
		fmt.Fprintf(&b, "\n%s\n", style(ansiDim, "summarised by "+a.Backend+" from the entries above; gortex why --no-llm shows them in full"))
	}
	_, err := io.WriteString(w, b.String())
	return err
}
