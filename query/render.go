package query

import (
	"fmt"
	"io"
	"strings"
)

// Format is an output format of an answer.
type Format string

// The output formats.
const (
	FormatText Format = "text"
	FormatJSON Format = "json"
	FormatTOON Format = "toon"
)

// RenderOptions shape an answer's output.
type RenderOptions struct {
	Color bool // text: ANSI colour; the caller decides (a TTY, NO_COLOR unset)
	// Compact writes JSON on one line, without indentation: what an agent
	// reads (the MCP server), where whitespace costs tokens. The CLI
	// indents, for people.
	Compact bool
}

// Render writes a in format f.
func Render(w io.Writer, a *Answer, f Format, o RenderOptions) error {
	switch f {
	case FormatJSON, FormatTOON:
		return Encode(w, a, f, o)
	case FormatText, "":
		return renderText(w, a, o)
	}
	return fmt.Errorf("unknown format %q", f)
}

// ANSI styles for text output.
const (
	ansiBold  = "\x1b[1m"
	ansiDim   = "\x1b[2m"
	ansiCyan  = "\x1b[36m"
	ansiReset = "\x1b[0m"
)

func renderText(w io.Writer, a *Answer, o RenderOptions) error {
	// Every string of the answer comes from the repository, or from an
	// LLM that read it: each is cleaned (TermSafe) before it is styled,
	// and the whole text once more, keeping only gortex's own styles.
	style := func(code, s string) string {
		s = TermSafe(s)
		if !o.Color || s == "" {
			return s
		}
		return code + s + ansiReset
	}
	t := TermSafe
	if a.Summary != "" {
		return renderSummary(termOnly{w}, a, style)
	}
	var b strings.Builder
	switch {
	case a.Kind == AnswerFile || a.Kind == AnswerQuestion:
		b.WriteString(kindHeader(a, style))
	case a.Symbol != nil:
		fmt.Fprintf(&b, "%s  %s\n", style(ansiBold, a.Symbol.Qualified),
			style(ansiDim, fmt.Sprintf("(%s, %s:%d)", a.Symbol.Kind, a.Symbol.Path, a.Symbol.Line)))
		if a.Symbol.Doc != "" {
			fmt.Fprintf(&b, "  %s\n", a.Symbol.Doc)
		}
	case len(a.Candidates) > 0:
		fmt.Fprintf(&b, "%s\n", t(a.Note))
		for _, c := range a.Candidates {
			fmt.Fprintf(&b, "  %-10s %s  %s\n", t(string(c.Kind)), t(c.Qualified), style(ansiDim, fmt.Sprintf("%s  %s:%d", c.ID, c.Path, c.Line)))
		}
		_, err := io.WriteString(w, clean(b.String(), true))
		return err
	}
	for i, e := range a.Rationale {
		fmt.Fprintf(&b, "\n%2d. %-8s %s  %s  %s\n", i+1, style(ansiCyan, e.Signal),
			t(textLocation(e)), style(ansiBold, "§ "+e.Section), style(ansiDim, e.AssetKind))
		if e.Commit != "" {
			fmt.Fprintf(&b, "    %s\n", style(ansiDim, commitLine(e)))
		}
		if e.Text != "" {
			fmt.Fprintf(&b, "    %s\n", t(e.Text))
		}
		if e.Context != "" {
			fmt.Fprintf(&b, "    %s %s\n", style(ansiDim, "context:"), e.Context)
		}
		if e.Via != "" {
			fmt.Fprintf(&b, "    %s\n", style(ansiDim, "via "+e.Via))
		}
		if e.SupersededBy != "" {
			fmt.Fprintf(&b, "    %s\n", style(ansiDim, "superseded by "+e.SupersededBy))
		}
		if e.Stale {
			fmt.Fprintf(&b, "    %s\n", style(ansiDim, staleLine(e)))
		}
		if e.Explain != "" {
			fmt.Fprintf(&b, "    %s\n", style(ansiDim, "rank: "+e.Explain))
		}
	}
	if a.Note != "" {
		fmt.Fprintf(&b, "\n%s\n", t(a.Note))
	}
	b.WriteString(findingText(a, style))
	_, err := io.WriteString(w, clean(b.String(), true))
	return err
}

// textLocation is an entry's location column in text output: its
// Location, or for a commit that touched no one file (a question's commit
// hit) "commit" and its short hash, so that the column is never empty.
func textLocation(e Entry) string {
	if loc := e.Location(); loc != "" || e.Commit == "" {
		return loc
	}
	return "commit " + ShortHash(e.Commit)
}

// termOnly writes what it is given cleaned, keeping gortex's own styles.
type termOnly struct{ w io.Writer }

func (t termOnly) Write(p []byte) (int, error) {
	if _, err := io.WriteString(t.w, clean(string(p), true)); err != nil {
		return 0, err
	}
	return len(p), nil
}

// staleLine says, in text output, what is stale about an entry.
func staleLine(e Entry) string {
	switch {
	case e.AnchorFile != "":
		return fmt.Sprintf("stale: anchored to %s, gone from %s (gortex memory check)", e.Anchor, e.AnchorFile)
	case e.Anchor != "":
		return fmt.Sprintf("stale: names %s, which no symbol is now", e.Anchor)
	}
	return "stale: an anchor's symbol is gone (gortex memory check)"
}
