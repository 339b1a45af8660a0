package lsp

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/pmezard/go-difflib/difflib"
	"go.lsp.dev/protocol"

	"github.com/gortex/gortex/change"
	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/history"
	"github.com/gortex/gortex/memory"
	"github.com/gortex/gortex/query"
	"github.com/gortex/gortex/rationale"
	"github.com/gortex/gortex/repofs"
)

// diagnoseDelay lets a burst of keystrokes settle before the buffer is
// checked: one check per pause in typing, not one per character.
const diagnoseDelay = 150 * time.Millisecond

// diagnose checks the buffer u after diagnoseDelay, unless it changed
// again meanwhile, and publishes what it found (nothing clears what was
// published before).
func (s *Server) diagnose(u protocol.DocumentURI) {
	s.mu.Lock()
	ctx, d := s.ctx, s.docs[u]
	s.mu.Unlock()
	if ctx == nil || d == nil {
		return
	}
	s.work.Go(func() {
		select {
		case <-ctx.Done():
			return
		case <-time.After(diagnoseDelay):
		}
		s.mu.Lock()
		cur := s.docs[u]
		s.mu.Unlock()
		if cur != d {
			return // a later change checks it
		}
		diags, err := s.diagnostics(ctx, u, d.text)
		if err != nil {
			s.log.Warn("check the buffer", "uri", u, "err", err)
			return
		}
		s.mu.Lock()
		still := s.docs[u] == d
		client := s.client
		s.mu.Unlock()
		if still {
			_ = client.PublishDiagnostics(ctx, &protocol.PublishDiagnosticsParams{URI: u, Version: uint32(max(d.version, 0)), Diagnostics: diags})
		}
	})
}

// diagnostics checks the buffer's text against the file as the index has
// it, the way gortex check checks a working copy: for each changed symbol
// that an invariant or constraint memory, or an accepted ADR's Decision,
// governs, one Information diagnostic on the buffer's changed lines,
// naming what governs it.
func (s *Server) diagnostics(ctx context.Context, u protocol.DocumentURI, text string) ([]protocol.Diagnostic, error) {
	v, err := s.view(ctx)
	if err != nil {
		return nil, err
	}
	out := []protocol.Diagnostic{}
	rel, ok := relPath(v.Workspace, u)
	if !ok {
		return out, nil
	}
	if _, indexed := v.Index.Manifest.File(rel); !indexed {
		return out, nil
	}
	disk, ok := savedText(v.Root, rel)
	if !ok {
		return out, nil
	}
	hunks := bufferHunks(text, disk)
	if len(hunks) == 0 {
		return out, nil
	}
	r, err := change.Check(ctx, v.Workspace, []history.FileDiff{{OldPath: rel, NewPath: rel, Hunks: hunks}})
	if err != nil {
		return nil, err
	}
	for _, t := range r.Symbols {
		n, found := v.Store().Node(graph.NodeID(t.ID))
		msg := invariantMessage(v.Store(), t.Reasoning)
		if !found || t.Change == "gone" || msg == "" {
			continue
		}
		if rng, ok := changedRange(text, hunks, n); ok {
			out = append(out, protocol.Diagnostic{Range: rng, Severity: protocol.DiagnosticSeverityInformation,
				Source: "gortex", Message: msg})
		}
	}
	return out, nil
}

// savedText is the file at rel as saved, read inside the root: what the
// index was built from.
func savedText(root, rel string) (string, bool) {
	b, err := repofs.ReadIn(root, filepath.FromSlash(rel), maxFileBytes)
	return string(b), err == nil
}

// bufferHunks are the blocks in which the buffer's text differs from the
// saved text, as change.Check reads a diff: the new side is the saved
// file's lines, those the index's symbols are numbered by, and the old
// side the buffer's. A block only the buffer has is a pure deletion on
// the new side, sitting after line NewStart.
func bufferHunks(buffer, saved string) []history.Hunk {
	m := difflib.NewMatcher(splitLines(buffer), splitLines(saved))
	var out []history.Hunk
	for _, op := range m.GetOpCodes() {
		if op.Tag == 'e' {
			continue
		}
		h := history.Hunk{OldStart: op.I1 + 1, OldLines: op.I2 - op.I1, NewStart: op.J1 + 1, NewLines: op.J2 - op.J1}
		if h.NewLines == 0 {
			h.NewStart = op.J1
		}
		if h.OldLines == 0 {
			h.OldStart = op.I1
		}
		out = append(out, h)
	}
	return out
}

func splitLines(s string) []string {
	lines := strings.Split(strings.ReplaceAll(s, "\r\n", "\n"), "\n")
	if len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}

// changedRange is the span of the buffer's lines that the hunks touching
// n's saved lines changed (for a deletion, the line where the lines were).
func changedRange(buffer string, hunks []history.Hunk, n *graph.Node) (protocol.Range, bool) {
	first, last := -1, -1
	end := max(n.EndLine, n.Line)
	for _, h := range hunks {
		from, to := h.NewStart, h.NewStart+h.NewLines-1
		touches := from <= end && n.Line <= to
		if h.NewLines == 0 {
			touches = n.Line <= from && from < end
		}
		if !touches {
			continue
		}
		bFrom, bTo := h.OldStart, h.OldStart+h.OldLines-1
		if h.OldLines == 0 {
			bFrom, bTo = max(h.OldStart, 1), max(h.OldStart, 1)
		}
		if first < 0 || bFrom < first {
			first = bFrom
		}
		last = max(last, bTo)
	}
	if first < 0 {
		return protocol.Range{}, false
	}
	return protocol.Range{
		Start: protocol.Position{Line: uint32(first - 1)},
		End:   protocol.Position{Line: uint32(last - 1), Character: uint32(utf16Len(lineOf(buffer, last-1)))},
	}, true
}

// invariantMessage names what binds a changed symbol: its invariant and
// constraint memories, and the Decision of an accepted ADR
// ("invariant: Cart totals are integer cents — ADR 0004"); "" when none
// does.
func invariantMessage(s *graph.Store, es []query.Entry) string {
	var rules, adrs []string
	for _, e := range es {
		switch {
		case e.Kind == "rationale" && (e.RationaleKind == string(memory.KindInvariant) || e.RationaleKind == string(memory.KindConstraint)) && !e.Stale:
			rules = append(rules, fmt.Sprintf("%s: %s", e.RationaleKind, oneLine(e.Section)))
		case acceptedDecision(s, e):
			adrs = append(adrs, entryLabel(e))
		}
	}
	if len(rules) == 0 && len(adrs) == 0 {
		return ""
	}
	if len(rules) == 0 {
		return "decision: " + strings.Join(adrs, ", ")
	}
	msg := strings.Join(rules, "; ")
	if len(adrs) > 0 {
		msg += " — " + strings.Join(adrs, ", ")
	}
	return query.TermSafe(msg)
}

// acceptedDecision reports whether e is the Decision section of an
// accepted ADR, linked to the symbol itself.
func acceptedDecision(s *graph.Store, e query.Entry) bool {
	if e.Kind != "content" || e.AssetKind != "adr" || !explains(e) || !strings.Contains(strings.ToLower(e.Section), "decision") {
		return false
	}
	n, ok := s.Node(graph.NodeID(e.SourceID))
	return ok && rationale.StatusOf(n) == "accepted"
}
