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

// mdOpen is how many governing entries a pull-request comment shows in its
// table; the rest are folded.
const mdOpen = 5

// governsNames bounds the symbols named per governing entry.
const governsNames = 5

// WriteText writes r for a terminal: each memory or section that governs
// the change once, with its excerpt and what it governs, then the touched
// symbols nothing governs in one line.
func (r *Report) WriteText(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%d %s touched, %d governed by reasoning (%s)\n",
		r.Count, plural(r.Count, "symbol", "symbols"), r.Governed, r.filesLine())
	if len(r.Reasoning) > 0 {
		b.WriteString("\ngoverned by\n")
	}
	names := r.names()
	for _, g := range r.Reasoning {
		fmt.Fprintf(&b, "  %-10s %s:%d  %s%s\n", label(g.Entry), g.Path, g.Line, heading(g.Entry), staleMark(g.Entry))
		if x := oneLine(g.Text); x != "" {
			fmt.Fprintf(&b, "             %s\n", textutil.Cut(x, 160))
		}
		fmt.Fprintf(&b, "             governs %s\n", governs(g, names))
	}
	if free := r.ungoverned(); len(free) > 0 {
		fmt.Fprintf(&b, "\n%d touched %s no reasoning governs: %s\n", len(free), plural(len(free), "symbol", "symbols"), firstNames(free, 8))
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

// filesLine says how many files changed, and how many changed only their
// mode or name.
func (r *Report) filesLine() string {
	s := fmt.Sprintf("%d %s changed", len(r.Files), plural(len(r.Files), "file", "files"))
	if r.MetaOnly > 0 {
		s += fmt.Sprintf("; %d more changed only mode or name", r.MetaOnly)
	}
	return s
}

// names maps a touched symbol's ID to its qualified name, "(gone)" marked.
func (r *Report) names() map[string]string {
	out := make(map[string]string, len(r.Symbols))
	for _, t := range r.Symbols {
		out[t.ID] = t.Qualified
		if t.Change == "gone" {
			out[t.ID] += " (gone)"
		}
	}
	return out
}

// ungoverned are the qualified names of the touched symbols nothing governs.
func (r *Report) ungoverned() []string {
	var out []string
	for _, t := range r.Symbols {
		if len(t.GovernedBy) == 0 {
			out = append(out, t.Qualified)
		}
	}
	return out
}

// governs names what g governs: its symbols, the first few, and its files.
func governs(g Governor, names map[string]string) string {
	var parts []string
	for _, id := range g.Symbols {
		parts = append(parts, cmpOr(names[id], id))
	}
	s := firstNames(parts, governsNames)
	if len(g.Files) > 0 {
		if s != "" {
			s += "; "
		}
		s += "the file " + strings.Join(g.Files, ", ")
	}
	return s
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// firstNames joins the first n names and counts the rest.
func firstNames(names []string, n int) string {
	s := strings.Join(names[:min(len(names), n)], ", ")
	if len(names) > n {
		s += fmt.Sprintf(" and %d more", len(names)-n)
	}
	return s
}

// WriteMarkdown writes r as a pull-request comment: a table of what
// governs the change, each memory or section once with the symbols it
// governs (the first few rows open, the rest folded), their excerpts
// folded, and the symbols nothing governs counted in one line.
func (r *Report) WriteMarkdown(w io.Writer) error {
	var b strings.Builder
	b.WriteString("### gortex check\n\n")
	fmt.Fprintf(&b, "This change touches %d %s (%s); reasoning governs %d of them.\n\n",
		r.Count, plural(r.Count, "symbol", "symbols"), r.filesLine(), r.Governed)
	names := r.names()
	row := func(g Governor) {
		fmt.Fprintf(&b, "| **%s** %s (`%s:%d`)%s | %s |\n", cell(label(g.Entry)), cell(title(g.Entry)), cell(g.Path), g.Line,
			staleMark(g.Entry), cell(governs(g, names)))
	}
	if len(r.Reasoning) > 0 {
		b.WriteString("| governed by | governs |\n|---|---|\n")
		for _, g := range r.Reasoning[:min(len(r.Reasoning), mdOpen)] {
			row(g)
		}
		b.WriteString("\n")
		if rest := r.Reasoning[min(len(r.Reasoning), mdOpen):]; len(rest) > 0 {
			fmt.Fprintf(&b, "<details><summary>%d more</summary>\n\n| governed by | governs |\n|---|---|\n", len(rest))
			for _, g := range rest {
				row(g)
			}
			b.WriteString("\n</details>\n\n")
		}
		fmt.Fprintf(&b, "<details><summary>What %s</summary>\n\n", plural(len(r.Reasoning), "it says", "they say"))
		for _, g := range r.Reasoning {
			fmt.Fprintf(&b, "- **%s** `%s:%d` %s%s\n", label(g.Entry), g.Path, g.Line, mdText(heading(g.Entry)), staleMark(g.Entry))
			if x := oneLine(g.Text); x != "" {
				fmt.Fprintf(&b, "  > %s\n", mdText(textutil.Cut(x, 300)))
			}
		}
		b.WriteString("\n</details>\n\n")
	}
	if free := r.ungoverned(); len(free) > 0 {
		fmt.Fprintf(&b, "%d touched %s no reasoning governs.\n\n", len(free), plural(len(free), "symbol", "symbols"))
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

// title is an entry's title in a table: a memory's, or a section's
// heading after its document's file name.
func title(e query.Entry) string {
	if e.Kind == query.EntryMemory {
		return heading(e)
	}
	return path.Base(e.Path) + " § " + heading(e)
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
