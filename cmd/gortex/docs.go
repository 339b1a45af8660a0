package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/gortex/gortex/docs"
	"github.com/gortex/gortex/query"
)

type docsOpts struct {
	dir         string
	target      string // PATH or PATH#SECTION; "" lists
	kind        string
	limit       int
	subsections bool
	format      query.Format
}

func runDocs(ctx context.Context, e env, args []string) int {
	var o docsOpts
	var ff formatFlags
	fs := flag.NewFlagSet("docs", flag.ContinueOnError)
	fs.StringVar(&o.dir, "dir", "", dirHelp)
	fs.StringVar(&o.kind, "kind", "", "list only documents of this kind: adr, rfc, design, spec, readme, changelog, doc")
	fs.IntVar(&o.limit, "limit", 0, "list at most this many documents (0: all)")
	fs.BoolVar(&o.subsections, "subsections", false, "with PATH#SECTION, also print the sections nested in it")
	ff.register(fs)
	setUsage(fs, "docs")
	pos, code, done := parseFlags(fs, e, args)
	if done {
		return code
	}
	f, err := ff.format()
	if err == nil && len(pos) > 1 {
		err = errors.New("give at most one PATH or PATH#SECTION")
	}
	if err != nil {
		fmt.Fprintln(e.stderr, "gortex docs:", err)
		return exitUsage
	}
	if len(pos) == 1 {
		o.target = pos[0]
	}
	o.format = f
	return docsRun(ctx, e, o)
}

func docsRun(ctx context.Context, e env, o docsOpts) int {
	lib, code := openLibrary(ctx, e, "docs", o.dir)
	if lib == nil {
		return code
	}
	doc, section, isSection := strings.Cut(o.target, "#")
	doc = fromWorkDir(lib, doc)
	var v any
	var err error
	switch {
	case doc == "":
		v = lib.List(docs.ListOptions{Kind: o.kind, Limit: o.limit})
	case isSection:
		v, err = lib.Section(doc, section, o.subsections)
	default:
		v, err = outlineOrList(lib, doc, o)
	}
	var nd *docs.NoDocumentError
	var ns *docs.NoSectionError
	switch {
	case errors.As(err, &nd) && len(nd.Near) == 0:
		fmt.Fprintf(e.stderr, "gortex docs: %v; gortex docs lists them\n", nd)
		return exitUnknown
	case errors.As(err, &nd), errors.As(err, &ns):
		fmt.Fprintln(e.stderr, "gortex docs:", err)
		if ns != nil && ns.Doc != "" {
			fmt.Fprintf(e.stderr, "  gortex docs %s lists its sections\n", ns.Doc)
		}
		return exitUnknown
	case err != nil:
		fmt.Fprintln(e.stderr, "gortex docs:", err)
		return exitError
	}
	if o.format != query.FormatText {
		return encodeOut(e, "docs", v, o.format)
	}
	writeDocs(e, v)
	return exitOK
}

// outlineOrList is the outline of the document doc names or, when doc is
// a directory holding documents, the list of them.
func outlineOrList(lib *docs.Library, doc string, o docsOpts) (any, error) {
	out, err := lib.Outline(doc)
	var nd *docs.NoDocumentError
	if errors.As(err, &nd) {
		dir := strings.TrimSuffix(path.Clean(strings.TrimPrefix(doc, "./")), "/") + "/"
		if list := lib.List(docs.ListOptions{Kind: o.kind, Path: dir, Limit: o.limit}); list.Total > 0 {
			return list, nil
		}
	}
	return out, err
}

// fromWorkDir returns doc as a repo-relative path when, read from the
// working directory, it names a document or a directory of them; else doc
// as given.
func fromWorkDir(lib *docs.Library, doc string) string {
	wd, err := os.Getwd()
	if doc == "" || err != nil {
		return doc
	}
	rel, err := filepath.Rel(lib.Workspace().Root, filepath.Join(wd, doc))
	if err != nil || rel == "." || strings.HasPrefix(rel, "..") {
		return doc
	}
	rel = filepath.ToSlash(rel)
	for _, p := range lib.Paths() {
		if p == rel || strings.HasPrefix(p, rel+"/") {
			return rel
		}
	}
	return doc
}

// writeDocs writes a list, an outline or sections as text.
func writeDocs(e env, v any) {
	switch v := v.(type) {
	case docs.List:
		var rows [][]string
		for _, d := range v.Docs {
			title := d.Title
			if d.SupersededBy != "" {
				title += "  [superseded by " + d.SupersededBy + "]"
			}
			rows = append(rows, []string{d.Kind, d.Path, title})
			if d.Purpose != "" && d.Purpose != d.Title {
				rows = append(rows, []string{d.Purpose})
			}
		}
		writeTable(e.stdout, rows)
		if v.Note != "" {
			fmt.Fprintln(e.stderr, "gortex:", v.Note)
		}
	case docs.Outline:
		fmt.Fprintf(e.stdout, "%s  (%s)  %s\n", v.Path, v.Kind, v.Title)
		var rows [][]string
		for _, r := range v.Sections {
			_, id, _ := strings.Cut(r.ID, "#")
			rows = append(rows, []string{"#" + id, fmt.Sprintf("%d-%d", r.Line, r.EndLine), fmt.Sprintf("~%d", r.Tokens),
				strings.Repeat("  ", r.Depth-1) + r.Heading})
		}
		writeTable(e.stdout, rows)
	case docs.Sections:
		for i, s := range v.Sections {
			if i > 0 {
				fmt.Fprintln(e.stdout)
			}
			fmt.Fprintf(e.stdout, "%s:%d  %s\n\n%s\n", s.Path, s.Line, s.Heading, strings.TrimRight(s.Text, "\n"))
		}
	}
}
