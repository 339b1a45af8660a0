package mcp

import (
	"context"
	"strings"

	mcpgo "github.com/mark3labs/mcp-go/mcp"

	"github.com/gortex/gortex/docs"
	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/query"
)

type readDocSectionParams struct {
	IDs         []string `json:"ids" desc:"Section ids (doc:docs/adr/x.md#L27)."`
	Subsections bool     `json:"subsections,omitempty" desc:"With their subsections."`
	MaxTokens   int      `json:"max_tokens,omitempty" min:"200" desc:"Approx. token budget."`
	Format      string   `json:"format,omitempty" enum:"json,toon" desc:"Default json."`
}

func readDocSectionTool() mcpgo.Tool {
	return mcpgo.NewTool("read_doc_section",
		mcpgo.WithDescription("Sections' text by id (from doc_outline, search or why's source_id)."),
		readOnly(),
	)
}

type sectionList struct {
	Count    int                `json:"count" toon:"count"`
	Sections []docs.SectionText `json:"sections" toon:"sections"`
	Note     string             `json:"note" toon:"note"`
}

// maxSectionIDs bounds ids: reading more at once is reading the document.
const maxSectionIDs = 50

func (s *Server) readDocSection(ctx context.Context, sn *Snapshot, p readDocSectionParams) (*mcpgo.CallToolResult, error) {
	f, err := parseFormat(p.Format)
	if err != nil {
		return nil, err
	}
	if err := maxTokensArg(p.MaxTokens); err != nil {
		return nil, err
	}
	switch {
	case len(p.IDs) == 0:
		return nil, badArg("ids", "empty; give at least one section id (doc_outline lists them)")
	case len(p.IDs) > maxSectionIDs:
		return nil, badArg("ids", "%d ids; at most %d at once", len(p.IDs), maxSectionIDs)
	}
	list := sectionList{Sections: []docs.SectionText{}}
	seen := map[graph.NodeID]bool{}
	for _, id := range p.IDs {
		secs, err := sectionArg(sn, id, p.Subsections)
		if err != nil {
			return nil, err
		}
		for _, sec := range secs {
			if !seen[sec.ID] {
				seen[sec.ID] = true
				list.Sections = append(list.Sections, docs.TextOf(sec))
			}
		}
	}
	list.Count = len(list.Sections)
	if p.MaxTokens > 0 {
		texts := make([]*string, len(list.Sections))
		for i := range list.Sections {
			texts[i] = &list.Sections[i].Text
		}
		note, err := fitTo(p.MaxTokens, texts, func() (string, error) {
			var sb strings.Builder
			err := query.Encode(&sb, list, f, wire)
			return sb.String(), err
		}, nil)
		if err != nil {
			return nil, err
		}
		list.Note = note
	}
	return encoded(list, f)
}

// sectionArg returns the section id names ("doc:" may be left out) and,
// with subsections set, the sections nested in it.
func sectionArg(sn *Snapshot, id string, subsections bool) ([]*graph.Node, error) {
	secs, err := sn.library().Section(id, subsections)
	if err != nil {
		return nil, badArg("ids", "%s", err)
	}
	return secs, nil
}
