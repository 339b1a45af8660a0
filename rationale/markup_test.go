package rationale

import (
	"slices"
	"strings"
	"testing"
)

// codeAndProse renders the mentions of text in markup m as two lists, the
// ones read as code and the ones read as prose.
func codeAndProse(m markup, text string) (code, prose []string) {
	for _, x := range scanDoc(m, text, false, nil) {
		if x.inCode {
			code = append(code, x.text())
		} else {
			prose = append(prose, x.text())
		}
	}
	return code, prose
}

func TestScanMarkup(t *testing.T) {
	tests := []struct {
		name      string
		path      string
		text      string
		code      []string // every mention read as code, in order
		notProse  []string // mentions that must not be read at all, nor as prose
		wantProse []string // mentions that must be read as prose
	}{
		{name: "rst inline literal is code", path: "a.rst", text: "Use ``Budget.Remaining`` first.",
			code: []string{"Budget.Remaining"}},
		{name: "rst hyperlink reference is prose", path: "a.rst", text: "Deploy on `Google App Engine`_ or `Budget <https://x.org/b>`_.",
			code: nil, wantProse: []string{"Google", "App", "Engine", "Budget"}, notProse: []string{"x.org"}},
		{name: "rst code role is code, its tilde dropped", path: "a.rst", text: "See :class:`~flask.app.Flask` and :py:meth:`Cart.add`.",
			code: []string{"flask.app.Flask", "Cart.add"}},
		{name: "rst role with a title names its target", path: "a.rst", text: "The :func:`main parser <create_main_parser>` does it.",
			code: []string{"create_main_parser"}},
		{name: "rst label roles are prose", path: "a.rst", text: "Read :ref:`LinkCollector <link-collector-class>` and :pep:`503`.",
			code: nil, wantProse: []string{"LinkCollector"}, notProse: []string{"link"}},
		{name: "rst autodoc stub is no mention", path: "a.rst", text: ".. autoclass:: Flask\n   :members:\n   :inherited-members:\n\nThe app.",
			code: nil, notProse: []string{"Flask", "members"}},
		{name: "rst declaration directive names its object", path: "a.rst", text: ".. py:method:: get_value(key)\n\n  Provides the value.",
			code: []string{"get_value", "key"}},
		{name: "rst link target and comment are nothing", path: "a.rst", text: ".. _PyPI: https://pypi.org/\n.. a comment about Budget\n   still the comment",
			code: nil, notProse: []string{"PyPI", "Budget", "still"}},
		{name: "rst literal block after :: is code", path: "a.rst", text: "Call it like this::\n\n    ledger.Record(acct)\n\nDone.",
			code: []string{"ledger.Record", "acct"}},
		{name: "rst code-block directive is code", path: "a.rst", text: ".. code-block:: python\n   :linenos:\n\n   Flask(app)\n\nText.",
			code: []string{"Flask", "app"}},
		{name: "adoc monospace and listing are code", path: "a.adoc", text: "Use `Budget` or `+Spend+`.\n\n[source,go]\n----\nledger.Record(x)\n----\n",
			code: []string{"Budget", "Spend", "ledger.Record", "x"}},
		{name: "adoc links keep their text, drop their target", path: "a.adoc", text: "See link:guide/Budget.html[the guide] and <<budget-id,Budgets>>.",
			code: nil, wantProse: []string{"the", "guide", "Budgets"}, notProse: []string{"guide/Budget.html", "budget-id"}},
		{name: "adoc comments, attributes and block macros are nothing", path: "a.adoc", text: "// Budget note\n:toc: left\ninclude::Budget.adoc[]\n////\nBudget\n////\n",
			code: nil, notProse: []string{"Budget", "toc"}},
		{name: "markdown unchanged", path: "a.md", text: "`Google App Engine`_",
			code: []string{"Google", "App", "Engine"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, prose := codeAndProse(markupOf(tt.path), tt.text)
			if !slices.Equal(code, tt.code) {
				t.Errorf("code mentions %q, want %q", code, tt.code)
			}
			for _, w := range tt.wantProse {
				if !slices.Contains(prose, w) {
					t.Errorf("prose %q lacks %q", prose, w)
				}
			}
			for _, w := range tt.notProse {
				if slices.ContainsFunc(prose, func(p string) bool { return strings.HasPrefix(p, w) }) {
					t.Errorf("prose %q holds %q", prose, w)
				}
			}
		})
	}
}

func TestIsWeakMember(t *testing.T) {
	tests := []struct {
		id   string
		want bool
	}{
		{"it", true}, {"list", true}, {"code", true}, {"run", true},
		{"Remaining", false}, {"get_value", false}, {"minValues", false}, {"HTTP", false}, {"ID", true},
	}
	for _, tt := range tests {
		if got := isWeakMember(tt.id); got != tt.want {
			t.Errorf("isWeakMember(%q) = %v, want %v", tt.id, got, tt.want)
		}
	}
}

func FuzzScanMarkup(f *testing.F) {
	for _, s := range []string{"`a`_", ":class:`~x.Y`", ".. autoclass:: X\n  :m:", "``x``", "link:a[b]", "<<a,b>>", "----\nx\n----", "Ex::\n\n  y"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		for _, m := range []markup{rst, asciidoc} {
			for _, x := range scanDoc(m, text, false, nil) {
				for _, p := range x.parts {
					if !isIdent(p) {
						t.Fatalf("part %q of %q is no identifier", p, text)
					}
				}
			}
		}
	})
}

func TestIsStub(t *testing.T) {
	tests := []struct {
		name, path, text string
		want             bool
	}{
		{"autodoc with options", "api.rst", ".. autoclass:: Flask\n   :members:\n   :inherited-members:", true},
		{"module then autodoc", "api.rst", ".. currentmodule:: flask\n\n.. autofunction:: url_for", true},
		{"autodoc with prose", "api.rst", "The application object.\n\n.. autoclass:: Flask", false},
		{"a declaration with its own text", "a.rst", ".. py:method:: load()\n\n   Loads the files.", false},
		{"markdown is never a stub", "api.md", ".. autoclass:: Flask", false},
		{"empty", "api.rst", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := IsStub(tt.path, tt.text); got != tt.want {
				t.Errorf("IsStub(%q) = %v, want %v", tt.text, got, tt.want)
			}
		})
	}
}
