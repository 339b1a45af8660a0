package mcp

import (
	"context"
	"strings"

	mcpgo "github.com/mark3labs/mcp-go/mcp"

	"github.com/gortex/gortex/memory"
	"github.com/gortex/gortex/query"
)

type whyParams struct {
	ID        string `json:"id" desc:"Symbol (Invoice.Finalize, stable ID), package, file or question."`
	Limit     int    `json:"limit,omitempty" min:"1" max:"100" default:"10" desc:"Most entries or candidates."`
	Scope     string `json:"scope,omitempty" enum:"both,workspace,global" default:"both" desc:"Memories to include."`
	Format    string `json:"format,omitempty" enum:"json,toon" default:"json"`
	MaxTokens int    `json:"max_tokens,omitempty" min:"200"`
	Explain   bool   `json:"explain,omitempty" desc:"Show how each rank was made."`
}

func whyTool() mcpgo.Tool {
	return mcpgo.NewTool("why",
		mcpgo.WithDescription("Why this code exists: reasoning linked to a symbol, file or question, best first. Call it before changing, deleting or moving code."),
		readOnly(),
	)
}

// maxWhyLimit bounds limit: a why answer is read by an agent, not paged.
const maxWhyLimit = 100

func (s *Server) why(ctx context.Context, sn *Snapshot, p whyParams) (*out[*query.Answer], error) {
	f, err := parseFormat(p.Format)
	if err != nil {
		return nil, err
	}
	limit, err := limitArg("limit", p.Limit, query.DefaultLimit, maxWhyLimit)
	if err != nil {
		return nil, err
	}
	scope, err := scopeArg("scope", p.Scope)
	if err != nil {
		return nil, err
	}
	budget, err := budgetArg(ctx, p.MaxTokens, f)
	if err != nil {
		return nil, err
	}
	if strings.TrimSpace(p.ID) == "" {
		return nil, badArg("id", "empty; give a symbol such as billing.Invoice.Finalize")
	}
	qo := sn.QueryOptions()
	qo.Limit, qo.Candidates, qo.Explain = limit, limit, p.Explain
	qo.Memories = qo.Memories.Only(scope)
	var notes []string
	if ci, err := sn.OpenContent(); err == nil {
		defer ci.Close()
		qo.Searcher = ci
	} else {
		notes = append(notes, "no lexical matches: the content index could not be opened")
		s.log.Warn("open the content index", "err", err)
	}
	cs := sn.OpenCommits()
	defer cs.Close()
	sn.WithCommits(&qo, cs)
	a, err := query.Why(ctx, sn.Store(), query.Classify(sn.Store(), p.ID, qo.Root, qo.WorkDir), qo)
	switch {
	case err != nil:
		return nil, err
	case a.Status == query.StatusBadQuery:
		return nil, badArg("id", "%s", a.Note)
	}
	if a.Status == query.StatusAnswered {
		s.addFinding(ctx, sn, cs, a)
	}
	a.Note = joinNotes(append([]string{a.Note}, notes...)...)
	var res *mcpgo.CallToolResult
	if a != nil {
		if res, err = fitAnswer(a, budget); err != nil {
			return nil, err
		}
	}
	// An unknown name is an error (the note suggests names) unless
	// reasoning still names it: then the stale entries are the answer.
	return &out[*query.Answer]{v: a, f: f, res: res, isError: a.Status == query.StatusUnknown && len(a.Rationale) == 0}, nil
}

// scopeArg reads a memory scope argument: both (the default), workspace or global.
func scopeArg(name, s string) (memory.Scope, error) {
	switch sc := memory.Scope(s); sc {
	case "":
		return memory.ScopeBoth, nil
	case memory.ScopeBoth, memory.ScopeWorkspace, memory.ScopeGlobal:
		return sc, nil
	}
	return "", badArg(name, "%q is no scope; use workspace, global or both", s)
}

// fitAnswer shortens a's entries' text (and drops its last entries when
// that is not enough) so that a fits budget z, and says so in a's note.
// An answer that fits as it is (most) is rendered once, and the result
// made to measure it is returned to be sent; else the result is nil.
func fitAnswer(a *query.Answer, z sizing) (*mcpgo.CallToolResult, error) {
	room := z.maxTokens - z.reserve()
	out, res, err := z.measure(a, room)
	switch {
	case err != nil:
		return nil, err
	case estimateTokens(out) <= room:
		return res, nil // fitTo would cut nothing
	}
	// The documents' reasons and the symbol's doc comment go first: the
	// entries' own text is what the budget is for.
	if estimateTokens(out) > z.maxTokens && dropExtras(a) {
		a.Note = joinNotes(a.Note, "context, doc cut")
	}
	texts := make([]*string, len(a.Rationale))
	for i := range a.Rationale {
		texts[i] = &a.Rationale[i].Text
	}
	note, err := fitTo(z, a, texts, func(n int) { a.Rationale, a.Count = a.Rationale[:n], n })
	a.Note = joinNotes(a.Note, note)
	return nil, err
}

// dropExtras clears what a's entries carry beside their text; it reports
// whether there was any.
func dropExtras(a *query.Answer) bool {
	had := false
	for i := range a.Rationale {
		had = had || a.Rationale[i].Context != ""
		a.Rationale[i].Context = ""
	}
	if a.Symbol != nil && a.Symbol.Doc != "" {
		a.Symbol.Doc, had = "", true
	}
	return had
}

func joinNotes(notes ...string) string {
	var out []string
	for _, n := range notes {
		if n != "" {
			out = append(out, n)
		}
	}
	return strings.Join(out, "; ")
}
