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

// RenderOptions shape text output; JSON and TOON ignore them.
type RenderOptions struct {
	Color bool // ANSI colour; the caller decides (a TTY, NO_COLOR unset)
}

// Render writes a in format f.
func Render(w io.Writer, a *Answer, f Format, o RenderOptions) error {
	switch f {
	case FormatJSON, FormatTOON:
		return Encode(w, a, f)
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
	style := func(code, s string) string {
		if !o.Color || s == "" {
			return s
		}
		return code + s + ansiReset
	}
	if a.Summary != "" {
		return renderSummary(w, a, style)
	}
	var b strings.Builder
	switch {
	case a.Kind == KindFile || a.Kind == KindQuestion:
		b.WriteString(kindHeader(a, style))
	case a.Symbol != nil:
		fmt.Fprintf(&b, "%s  %s\n", style(ansiBold, a.Symbol.Qualified),
			style(ansiDim, fmt.Sprintf("(%s, %s:%d)", a.Symbol.Kind, a.Symbol.Path, a.Symbol.Line)))
		if a.Symbol.Doc != "" {
			fmt.Fprintf(&b, "  %s\n", a.Symbol.Doc)
		}
	case len(a.Candidates) > 0:
		fmt.Fprintf(&b, "%s\n", a.Note)
		for _, c := range a.Candidates {
			fmt.Fprintf(&b, "  %-10s %s  %s\n", c.Kind, c.Qualified, style(ansiDim, fmt.Sprintf("%s  %s:%d", c.ID, c.Path, c.Line)))
		}
		_, err := io.WriteString(w, b.String())
		return err
	}
	for i, e := range a.Rationale {
		fmt.Fprintf(&b, "\n%2d. %-8s %s  %s  %s\n", i+1, style(ansiCyan, e.Signal),
			e.Location(), style(ansiBold, "§ "+e.Section), style(ansiDim, e.AssetKind))
		if e.Commit != "" {
			fmt.Fprintf(&b, "    %s\n", style(ansiDim, commitLine(e)))
		}
		if e.Text != "" {
			fmt.Fprintf(&b, "    %s\n", e.Text)
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
			fmt.Fprintf(&b, "    %s\n", style(ansiDim, "stale: an anchor's symbol is gone (gortex memory check)"))
		}
		if e.Explain != "" {
			fmt.Fprintf(&b, "    %s\n", style(ansiDim, "rank: "+e.Explain))
		}
	}
	if a.Note != "" {
		fmt.Fprintf(&b, "\n%s\n", a.Note)
	}
	_, err := io.WriteString(w, b.String())
	return err
}
