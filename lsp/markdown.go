package lsp

import (
	"fmt"
	"path"
	"path/filepath"
	"strings"
	"unicode"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/internal/textutil"
	"github.com/gortex/gortex/query"
	"github.com/gortex/gortex/workspace"
)

// hoverShown is how many entries a hover shows: a hover is read at a
// glance, and gortex why shows the rest.
const hoverShown = 3

// excerptRunes bounds an entry's text and its context in a hover.
const excerptRunes = 240

// explains reports whether e is reasoning about the symbol itself: a
// memory, or a document that links to the symbol by a signal other than
// resemblance of words. Related reasoning (of its container, or lexically
// similar) and commits are counted in a hover, not shown.
func explains(e query.Entry) bool {
	return e.Kind == "rationale" || (e.Kind == "content" && e.Via == "" && e.Signal != string(graph.SignalLexical))
}

// hoverMarkdown renders for a hover the strongest entries of a that
// explain its symbol (memories first, as the pipeline ranks them): label,
// linked title, excerpt and the document's context, then how many more
// gortex why has. "" when no entry explains it.
func hoverMarkdown(w *workspace.Workspace, a *query.Answer) string {
	var b strings.Builder
	fmt.Fprintf(&b, "**why `%s` exists**\n", codeText(a.Symbol.Qualified))
	shown := 0
	for _, e := range a.Rationale {
		if shown == hoverShown || !explains(e) {
			continue
		}
		writeEntry(&b, w, e)
		shown++
	}
	if shown == 0 {
		return ""
	}
	if more := len(a.Rationale) - shown; more > 0 {
		fmt.Fprintf(&b, "\n%d more: `gortex why %s`\n", more, codeText(a.Symbol.Qualified))
	}
	return b.String()
}

// writeEntry writes one entry: its label and linked title, its text, and
// the context its document gives.
func writeEntry(b *strings.Builder, w *workspace.Workspace, e query.Entry) {
	fmt.Fprintf(b, "\n**%s** [%s](%s)", mdText(entryLabel(e)), mdText(entryTitle(w.Store(), e)), docLink(w.Root, e.Path, e.Line))
	if e.Stale {
		b.WriteString(" *(stale)*")
	}
	b.WriteString("\n")
	if t := oneLine(e.Text); t != "" {
		fmt.Fprintf(b, "> %s\n", mdText(textutil.Cut(t, excerptRunes)))
	}
	if c := oneLine(e.Context); c != "" {
		fmt.Fprintf(b, ">\n> *Context:* %s\n", mdText(textutil.Cut(c, excerptRunes)))
	}
}

// entryLabel names an entry as a reader knows it: a memory's kind, an
// ADR or RFC with its number ("ADR 0004"), else the document's kind.
func entryLabel(e query.Entry) string {
	label := e.AssetKind
	switch {
	case e.Kind == "rationale":
		label = e.RationaleKind
	case e.AssetKind == "adr" || e.AssetKind == "rfc":
		label = strings.ToUpper(e.AssetKind)
		if n := leadingDigits(path.Base(e.Path)); n != "" {
			label += " " + n
		}
	}
	if e.SupersededBy != "" {
		label += " (superseded)"
	}
	return label
}

// entryTitle is a section's heading path ("ADR 0004: Keep money in
// integer cents › Decision"), else the entry's section or title.
func entryTitle(s *graph.Store, e query.Entry) string {
	if n, ok := s.Node(graph.NodeID(e.SourceID)); ok && len(n.HeadingPath) > 0 {
		return strings.Join(n.HeadingPath, " › ")
	}
	if e.Section != "" {
		return e.Section
	}
	return e.Path
}

// docLink is the file URI of a document (repo-relative, or absolute for a
// global memory) at its line, for a Markdown link.
func docLink(root, p string, line int) string {
	u := docTarget(root, p)
	if line > 0 {
		u += fmt.Sprintf("#L%d", line)
	}
	// A parenthesis would end the link's destination.
	return strings.NewReplacer("(", "%28", ")", "%29").Replace(u)
}

// docTarget is the file URI of a document: repo-relative, or absolute for
// a global memory.
func docTarget(root, p string) string {
	if !filepath.IsAbs(p) {
		p = filepath.Join(root, filepath.FromSlash(p))
	}
	return fileURI(p)
}

func leadingDigits(s string) string {
	i := strings.IndexFunc(s, func(r rune) bool { return !unicode.IsDigit(r) })
	if i < 0 {
		return s
	}
	return s[:i]
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// mdText keeps repository text from becoming markup (a link, an image,
// HTML, emphasis) or reaching the editor's terminal raw: control and
// bidirectional characters go, Markdown's punctuation is escaped.
func mdText(s string) string {
	s = query.TermSafe(s)
	var b strings.Builder
	for _, r := range s {
		if strings.ContainsRune("\\`*_[]<>|~#&", r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// codeText makes s safe inside a code span: no backtick, one line.
func codeText(s string) string {
	return strings.ReplaceAll(oneLine(query.TermSafe(s)), "`", "'")
}
