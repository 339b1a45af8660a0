package query

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/history"
	"github.com/gortex/gortex/memory"
	"github.com/gortex/gortex/rationale"
)

// Sections of rankStore, by path (each at line 1 unless said).
var (
	secNamed    = graph.SectionID("docs/named.md", 1)
	secMember   = graph.SectionID("docs/member.md", 1)
	secPath     = graph.SectionID("docs/path.md", 1)
	secCochange = graph.SectionID("docs/cochange.md", 1)
	secLexical  = graph.SectionID("docs/lexical.md", 1)
	secADR      = graph.SectionID("docs/adr/0002-ledger.md", 1)
	secOldADR   = graph.SectionID("docs/adr/0001-ledger.md", 1) // superseded by 0002
	secByOnly   = graph.SectionID("docs/adr/0000-queue.md", 1)  // superseded_by alone
	secStatus   = graph.SectionID("docs/queue.md", 1)           // status superseded alone
	secLog      = graph.SectionID("CHANGELOG.md", 1)
	secGuide    = graph.SectionID("docs/guide.md", 1) // a user guide
	secRecent   = graph.SectionID("docs/recent.md", 1)
	secOld      = graph.SectionID("docs/old.md", 1)
	secCopy1    = graph.SectionID("v1/docs/design.md", 1)
	secCopy2    = graph.SectionID("v2/docs/design.md", 1)      // a copy of v1's
	secNotCopy  = graph.SectionID("archive/docs/design.md", 1) // same heading, other words, in no release folder
	secTieB1    = graph.SectionID("docs/tie-b.md", 1)
	secTieA9    = graph.SectionID("docs/tie-a.md", 9)
	secTieA2    = graph.SectionID("docs/tie-a.md", 2)
	secFile     = []graph.NodeID{ // five sections alike but for their path
		graph.SectionID("docs/file1.md", 1), graph.SectionID("docs/file2.md", 1), graph.SectionID("docs/file3.md", 1),
		graph.SectionID("docs/file4.md", 1), graph.SectionID("docs/file5.md", 1),
	}
)

// rankStore holds the code of addCode, the sections above and memories
// anchored to Invoice.Finalize: "low" (importance 1, confidence 0),
// "pinned" (pinned, importance 1), "imp5", "imp4" (confidence 0),
// "imp3-sure" (importance 3, confidence 1), "conf9" and "conf5"
// (importance 2), "conf5-old" (conf5 updated ten years earlier) and
// "replaced" (pinned, importance 5, confidence 1, superseded by imp5).
func rankStore(t *testing.T) *graph.Store {
	t.Helper()
	s := newTestStore(t)
	addCode(t, s)
	for _, sec := range []struct {
		path, heading string
		kind          rationale.AssetKind
	}{
		{"docs/named.md", "Named", rationale.AssetDesign},
		{"docs/member.md", "Member", rationale.AssetDesign},
		{"docs/path.md", "Path", rationale.AssetDesign},
		{"docs/cochange.md", "Cochange", rationale.AssetDesign},
		{"docs/lexical.md", "Lexical", rationale.AssetDesign},
		{"docs/adr/0002-ledger.md", "Ledger", rationale.AssetADR},
		{"CHANGELOG.md", "Unreleased", rationale.AssetChangelog},
		{"docs/guide.md", "Guide", rationale.AssetDoc},
		{"docs/tie-b.md", "Tie", rationale.AssetDesign},
		{"docs/file1.md", "File 1", rationale.AssetDesign},
		{"docs/file2.md", "File 2", rationale.AssetDesign},
		{"docs/file3.md", "File 3", rationale.AssetDesign},
		{"docs/file4.md", "File 4", rationale.AssetDesign},
		{"docs/file5.md", "File 5", rationale.AssetDesign},
	} {
		addNodes(t, s, section(sec.path, sec.heading, sec.kind))
	}
	old := section("docs/adr/0001-ledger.md", "Ledger", rationale.AssetADR)
	old.SetAttr(rationale.AttrStatus, "superseded")
	old.SetAttr(rationale.AttrSupersededBy, "docs/adr/0002-ledger.md")
	byOnly := section("docs/adr/0000-queue.md", "Queue", rationale.AssetADR)
	byOnly.SetAttr(rationale.AttrSupersededBy, "docs/adr/0002-ledger.md")
	statusOnly := section("docs/queue.md", "Queue", rationale.AssetDesign)
	statusOnly.SetAttr(rationale.AttrStatus, "superseded")
	recent := section("docs/recent.md", "Recent", rationale.AssetDesign)
	recent.Updated = testNow.AddDate(0, 0, -1)
	stale := section("docs/old.md", "Old", rationale.AssetDesign)
	stale.Updated = testNow.AddDate(-10, 0, 0)
	copyText := "Retries back off exponentially, capped at one minute, so that a failing ledger is not hammered."
	copy1, copy2 := section("v1/docs/design.md", "Retries", rationale.AssetDesign), section("v2/docs/design.md", "Retries", rationale.AssetDesign)
	copy1.Text, copy2.Text = copyText, copyText
	notCopy := section("archive/docs/design.md", "Retries", rationale.AssetDesign)
	notCopy.Text = "Retries were removed: the queue redelivers failed messages by itself."
	tieA9, tieA2 := section("docs/tie-a.md", "Tie nine", rationale.AssetDesign), section("docs/tie-a.md", "Tie two", rationale.AssetDesign)
	tieA9.ID, tieA9.Line = secTieA9, 9
	tieA2.ID, tieA2.Line = secTieA2, 2
	addNodes(t, s, old, byOnly, statusOnly, recent, stale, copy1, copy2, notCopy, tieA9, tieA2)
	addMemories(t, s,
		testMemory{id: "low", anchor: methodFinal, importance: 1, confidence: 0},
		testMemory{id: "pinned", anchor: methodFinal, pinned: true, importance: 1, confidence: 0},
		testMemory{id: "imp5", anchor: methodFinal, importance: 5, confidence: 0},
		testMemory{id: "imp4", anchor: methodFinal, importance: 4, confidence: 0},
		testMemory{id: "imp3-sure", anchor: methodFinal, importance: 3, confidence: 1},
		testMemory{id: "conf9", anchor: methodFinal, importance: 2, confidence: 0.9},
		testMemory{id: "conf5", anchor: methodFinal, importance: 2, confidence: 0.5},
		testMemory{id: "conf5-old", anchor: methodFinal, importance: 2, confidence: 0.5, updated: testNow.AddDate(-10, 0, 0)},
		testMemory{id: "replaced", anchor: methodFinal, pinned: true, importance: 5, confidence: 1, supersededBy: "imp5"},
	)
	return s
}

// hitMaker builds the hits of a ranking case against s.
type hitMaker struct {
	t *testing.T
	s *graph.Store
}

// doc is a direct hit of section id.
func (h hitMaker) doc(id graph.NodeID, sig graph.Signal, score float64) hit {
	return hit{source: sectionSource(node(h.t, h.s, id)), signal: sig, score: score}
}

// via is a hit of section id through container c, depth steps up.
func (h hitMaker) via(id graph.NodeID, sig graph.Signal, score float64, c graph.NodeID, depth int) hit {
	x := h.doc(id, sig, score)
	x.via, x.depth = node(h.t, h.s, c), depth
	return x
}

// lex is a direct hit with lexical similarity sim.
func (h hitMaker) lex(id graph.NodeID, sig graph.Signal, score, sim float64) hit {
	x := h.doc(id, sig, score)
	x.lex = sim
	return x
}

// mem is the hit of a memory of rankStore, scored as its edge is.
func (h hitMaker) mem(id string) hit {
	h.t.Helper()
	for _, l := range layerOf(h.s).Into(methodFinal) {
		if l.Memory.ID == memory.ID(id) {
			return hit{source: &source{Node: l.Node, memory: l.Memory}, signal: graph.SignalMemory, score: l.Score, detail: l.Detail}
		}
	}
	h.t.Fatalf("memory %s motivates nothing", id)
	return hit{}
}

// commit is the hit of a commit found by blame, scored score.
func (h hitMaker) commit(hash string, score float64) hit {
	src := commitSource(history.Commit{Hash: hash, Author: "A. Author", Date: testNow.AddDate(0, 0, -1),
		Subject: "billing: write each invoice once", Path: "billing/invoice.go", Lines: 10})
	return hit{source: src, signal: graph.SignalCommit, score: score}
}

func TestRank(t *testing.T) {
	const (
		named    = graph.SignalNamed
		member   = graph.SignalMember
		path     = graph.SignalPath
		cochange = graph.SignalCochange
		lexical  = graph.SignalLexical
	)
	commitID := commitNodeID("c0ffee")
	superseded := []graph.NodeID{secOldADR, secByOnly, secStatus, memID("replaced")}
	tests := []struct {
		name  string
		hits  func(h hitMaker) []hit
		limit int
		want  []graph.NodeID
		check func(t *testing.T, rs []ranked) // more to assert, or nil
	}{
		{
			name: "a memory ranks before documents, the weakest memory before the strongest ADR",
			hits: func(h hitMaker) []hit { return []hit{h.lex(secADR, named, 1, 1), h.mem("low")} },
			want: []graph.NodeID{memID("low"), secADR},
		},
		{
			name: "pinned ranks a memory before more important unpinned ones",
			hits: func(h hitMaker) []hit { return []hit{h.mem("imp5"), h.mem("pinned")} },
			want: []graph.NodeID{memID("pinned"), memID("imp5")},
		},
		{
			name: "importance orders unpinned memories, whatever their confidence",
			hits: func(h hitMaker) []hit { return []hit{h.mem("low"), h.mem("imp3-sure"), h.mem("imp4")} },
			want: []graph.NodeID{memID("imp4"), memID("imp3-sure"), memID("low")},
		},
		{
			name: "confidence orders memories of equal importance",
			hits: func(h hitMaker) []hit { return []hit{h.mem("conf5"), h.mem("conf9")} },
			want: []graph.NodeID{memID("conf9"), memID("conf5")},
		},
		{
			name: "recency breaks the tie between otherwise equal memories",
			hits: func(h hitMaker) []hit { return []hit{h.mem("conf5-old"), h.mem("conf5")} },
			want: []graph.NodeID{memID("conf5"), memID("conf5-old")},
		},
		{
			name: "signal weight: named beats member beats path beats cochange beats lexical",
			hits: func(h hitMaker) []hit {
				return []hit{h.doc(secLexical, lexical, 0.8), h.doc(secCochange, cochange, 0.8), h.doc(secPath, path, 0.8),
					h.doc(secMember, member, 0.8), h.doc(secNamed, named, 0.8)}
			},
			want: []graph.NodeID{secNamed, secMember, secPath, secCochange, secLexical},
			check: func(t *testing.T, rs []ranked) {
				// weight × 0.6 × score 0.8 × design 1.0 × recency unknown 0.875
				wantRanks(t, rs, 0.42, 0.357, 0.294, 0.252, 0.21)
			},
		},
		{
			name: "document kind: an ADR before a changelog with the same evidence",
			hits: func(h hitMaker) []hit { return []hit{h.doc(secLog, named, 0.8), h.doc(secADR, named, 0.8)} },
			want: []graph.NodeID{secADR, secLog},
			check: func(t *testing.T, rs []ranked) {
				wantRanks(t, rs, 0.42, 0.21) // kind 1.0 and 0.5
			},
		},
		{
			name: "document kind weighs the similarity too: a design before a guide whose words match a little better",
			hits: func(h hitMaker) []hit {
				return []hit{h.lex(secGuide, named, 0.2, 0.6), h.lex(secNamed, named, 0.2, 0.5)}
			},
			want: []graph.NodeID{secNamed, secGuide},
			check: func(t *testing.T, rs []ranked) {
				// 0.6 × 0.2 × kind × 0.875 + 0.4 × lexical × kind
				wantRanks(t, rs, 0.105+0.4*0.5, 0.084+0.4*0.6*0.8)
			},
		},
		{
			name: "recency: a section changed yesterday before one unchanged for ten years",
			hits: func(h hitMaker) []hit { return []hit{h.doc(secOld, named, 0.8), h.doc(secRecent, named, 0.8)} },
			want: []graph.NodeID{secRecent, secOld},
		},
		{
			name: "lexical similarity picks among sections with the same evidence",
			hits: func(h hitMaker) []hit {
				return []hit{h.lex(secNamed, named, 0.8, 0.1), h.lex(secMember, named, 0.8, 0.6)}
			},
			want: []graph.NodeID{secMember, secNamed},
			check: func(t *testing.T, rs []ranked) {
				wantRanks(t, rs, 0.42+0.4*0.6, 0.42+0.4*0.1)
			},
		},
		{
			name: "a superseded ADR ranks after every live entry, commits included, and says by what",
			hits: func(h hitMaker) []hit {
				return []hit{h.doc(secOldADR, named, 1), h.commit("c0ffee", 0.1), h.doc(secLexical, lexical, 0.05)}
			},
			want: []graph.NodeID{secLexical, commitID, secOldADR},
			check: func(t *testing.T, rs []ranked) {
				wantSuperseded(t, rs[2], "docs/adr/0001-ledger.md", "docs/adr/0002-ledger.md")
				if rs[2].rank <= rs[0].rank {
					t.Errorf("the superseded ADR's rank %.3f is not above the lexical entry's %.3f: the case does not show that superseding, not rank, puts it last", rs[2].rank, rs[0].rank)
				}
			},
		},
		{
			name: "superseded_by alone, or status superseded alone, makes a section superseded",
			hits: func(h hitMaker) []hit {
				return []hit{h.doc(secByOnly, named, 1), h.doc(secStatus, named, 0.9), h.doc(secLexical, lexical, 0.05)}
			},
			want: []graph.NodeID{secLexical, secByOnly, secStatus},
			check: func(t *testing.T, rs []ranked) {
				wantSuperseded(t, rs[1], "docs/adr/0000-queue.md", "docs/adr/0002-ledger.md")
				wantSuperseded(t, rs[2], "docs/queue.md", "")
			},
		},
		{
			name: "a superseded memory ranks after every live entry and says by what",
			hits: func(h hitMaker) []hit {
				return []hit{h.mem("replaced"), h.doc(secLexical, lexical, 0.05), h.mem("low")}
			},
			want: []graph.NodeID{memID("low"), secLexical, memID("replaced")},
			check: func(t *testing.T, rs []ranked) {
				wantSuperseded(t, rs[2], ".gortex/memories/replaced.md", "imp5")
			},
		},
		{
			name: "each container step halves the link, so a closer weaker section wins",
			hits: func(h hitMaker) []hit {
				return []hit{h.via(secFile[2], member, 0.9, fileInvoice, 2), h.via(secFile[1], member, 0.5, typeInvoice, 1),
					h.doc(secFile[0], member, 0.3)}
			},
			want: []graph.NodeID{secFile[0], secFile[1], secFile[2]},
			check: func(t *testing.T, rs []ranked) {
				// 0.85 × 0.6 × score × 0.875 × 0.5^depth
				wantRanks(t, rs, 0.85*0.6*0.3*0.875, 0.85*0.6*0.5*0.875/2, 0.85*0.6*0.9*0.875/4)
				for i, via := range []string{"", "× via 0.50 ", "× via 0.25 "} {
					if got := rs[i].explain(); via != "" && !strings.Contains(got, via) || via == "" && strings.Contains(got, "via") {
						t.Errorf("explain of depth %d = %q, want %q", rs[i].depth, got, via)
					}
				}
			},
		},
		{
			name: "copies of one section collapse into the best ranked",
			hits: func(h hitMaker) []hit {
				return []hit{h.doc(secCopy2, named, 0.8), h.doc(secNotCopy, named, 0.7), h.doc(secCopy1, named, 0.9)}
			},
			want: []graph.NodeID{secCopy1, secNotCopy},
		},
		{
			name: "at most three entries per container and signal",
			hits: func(h hitMaker) []hit {
				var hs []hit
				for i, id := range secFile {
					hs = append(hs, h.via(id, path, 0.9-0.1*float64(i), fileInvoice, 2))
				}
				return append(hs, h.via(secMember, member, 0.1, fileInvoice, 2), h.via(secPath, path, 0.1, pkgBilling, 3))
			},
			want: []graph.NodeID{secFile[0], secFile[1], secFile[2], secMember, secPath},
		},
		{
			name: "direct entries are not capped",
			hits: func(h hitMaker) []hit {
				var hs []hit
				for i, id := range secFile {
					hs = append(hs, h.doc(id, path, 0.9-0.1*float64(i)))
				}
				return hs
			},
			want: secFile,
		},
		{
			name: "--limit keeps the best entries, cut after ranking",
			hits: func(h hitMaker) []hit {
				return []hit{h.doc(secLexical, lexical, 0.1), h.doc(secPath, path, 0.5), h.doc(secNamed, named, 0.9),
					h.doc(secMember, member, 0.7)}
			},
			limit: 2,
			want:  []graph.NodeID{secNamed, secMember},
		},
		{
			name: "--limit counts entries after copies collapse",
			hits: func(h hitMaker) []hit {
				return []hit{h.doc(secCopy1, named, 0.9), h.doc(secCopy2, named, 0.8), h.doc(secLexical, lexical, 0.1)}
			},
			limit: 2,
			want:  []graph.NodeID{secCopy1, secLexical},
		},
		{
			name: "no limit keeps every entry",
			hits: func(h hitMaker) []hit {
				return []hit{h.doc(secLexical, lexical, 0.1), h.doc(secPath, path, 0.5), h.doc(secNamed, named, 0.9)}
			},
			want: []graph.NodeID{secNamed, secPath, secLexical},
		},
		{
			name: "commits after documents, the strongest commit after the weakest document",
			hits: func(h hitMaker) []hit {
				return []hit{h.commit("c0ffee", 1), h.doc(secLexical, lexical, 0.05), h.mem("low")}
			},
			want: []graph.NodeID{memID("low"), secLexical, commitID},
		},
		{
			name: "equal ranks order by path, then line",
			hits: func(h hitMaker) []hit {
				return []hit{h.doc(secTieB1, named, 0.5), h.doc(secTieA9, named, 0.5), h.doc(secTieA2, named, 0.5)}
			},
			want: []graph.NodeID{secTieA2, secTieA9, secTieB1},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := rankStore(t)
			in := tt.hits(hitMaker{t, s})
			rs := rankHits(in, tt.limit, testNow)
			got := make([]graph.NodeID, len(rs))
			for i, r := range rs {
				got[i] = r.source.ID
			}
			if !slices.Equal(got, tt.want) {
				t.Fatalf("Rank order\n got %v\nwant %v", got, tt.want)
			}
			for _, r := range rs {
				if want := slices.Contains(superseded, r.source.ID); r.superseded != want {
					t.Errorf("%s: superseded = %v, want %v", r.source.ID, r.superseded, want)
				}
			}
			if tt.check != nil {
				tt.check(t, rs)
			}
		})
	}
}

// wantRanks compares the ranks of rs with want, to 1e-9.
func wantRanks(t *testing.T, rs []ranked, want ...float64) {
	t.Helper()
	if len(rs) != len(want) {
		t.Fatalf("%d entries, want %d ranks", len(rs), len(want))
	}
	for i, r := range rs {
		if math.Abs(r.rank-want[i]) > 1e-9 {
			t.Errorf("rank of %s = %.6f, want %.6f (%s)", r.source.ID, r.rank, want[i], r.explain())
		}
	}
}

// wantSuperseded checks that r's entry says what supersedes it and its
// explanation why it ranks where it does.
func wantSuperseded(t *testing.T, r ranked, path, by string) {
	t.Helper()
	e := entryOf(r, nil)
	if !r.superseded || e.Path != path || e.SupersededBy != by {
		t.Errorf("entry %s: superseded %v, superseded_by %q, want %s superseded by %q", e.SourceID, r.superseded, e.SupersededBy, path, by)
	}
	if x := r.explain(); !strings.HasSuffix(x, "(superseded: after live entries)") {
		t.Errorf("explain = %q, want it to say the entry is superseded", x)
	}
}

// TestExplainEvidence: explain opens with the evidence the link was made
// on, quoted, so that a control character in a document reaches no
// terminal raw; without evidence it says only how the rank was made.
func TestExplainEvidence(t *testing.T) {
	now := testNow
	sec := &graph.Node{ID: graph.SectionID("docs/d.md", 3), Kind: graph.KindDoc, Path: "docs/d.md", Line: 3}
	for _, tt := range []struct{ detail, want string }{
		{"billing.Invoice", `on "billing.Invoice": named`},
		{"kind\x1b[31m", `on "kind\x1b[31m": named`},
		{"", "named"},
	} {
		x := rankOne(hit{source: sectionSource(sec), signal: graph.SignalNamed, score: 0.8, detail: tt.detail}, now).explain()
		if !strings.HasPrefix(x, tt.want) {
			t.Errorf("explain with evidence %q = %q, want it to start %q", tt.detail, x, tt.want)
		}
	}
}

// TestRankReservedIsWithReserve: rankReserved, which stops judging
// sections once the answer is full, answers as withReserve over the whole
// ranking does, on hits with copied sections, containers met through more
// than viaPerContainer entries, memories and commits.
func TestRankReservedIsWithReserve(t *testing.T) {
	texts := []string{"the queue drains in order before it is closed and every item is kept",
		"the ledger records each entry once, and a second record of it is refused outright",
		"short text"}
	vias := []*graph.Node{nil, {ID: "a.go::T", Kind: graph.KindType}, {ID: "a.go", Kind: graph.KindFile}}
	signals := []graph.Signal{graph.SignalNamed, graph.SignalMember, graph.SignalLexical, graph.SignalCommit}
	for seed := range uint64(400) {
		r := rand.New(rand.NewPCG(seed, 1))
		var hits []hit
		for i := range 5 + r.IntN(40) {
			var src *source
			switch r.IntN(4) {
			case 0:
				src = commitSource(history.Commit{Hash: fmt.Sprintf("%040d", i), Subject: texts[r.IntN(3)], Body: texts[r.IntN(3)]})
			default:
				dir := []string{"docs", "v1/docs", "v2/docs"}[r.IntN(3)]
				src = sectionSource(&graph.Node{ID: graph.SectionID(dir+"/d.md", i), Kind: graph.KindDoc, Name: "Design",
					Path: dir + "/d.md", Line: i, Text: texts[r.IntN(3)]})
			}
			sig := signals[r.IntN(len(signals)-1)]
			switch {
			case src.commit != nil && r.IntN(3) == 0:
				sig = graph.SignalLexical // a commit a question's words found
			case src.commit != nil || seed%2 == 0 && r.IntN(6) == 0:
				sig = graph.SignalCommit // once in a while a section too, which no walk makes
			}
			hits = append(hits, hit{source: src, signal: sig, score: float64(r.IntN(10)) / 10, lex: float64(r.IntN(10)) / 10, via: vias[r.IntN(3)]})
		}
		limit, reserve := 1+r.IntN(8), r.IntN(3)
		want := withReserve(rankHits(hits, 0, testNow), limit, reserve)
		got := rankReserved(hits, limit, reserve, testNow)
		ids := func(rs []ranked) (out []graph.NodeID) {
			for _, x := range rs {
				out = append(out, x.source.ID)
			}
			return out
		}
		if !slices.Equal(ids(got), ids(want)) {
			t.Fatalf("seed %d, limit %d, reserve %d: %v, want %v", seed, limit, reserve, ids(got), ids(want))
		}
	}
}

// TestQuestionCommitsReserved: the commits a question's words found
// (signal lexical) keep their places below the cut as a symbol's commits
// do, in the places of the worst sections, the order kept.
func TestQuestionCommitsReserved(t *testing.T) {
	words := strings.Fields("alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima")
	var hits []hit
	for i, w := range words {
		sec := &graph.Node{ID: graph.SectionID("docs/d.md", i+1), Kind: graph.KindDoc, Name: "Design",
			Path: "docs/d.md", Line: i + 1, Text: w + " is kept " + w}
		s := 0.9 - float64(i)/100
		hits = append(hits, hit{source: sectionSource(sec), signal: graph.SignalLexical, score: s, lex: s})
	}
	for i, s := range []float64{0.3, 0.2, 0.1, 0.05} {
		c := commitSource(history.Commit{Hash: fmt.Sprintf("%040d", i+1), Subject: "fix"})
		hits = append(hits, hit{source: c, signal: graph.SignalLexical, score: s, lex: s})
	}
	for _, tt := range []struct {
		reserve, commits int
	}{{0, 0}, {1, 1}, {3, 3}} {
		rs := rankReserved(hits, 10, tt.reserve, testNow)
		if len(rs) != 10 {
			t.Fatalf("reserve %d: %d entries, want 10", tt.reserve, len(rs))
		}
		n := 0
		for i, r := range rs {
			if r.source.commit == nil {
				if n > 0 {
					t.Errorf("reserve %d: section at %d after a commit", tt.reserve, i)
				}
				continue
			}
			if want := fmt.Sprintf("%040d", n+1); r.source.commit.Hash != want {
				t.Errorf("reserve %d: commit %d is %s, want %s", tt.reserve, n, r.source.commit.Hash, want)
			}
			n++
		}
		if n != tt.commits {
			t.Errorf("reserve %d: %d commits, want %d", tt.reserve, n, tt.commits)
		}
	}
}
