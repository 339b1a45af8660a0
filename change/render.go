package change

import (
	"fmt"
	"io"
	"path"
	"strings"

	"github.com/gortex/gortex/internal/textutil"
	"github.com/gortex/gortex/query"
)

// cellLen bounds the text of one Markdown table cell, in runes.
const cellLen = 120

// WriteText writes r for a terminal: per symbol, its reasoning with path,
// line and excerpt.
func (r *Report) WriteText(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%d %s touched, %d governed by reasoning (%d %s changed)\n",
		r.Count, plural(r.Count, "symbol", "symbols"), r.Governed, len(r.Files), plural(len(r.Files), "file", "files"))
	for _, t := range r.Symbols {
		fmt.Fprintf(&b, "\n%s  %s  (%s)\n", where(t.SymbolRef), t.Qualified, t.Change)
		if len(t.Reasoning) == 0 {
			b.WriteString("  no reasoning governs it\n")
		}
		for _, e := range t.Reasoning {
			fmt.Fprintf(&b, "  %-10s %s:%d  %s%s\n", label(e), e.Path, e.Line, heading(e), staleMark(e))
			if x := oneLine(e.Text); x != "" {
				fmt.Fprintf(&b, "             %s\n", textutil.Cut(x, 160))
			}
		}
	}
	if len(r.Documents) > 0 {
		b.WriteString("\nthe changed files belong to\n")
		for _, fd := range r.Documents {
			fmt.Fprintf(&b, "  %s  %s\n", fd.File, strings.Join(fd.Docs, ", "))
		}
	}
	if r.Note != "" {
		fmt.Fprintf(&b, "\nnote: %s\n", r.Note)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteMarkdown writes r as a pull-request comment: a table of the touched
// symbols that reasoning governs, then each one's reasoning folded in a
// details block. Symbols nothing governs are counted, not listed.
func (r *Report) WriteMarkdown(w io.Writer) error {
	var b strings.Builder
	b.WriteString("### gortex check\n\n")
	fmt.Fprintf(&b, "This change touches %d %s; reasoning governs %d of them.\n\n",
		r.Count, plural(r.Count, "symbol", "symbols"), r.Governed)
	if r.Governed > 0 {
		b.WriteString("| symbol | change | governed by |\n|---|---|---|\n")
		for _, t := range r.Symbols {
			if len(t.Reasoning) > 0 {
				fmt.Fprintf(&b, "| `%s` (%s) | %s | %s |\n", cell(t.Qualified), cell(where(t.SymbolRef)), t.Change, cell(summary(t.Reasoning)))
			}
		}
		b.WriteString("\n")
	}
	for _, t := range r.Symbols {
		if len(t.Reasoning) == 0 {
			continue
		}
		fmt.Fprintf(&b, "<details><summary><code>%s</code>: %d %s</summary>\n\n", htmlEscape(t.Qualified),
			len(t.Reasoning), plural(len(t.Reasoning), "entry", "entries"))
		for _, e := range t.Reasoning {
			fmt.Fprintf(&b, "- **%s** `%s:%d` %s%s\n", label(e), e.Path, e.Line, mdText(heading(e)), staleMark(e))
			if x := oneLine(e.Text); x != "" {
				fmt.Fprintf(&b, "  > %s\n", mdText(textutil.Cut(x, 300)))
			}
		}
		b.WriteString("\n</details>\n\n")
	}
	if len(r.Documents) > 0 {
		b.WriteString("The changed files belong to:\n\n")
		for _, fd := range r.Documents {
			docs := make([]string, len(fd.Docs))
			for i, d := range fd.Docs {
				docs[i] = "`" + cell(d) + "`"
			}
			fmt.Fprintf(&b, "- `%s`: %s\n", cell(fd.File), strings.Join(docs, ", "))
		}
		b.WriteString("\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func where(s query.SymbolRef) string {
	if s.Line > 0 {
		return fmt.Sprintf("%s:%d", s.Path, s.Line)
	}
	return s.Path
}

// label is an entry's kind as a reviewer reads it: the memory's kind, or
// the document's (superseded said so).
func label(e query.Entry) string {
	switch {
	case e.Kind == query.EntryMemory:
		return e.RationaleKind
	case e.SupersededBy != "":
		return e.AssetKind + " (superseded)"
	}
	return e.AssetKind
}

func heading(e query.Entry) string { return e.Section }

func staleMark(e query.Entry) string {
	if e.Stale {
		return " [stale]"
	}
	return ""
}

// summary lists a symbol's reasoning in one cell: kind and title of each,
// the first three.
func summary(es []query.Entry) string {
	var parts []string
	for _, e := range es[:min(len(es), 3)] {
		title := heading(e)
		if e.Kind != query.EntryMemory {
			title = path.Base(e.Path) + " § " + title
		}
		parts = append(parts, label(e)+": "+textutil.Cut(title, cellLen/2))
	}
	if len(es) > 3 {
		parts = append(parts, fmt.Sprintf("+%d more", len(es)-3))
	}
	return strings.Join(parts, "; ")
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// cell makes text safe in a Markdown table cell: one line, no pipe.
func cell(s string) string {
	return strings.ReplaceAll(mdText(textutil.Cut(oneLine(s), cellLen)), "|", `\|`)
}

// mdText keeps repository text from becoming markup in a comment: HTML is
// escaped, and mentions and references are broken.
func mdText(s string) string {
	s = htmlEscape(s)
	return strings.NewReplacer("@", "@\u200b", "`", "'").Replace(s)
}

func htmlEscape(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;").Replace(s)
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
