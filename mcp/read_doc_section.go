package mcp

import (
	"context"
	"errors"
	"strings"

	mcpgo "github.com/mark3labs/mcp-go/mcp"

	"github.com/gortex/gortex/docs"
)

type readDocSectionParams struct {
	IDs         []string `json:"ids" desc:"Section ids (doc:docs/adr/x.md#L27) or path#Heading."`
	Subsections bool     `json:"subsections,omitempty" desc:"Also return their subsections."`
	MaxTokens   int      `json:"max_tokens,omitempty" min:"200"`
	Format      string   `json:"format,omitempty" enum:"json,toon" default:"json"`
}

func readDocSectionTool() mcpgo.Tool {
	return mcpgo.NewTool("read_doc_section",
		mcpgo.WithDescription("Sections' text by id (from doc_outline, search or a why entry's source_id)."),
		readOnly(),
	)
}

// maxSectionIDs bounds ids: reading more at once is reading the document.
const maxSectionIDs = 50

func (s *Server) readDocSection(ctx context.Context, sn *Snapshot, p readDocSectionParams) (*out[docs.Sections], error) {
	f, err := parseFormat(p.Format)
	if err != nil {
		return nil, err
	}
	budget, err := budgetArg(ctx, p.MaxTokens, f)
	if err != nil {
		return nil, err
	}
	switch {
	case len(p.IDs) == 0:
		return nil, badArg("ids", "empty; give at least one section id (doc_outline lists them)")
	case len(p.IDs) > maxSectionIDs:
		return nil, badArg("ids", "%d ids; at most %d at once", len(p.IDs), maxSectionIDs)
	}
	ids, err := sectionIDs(sn.library(), p.IDs)
	if err != nil {
		return nil, err
	}
	list, err := sn.library().Sections(ids, p.Subsections)
	var ns *docs.NoSectionError
	switch {
	case errors.As(err, &ns):
		return nil, badArg("ids", "%v; doc_outline lists a document's section ids", ns)
	case err != nil:
		return nil, err
	}
	texts := make([]*string, len(list.Sections))
	for i := range list.Sections {
		texts[i] = &list.Sections[i].Text
	}
	note, err := fitTo(budget, &list, texts, func(n int) { list.Sections, list.Count = list.Sections[:n], n })
	if err != nil {
		return nil, err
	}
	list.Note = note
	return answer(list, f)
}

// sectionIDs reads each id as a section id, or as the CLI's
// path#Heading (a heading, its slug or L<line>, see docs.Library.Section)
// turned into the id of the section it names.
func sectionIDs(lib *docs.Library, ids []string) ([]string, error) {
	out := make([]string, 0, len(ids))
	for _, id := range ids {
		doc, ref, ok := strings.Cut(id, "#")
		if strings.HasPrefix(id, "doc:") || !ok {
			out = append(out, id)
			continue
		}
		found, err := lib.Section(doc, ref, false)
		if err != nil {
			return nil, badArg("ids", "no section matches %s (%v); doc_outline lists a document's sections", id, err)
		}
		out = append(out, found.Sections[0].ID)
	}
	return out, nil
}
