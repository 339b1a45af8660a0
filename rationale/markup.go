package rationale

import (
	"path"
	"strings"

	"github.com/gortex/gortex/internal/textutil"
)

// markup is the syntax a document is written in. It decides which of its
// text is code: a reStructuredText link or role is written with the same
// backticks a Markdown code span uses, and means something else.
type markup uint8

const (
	markdown markup = iota // Markdown, and plain text, which borrows its code spans
	rst                    // reStructuredText
	asciidoc               // AsciiDoc
)

// markupOf picks a document's markup by its extension.
func markupOf(p string) markup {
	switch strings.ToLower(path.Ext(p)) {
	case ".rst", ".rest":
		return rst
	case ".adoc", ".asciidoc", ".asc":
		return asciidoc
	}
	return markdown
}

// scanDoc returns the mentions of text, a section of a document in markup
// m; heading marks those of the section's heading.
func scanDoc(m markup, text string, heading bool, out []mention) []mention {
	switch m {
	case rst:
		return scanRST(text, heading, out)
	case asciidoc:
		return scanAdoc(text, heading, out)
	}
	return scanMentions(text, heading, out)
}

// leadingSpace is the indentation of l in bytes (tabs count as one).
func leadingSpace(l string) int { return len(l) - len(strings.TrimLeft(l, " \t")) }

// block follows an indented block of lines: the body of a directive or a
// literal block, everything indented deeper than the line that opened it.
type block struct {
	open   bool
	indent int  // indentation of the line that opened it
	seen   bool // an indented line was seen, so a line back at indent ends it
}

// holds reports whether line belongs to the open block, and closes the
// block at the first line that does not.
func (b *block) holds(line string) bool {
	if !b.open {
		return false
	}
	if strings.TrimSpace(line) == "" {
		return true
	}
	if leadingSpace(line) > b.indent {
		b.seen = true
		return true
	}
	b.open = false
	return false
}

// start opens a block below a line with the given indentation.
func (b *block) start(indent int) { *b = block{open: true, indent: indent} }

// reStructuredText: https://docutils.sourceforge.io/docs/ref/rst/restructuredtext.html

// rstDirective matches ".. name:: argument".
var rstDirective = textutil.Regexp(`^\s*\.\.\s+([A-Za-z0-9_:+.-]+)::\s*(.*)$`)

// rstStubs are the Sphinx autodoc directives: they pull a docstring into
// the page and say nothing themselves, so they are no reasoning about the
// symbol they name.
var rstStubs = map[string]bool{
	"automodule": true, "autoclass": true, "autofunction": true, "automethod": true, "autoattribute": true,
	"autodata": true, "autoexception": true, "autoproperty": true, "autodecorator": true, "autosummary": true,
}

// rstCodeDirectives open a block of code.
var rstCodeDirectives = map[string]bool{"code-block": true, "code": true, "sourcecode": true, "doctest": true, "testcode": true}

// rstDeclarations are the domain directives that declare an object: their
// argument is the object's name, as in ".. py:method:: get_value(key)".
var rstDeclarations = map[string]bool{
	"class": true, "function": true, "method": true, "attribute": true, "data": true, "exception": true,
	"module": true, "property": true, "decorator": true, "classmethod": true, "staticmethod": true,
	"struct": true, "type": true, "enum": true, "member": true, "macro": true, "var": true, "interface": true,
}

// rstCodeRoles are the roles whose content is code: the cross-references of
// Sphinx's object domains (":class:`Flask`", ":py:meth:`~a.B.c`"). Other
// roles (:ref:, :doc:, :pep:, :term:, …) name labels, documents and terms.
var rstCodeRoles = map[string]bool{
	"class": true, "func": true, "meth": true, "attr": true, "mod": true, "obj": true, "data": true,
	"const": true, "exc": true, "type": true, "member": true, "var": true, "struct": true, "enum": true,
	"macro": true, "function": true, "method": true, "any": true, "code": true, "literal": true,
	"samp": true, "interface": true, "trait": true,
}

// scanRST returns the mentions of reStructuredText: inline literals,
// interpreted text and the content of code roles are code; hyperlink
// references and other roles are prose; literal blocks and code
// directives are code; link targets, substitutions and comments are
// nothing; autodoc directives are stubs, left out with their options.
func scanRST(text string, heading bool, out []mention) []mention {
	var code, skip block
	for line := range strings.Lines(text) {
		line = strings.TrimRight(line, "\r\n")
		switch {
		case skip.holds(line):
			continue
		case code.holds(line):
			if !rstOption(line) {
				out = scanTokens(line, true, heading, out)
			}
			continue
		}
		if m := rstDirective().FindStringSubmatch(line); m != nil {
			name := m[1][strings.LastIndexByte(m[1], ':')+1:]
			switch {
			case rstStubs[name]:
				skip.start(leadingSpace(line))
			case rstCodeDirectives[name]:
				code.start(leadingSpace(line))
			case rstDeclarations[name]:
				out = scanTokens(m[2], true, heading, out)
			}
			continue
		}
		if t := strings.TrimSpace(line); strings.HasPrefix(t, "..") {
			skip.start(leadingSpace(line)) // a comment, link target or substitution
			continue
		}
		out = scanRSTInline(line, heading, out)
		if strings.HasSuffix(strings.TrimSpace(line), "::") {
			code.start(leadingSpace(line)) // "Example::" introduces a literal block
		}
	}
	return out
}

// rstQuiet are directives that set context and say nothing ("..
// currentmodule:: flask"): a stub may hold them next to its autodoc.
var rstQuiet = map[string]bool{"currentmodule": true, "module": true, "automodule": true, "py:currentmodule": true}

// IsStub reports whether a section of the document at path holds no
// reasoning of its own: nothing but Sphinx autodoc directives (with their
// options) and the directives that set their module. Such a section pulls
// a docstring into a reference page; it is neither linked nor searched.
func IsStub(path, text string) bool {
	if markupOf(path) != rst {
		return false
	}
	var skip block
	stub := false
	for line := range strings.Lines(text) {
		line = strings.TrimRight(line, "\r\n")
		if skip.holds(line) || strings.TrimSpace(line) == "" {
			continue
		}
		m := rstDirective().FindStringSubmatch(line)
		if m == nil {
			return false
		}
		name := m[1][strings.LastIndexByte(m[1], ':')+1:]
		switch {
		case rstStubs[name]:
			stub = true
		case !rstQuiet[name] && !rstQuiet[m[1]]:
			return false
		}
		skip.start(leadingSpace(line))
	}
	return stub
}

// rstOption reports whether l is a directive option (":linenos:").
func rstOption(l string) bool {
	t := strings.TrimSpace(l)
	return len(t) > 1 && t[0] == ':' && strings.IndexByte(t[1:], ':') > 0 && !strings.Contains(t, "`")
}

// rstRole matches the ":role:" or ":domain:role:" right before a backtick.
var rstRole = textutil.Regexp(`:([A-Za-z0-9_+.-]+(?::[A-Za-z0-9_+.-]+)?):$`)

// scanRSTInline scans one line of reStructuredText prose.
func scanRSTInline(line string, heading bool, out []mention) []mention {
	for line != "" {
		i := strings.IndexByte(line, '`')
		if i < 0 {
			return scanTokens(line, false, heading, out)
		}
		before, rest := line[:i], line[i:]
		if strings.HasPrefix(rest, "``") {
			j := strings.Index(rest[2:], "``")
			if j < 0 {
				return scanTokens(line, false, heading, out)
			}
			out = scanTokens(before, false, heading, out)
			out = scanTokens(rest[2:2+j], true, heading, out)
			line = rest[2+j+2:]
			continue
		}
		j := strings.IndexByte(rest[1:], '`')
		if j < 0 {
			return scanTokens(line, false, heading, out)
		}
		content, after := rest[1:1+j], rest[1+j+1:]
		role := ""
		if m := rstRole().FindStringSubmatchIndex(before); m != nil {
			role = before[m[2]:m[3]]
			before = before[:m[0]]
		}
		out = scanTokens(before, false, heading, out)
		link := strings.HasPrefix(after, "_")
		after = strings.TrimLeft(after, "_")
		out = rstInterpreted(role, content, link, heading, out)
		line = after
	}
	return out
}

// rstInterpreted adds the mentions of interpreted text: "`text`_" is a
// link (its text prose, its target dropped), ":role:`text`" code for the
// code roles and prose for the others, and bare "`text`" code (projects
// set the default role to a cross-reference).
func rstInterpreted(role, content string, link, heading bool, out []mention) []mention {
	title, target := content, ""
	if k := strings.LastIndexByte(content, '<'); k >= 0 && strings.HasSuffix(content, ">") {
		title, target = strings.TrimSpace(content[:k]), content[k+1:len(content)-1]
	}
	name := role[strings.LastIndexByte(role, ':')+1:]
	switch {
	case link:
		return scanTokens(title, false, heading, out)
	case role != "" && !rstCodeRoles[name]:
		return scanTokens(title, false, heading, out)
	case target != "":
		return scanTokens(strings.TrimLeft(target, "~!."), true, heading, out)
	}
	return scanTokens(strings.TrimLeft(content, "~!."), true, heading, out)
}

// AsciiDoc: https://docs.asciidoctor.org/asciidoc/latest/

// adocBlockMacro matches a block macro line ("include::x.adoc[]",
// "image::a.png[]"), which holds no prose.
var adocBlockMacro = textutil.Regexp(`^[a-z]+::\S*\[.*\]\s*$`)

// adocInlineLink matches an inline macro or URL with its text in
// brackets ("link:a.html[the guide]", "https://x.org[X]", "xref:a.adoc[A]").
var adocInlineLink = textutil.Regexp(`(?:\b[a-z]+:|https?://)[^\s\[\]]*\[([^\]]*)\]`)

// adocXref matches a cross reference "<<anchor>>" or "<<anchor,text>>".
var adocXref = textutil.Regexp(`<<[^,>]*(?:,([^>]*))?>>`)

// scanAdoc returns the mentions of AsciiDoc: backtick monospace and
// listing and literal blocks ("----", "....", fences) are code; links and
// cross references keep their text as prose and drop their targets;
// comments, attribute entries, block macros and passthrough blocks are
// nothing.
func scanAdoc(text string, heading bool, out []mention) []mention {
	delim := ""     // the delimiter of the open block
	inCode := false // it is a listing or literal block
	for line := range strings.Lines(text) {
		line = strings.TrimRight(line, "\r\n")
		t := strings.TrimSpace(line)
		if delim != "" {
			switch {
			case t == delim:
				delim = ""
			case inCode:
				out = scanTokens(line, true, heading, out)
			case delim != "////" && delim != "++++":
				out = scanAdocInline(line, heading, out)
			}
			continue
		}
		if d, code, ok := adocDelimiter(t); ok {
			delim, inCode = d, code
			continue
		}
		switch {
		case strings.HasPrefix(t, "//"), adocBlockMacro().MatchString(t), adocAttribute(t):
		case line != "" && (line[0] == ' ' || line[0] == '\t'):
			out = scanTokens(line, true, heading, out) // an indented literal paragraph
		default:
			out = scanAdocInline(line, heading, out)
		}
	}
	return out
}

// adocDelimiter reports whether t opens a delimited block, and whether the
// block holds code.
func adocDelimiter(t string) (delim string, code, ok bool) {
	if strings.HasPrefix(t, "```") {
		return "```", true, true
	}
	if len(t) < 4 || strings.Trim(t, t[:1]) != "" {
		return "", false, false
	}
	switch t[0] {
	case '-', '.':
		return t, true, true
	case '/', '+', '=', '*', '_':
		return t, false, true
	}
	return "", false, false
}

// adocAttribute reports whether t is an attribute entry (":toc: left").
func adocAttribute(t string) bool {
	if len(t) < 2 || t[0] != ':' {
		return false
	}
	end := strings.IndexByte(t[1:], ':')
	return end > 0 && !strings.ContainsAny(t[1:1+end], " `")
}

// scanAdocInline scans one line of AsciiDoc prose: link texts stay, link
// targets go, and backticks mark code as in Markdown.
func scanAdocInline(line string, heading bool, out []mention) []mention {
	line = adocInlineLink().ReplaceAllString(line, " $1 ")
	line = adocXref().ReplaceAllString(line, " $1 ")
	line = strings.NewReplacer("`+", "`", "+`", "`").Replace(line) // `+literal+` is `literal`
	return scanInline(line, heading, out)
}
