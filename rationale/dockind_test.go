package rationale

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/graph/graphtest"
	"github.com/gortex/gortex/history"
	"github.com/gortex/gortex/repofs"
)

func doc(path string, headings ...string) *document {
	d := &document{path: path}
	for i, h := range headings {
		d.sections = append(d.sections, &graph.Node{ID: graph.SectionID(path, i+1), Kind: graph.KindDoc, Name: h, Path: path})
		d.text += h + "\n"
	}
	return d
}

func TestClassify(t *testing.T) {
	withText := func(d *document, text string) *document { d.text += text; return d }
	tests := []struct {
		name string
		d    *document
		want AssetKind
	}{
		{"adr folder", doc("docs/adr/0001-use-x.md", "Use X"), AssetADR},
		{"adr title", doc("docs/records/use-x.md", "ADR 12: Use X"), AssetADR},
		{"numbered with status", withText(doc("notes/0007-drop-y.md", "Drop Y"), "Status: Accepted\n"), AssetADR},
		{"numbered without status", doc("notes/0007-drop-y.md", "Drop Y"), AssetDoc},
		{"rfc folder", doc("rfcs/text/0042-feature.md", "Feature"), AssetRFC},
		{"rfc file name", doc("docs/rfc-tracing.md", "Tracing"), AssetRFC},
		{"design folder", doc("designs/node-repair.md", "Node Repair"), AssetDesign},
		{"design template in a README", doc("enh/123-thing/README.md", "Thing", "Summary", "Motivation", "Goals", "Proposal"), AssetDesign},
		{"spec by RFC 2119 words", withText(doc("docs/wire.md", "Wire format"), "A client MUST send. A server SHOULD answer. It MUST NOT retry.\n"), AssetSpec},
		{"readme", doc("README.md", "Project", "Install"), AssetReadme},
		{"changelog", doc("CHANGELOG.md", "v1.2.0"), AssetChangelog},
		{"plain doc", doc("docs/usage.md", "Usage"), AssetDoc},
		{"release file in a changelog folder", doc("CHANGELOG/v1.13.0-rc.1.md", "Bug Fixes"), AssetChangelog},
		{"change fragment", doc("changelog.d/1234.fixed.md", "Fixed"), AssetChangelog},
		{"release notes", doc("docs/release-notes-2.3.md", "Highlights"), AssetChangelog},
		{"release highlights", doc("docs/release_highlights.md", "New"), AssetChangelog},
		{"release process is no changelog", doc("docs/release.md", "Cutting a release"), AssetDoc},
		{"api reference by name", doc("docs/book/crd-api-reference-v1.md", "Cluster"), AssetReference},
		{"golden test output", doc("hack/tools/test/golden/out.md", "Summary", "Motivation"), AssetTestData},
		{"test data beats a design template", doc("tests/data/design.md", "Summary", "Motivation", "Proposal"), AssetTestData},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := classify(tt.d); got != tt.want {
				t.Errorf("classify(%s) = %s, want %s", tt.d.path, got, tt.want)
			}
		})
	}
}

func TestSupersessions(t *testing.T) {
	s := graphtest.Checked(t, graph.New())
	mk := func(path, title, text string) *document {
		d := doc(path, title)
		d.text += text
		for _, sec := range d.sections {
			sec.SetAttr(AttrAssetKind, string(AssetADR))
			s.AddNode(*sec)
		}
		// Work on the stored nodes, as the linker does.
		for i, sec := range d.sections {
			d.sections[i], _ = s.Node(sec.ID)
		}
		return d
	}
	a1 := mk("adr/0001-a.md", "ADR 1: A", "Status: Superseded by ADR 0003\n")
	a2 := mk("adr/0002-b.md", "ADR 2: B", "Status: Accepted\n")
	a3 := mk("adr/0003-c.md", "ADR 3: C", "Status: Accepted\nSupersedes: ADR 0002\n")
	a4 := mk("adr/0004-d.md", "ADR 4: D", "Status: Deprecated\n")
	supersessions(s, []*document{a1, a2, a3, a4})
	tests := []struct {
		d              *document
		status, suppBy string
	}{
		{a1, "superseded", "adr/0003-c.md"},
		{a2, "superseded", "adr/0003-c.md"},
		{a3, "accepted", ""},
		{a4, "superseded", ""},
	}
	for _, tt := range tests {
		sec := tt.d.sections[0]
		if StatusOf(sec) != tt.status || SupersededBy(sec) != tt.suppBy {
			t.Errorf("%s: status %q superseded_by %q, want %q %q", tt.d.path,
				StatusOf(sec), SupersededBy(sec), tt.status, tt.suppBy)
		}
	}
	if _, ok := s.EdgeBetween(a3.sections[0].ID, a2.sections[0].ID); !ok {
		t.Error("no supersedes edge from ADR 3 to ADR 2")
	}
}

func TestCountDocHistory(t *testing.T) {
	bulk := history.Change{When: time.Unix(300, 0), Files: []string{"docs/d.md"}}
	for i := 0; i < bulkCommitFiles+1; i++ {
		bulk.Files = append(bulk.Files, "f"+string(rune('a'+i%26))+".go")
	}
	changes := []history.Change{
		{When: time.Unix(100, 0), Files: []string{"docs/d.md", "pkg/a.go", "pkg/b c.go"}},
		{When: time.Unix(200, 0), Files: []string{"docs/d.md", "pkg/a.go"}},
		bulk,
	}
	h := countDocHistory(changes)["docs/d.md"]
	if h == nil {
		t.Fatal("no history for docs/d.md")
	}
	if h.Files["pkg/a.go"] != 2 || h.Files["pkg/b c.go"] != 1 || len(h.Files) != 2 {
		t.Errorf("files = %v, want a.go 2, \"b c.go\" 1 (the bulk commit skipped)", h.Files)
	}
	if h.Updated.Unix() != 200 {
		t.Errorf("updated = %d, want 200", h.Updated.Unix())
	}
}

func TestCochangeCache(t *testing.T) {
	base := t.TempDir()
	dir := repofs.OwnedDir(base, "cache")
	hist := map[string]*docHistory{"docs/d.md": {Updated: time.Unix(200, 0).UTC(), Files: map[string]int{"pkg/a b.go": 2}}}
	if _, ok := readCochangeCache(dir, "abc"); ok {
		t.Fatal("a cache before any was written")
	}
	writeCochangeCache(dir, cochangeCache{Head: "abc", Docs: hist})
	got, ok := readCochangeCache(dir, "abc")
	if !ok || got["docs/d.md"] == nil || got["docs/d.md"].Files["pkg/a b.go"] != 2 || !got["docs/d.md"].Updated.Equal(time.Unix(200, 0)) {
		t.Fatalf("cache read back %+v, %v", got, ok)
	}
	if _, ok := readCochangeCache(dir, "def"); ok {
		t.Error("a cache read at another HEAD was used")
	}
	if _, ok := readCochangeCache(nil, "abc"); ok {
		t.Error("no cache dir, yet a cache")
	}
	if err := dir.WriteEntry(cochangeCacheFile, []byte("{not json")); err != nil {
		t.Fatal(err)
	}
	if _, ok := readCochangeCache(dir, "abc"); ok {
		t.Error("a corrupt cache was used")
	}
	good, _ := json.Marshal(cochangeCache{Head: "abc", Docs: hist})
	if err := os.WriteFile(filepath.Join(base, "cache", cochangeCacheFile), good, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, ok := readCochangeCache(dir, "abc"); ok {
		t.Error("a cache not written by gortex (committed) was used")
	}
}

func TestGeneratedReference(t *testing.T) {
	s := graphtest.Checked(t, graph.New())
	comments := map[string]string{
		"Cluster":     "Cluster is the Schema for the clusters API.",
		"Machine":     "Machine is the Schema for the machines API.",
		"MachineSet":  "MachineSet ensures that a specified number of machines are running.",
		"Unexplained": "Unexplained is a type no document quotes at all.",
	}
	for name, c := range comments {
		id := graph.SymbolID("api/v1/types.go", name)
		if err := s.AddNode(graph.Node{ID: id, Kind: graph.KindType, Name: name, Path: "api/v1/types.go", Text: c + "\nMore lines."}); err != nil {
			t.Fatal(err)
		}
	}
	section := func(d *document, heading, text string) *document {
		d.sections = append(d.sections, &graph.Node{ID: graph.SectionID(d.path, len(d.sections)+1), Kind: graph.KindDoc, Name: heading, Path: d.path, Text: text})
		return d
	}
	ref := &document{path: "docs/api.md"}
	for _, h := range []string{"Cluster", "Machine", "MachineSet"} {
		section(ref, h, "_Appears in:_ x\n\n"+comments[h]+"\n\n| Field | Description |")
	}
	section(ref, "Overview", "The types of the API.")
	design := &document{path: "docs/machines.md"}
	section(design, "Machine", "We chose one object per host because hosts fail alone.")
	section(design, "Cluster", comments["Cluster"]+" We quote it once.")
	section(design, "Alternatives", "A single object per pool.")
	for _, tt := range []struct {
		d    *document
		want bool
	}{{ref, true}, {design, false}} {
		if got := repeatsDocComments(s, tt.d); got != tt.want {
			t.Errorf("repeatsDocComments(%s) = %v, want %v", tt.d.path, got, tt.want)
		}
	}
}

func TestSectionAccessors(t *testing.T) {
	tests := []struct {
		name               string
		kind               AssetKind
		status, supersedBy string
		stub               bool
	}{
		{"plain node", "", "", "", false},
		{"accepted ADR", AssetADR, "accepted", "", false},
		{"superseded ADR", AssetADR, "superseded", "docs/adr/0002-b.md", false},
		{"stub", AssetReference, "", "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sec := &graph.Node{ID: "docs/a.md#x", Kind: graph.KindDoc}
			sec.SetAttr(AttrAssetKind, string(tt.kind))
			sec.SetAttr(AttrStatus, tt.status)
			sec.SetAttr(AttrSupersededBy, tt.supersedBy)
			if tt.stub {
				sec.SetAttr(AttrStub, "true")
			}
			if KindOf(sec) != tt.kind || StatusOf(sec) != tt.status || SupersededBy(sec) != tt.supersedBy || IsStubSection(sec) != tt.stub {
				t.Errorf("KindOf %q StatusOf %q SupersededBy %q IsStubSection %v; want %q %q %q %v",
					KindOf(sec), StatusOf(sec), SupersededBy(sec), IsStubSection(sec), tt.kind, tt.status, tt.supersedBy, tt.stub)
			}
		})
	}
}

// TestStatusFromFrontMatter: a proposal's status is its front matter's,
// not a manifest's "status:" key in one of its code blocks.
func TestStatusFromFrontMatter(t *testing.T) {
	d := doc("docs/proposals/20220221-runtime-sdk.md", "Runtime SDK", "Details")
	d.text += "```yaml\nstatus:\n  handlers:\n  - name: x\n```\n"
	d.front = "title: Runtime SDK\nstatus: implementable\ncreation-date: 2022-02-21"
	if got, _ := adrStatus(d); got != "implementable" {
		t.Errorf("status %q, want implementable", got)
	}
}
