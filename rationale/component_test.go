package rationale

import (
	"context"
	"path"
	"reflect"
	"sort"
	"testing"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/graph/graphtest"
)

// linkComponentText builds a store of packages in folders, one section
// with text, links it, and returns the packages the section reaches with
// their scores.
func linkComponentText(t *testing.T, text string) map[string]float64 {
	t.Helper()
	s := graphtest.Checked(t, graph.New())
	pkg := packageAdder(t, s)
	pkg("example.com/shop/internal/storage", "storage", "shop/internal/storage")
	pkg("example.com/shop/internal/storage/disk", "disk", "shop/internal/storage/disk")
	pkg("example.com/shop/app/logic", "logic", "shop/app/logic")
	pkg("example.com/shop/app/users", "users", "shop/app/users")
	pkg("org.example.webui.servlet", "servlet", "services/org.example.webui/src/org/example/webui/servlet")
	pkg("org.example.webui.cart", "cart", "services/org.example.webui/src/org/example/webui/cart")
	pkg("example.com/shop/internal/mediamanagement", "mediamanagement", "shop/internal/mediamanagement")
	pkg("example.com/shop/app/model", "model", "shop/app/model")
	pkg("example.com/shop/test/app/model", "model", "shop/test/app/model")
	return linkSection(t, s, graph.Node{ID: graph.SectionID("d.md", 1), Kind: graph.KindDoc, Name: "Overview", Path: "d.md", Text: text})
}

// packageAdder returns a function that adds a package node to s.
func packageAdder(t *testing.T, s *graph.Store) func(qualified, name, dir string) {
	return func(qualified, name, dir string) {
		t.Helper()
		if err := s.AddNode(graph.Node{ID: graph.PackageID(qualified), Kind: graph.KindPackage, Name: name,
			Qualified: qualified, Path: dir}); err != nil {
			t.Fatal(err)
		}
	}
}

// TestSourceSetBesideTests: a folder whose packages a test folder beside
// it mirrors is where the code starts, no component of it. The tests
// share their packages' names, as Java's do: only their files are beside.
func TestSourceSetBesideTests(t *testing.T) {
	for _, tests := range []bool{false, true} {
		s := graphtest.Checked(t, graph.New())
		pkg := packageAdder(t, s)
		for _, part := range []string{"logic", "model"} {
			pkg("x."+part, part, "src/main/java/x/"+part)
			if tests {
				p := "src/test/java/x/" + part + "/" + part + "Test.java"
				if err := s.AddNode(graph.Node{ID: graph.FileID(p), Kind: graph.KindFile, Name: path.Base(p), Path: p}); err != nil {
					t.Fatal(err)
				}
			}
		}
		for _, part := range []string{"web/app", "web/services", "web/types"} {
			pkg("web."+part, path.Base(part), "src/"+part)
		}
		got := linkSection(t, s, graph.Node{ID: graph.SectionID("d.md", 1), Kind: graph.KindDoc, Name: "Overview", Path: "d.md",
			Text: "An overview of the main components."})
		if linked := len(got) > 0; linked == tests {
			t.Errorf("with tests beside it %v, the main source set linked %v: %v", tests, linked, got)
		}
	}
}

func TestLinkComponents(t *testing.T) {
	const (
		storage = "pkg:example.com/shop/internal/storage"
		disk    = "pkg:example.com/shop/internal/storage/disk"
		logic   = "pkg:example.com/shop/app/logic"
		users   = "pkg:example.com/shop/app/users"
		servlet = "pkg:org.example.webui.servlet"
		cart    = "pkg:org.example.webui.cart"
		media   = "pkg:example.com/shop/internal/mediamanagement"
		model   = "pkg:example.com/shop/app/model"
		tmodel  = "pkg:example.com/shop/test/app/model"
	)
	tests := []struct {
		name string
		text string
		want []string
	}{
		{"component noun after a capitalised name", "Files go to the Storage component.", []string{storage, disk}},
		{"lower-case layer", "Rules live in the logic layer.", []string{logic}},
		{"plural both ways", "The Users module checks passwords.", []string{users}},
		{"camel case name of a folder holding packages", "The WebUI service renders pages.", []string{servlet, cart}},
		{"camel case in prose meets a lower-case folder", "Requests reach the MediaManagement component.", []string{media}},
		{"name written as a name without a noun", "Pages come from the WebUI.", []string{servlet, cart}},
		{"sentence-initial capital is no name", "Storage is cheap.", nil},
		{"plain lower-case word without a noun", "We keep the logic simple.", nil},
		{"the project's own folder is no component", "The Shop service sells tea.", nil},
		{"a CamelCase word names a folder whole", "Blobs sit in the DataStorage.", nil},
		{"no such folder", "The Billing component sends invoices.", nil},
		{"plain words naming sibling folders", "Rules sit in the logic and the model.", []string{logic, model}},
		{"a list of sibling folders", "The code has three parts: logic, model and users.", []string{logic, model, users}},
		{"sibling words in two sentences", "We keep the logic simple. The model is small.", nil},
		{"plain words naming folders of different parents", "The storage holds the logic.", nil},
		{"a word before a noun is the noun's", "The logic layer reads the model.", []string{logic}},
		{"a dotted name names the folders its parts end", "app.model holds the entities.", []string{model, tmodel}},
		{"a dotted name, plural aside", "Entities live in app.models.", []string{model, tmodel}},
		{"a dotted name inside a folder", "internal.storage keeps files.", []string{storage, disk}},
		{"a dotted name no folder ends with names none", "shop.billing sends invoices and app.storage keeps them.", nil},
		{"the parts of a dotted name are no words of prose", "See app.logic, app.model and users.", []string{logic, model, tmodel}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := linkComponentText(t, tt.text)
			var ids []string
			for id := range got {
				ids = append(ids, id)
			}
			sort.Strings(ids)
			want := append([]string(nil), tt.want...)
			sort.Strings(want)
			if !reflect.DeepEqual(ids, want) && !(len(ids) == 0 && len(want) == 0) {
				t.Errorf("linked %v, want %v", got, want)
			}
		})
	}
}

func TestLinkComponentsScores(t *testing.T) {
	got := linkComponentText(t, "Files go to the Storage component.")
	own, sub := got["pkg:example.com/shop/internal/storage"], got["pkg:example.com/shop/internal/storage/disk"]
	if own != scoreComponent || sub != scoreSubComponent {
		t.Errorf("storage %.2f, below it %.2f; want %.2f and %.2f", own, sub, scoreComponent, scoreSubComponent)
	}
	if lower := linkComponentText(t, "Rules live in the logic layer.")["pkg:example.com/shop/app/logic"]; lower != scoreProseName {
		t.Errorf("a lower-case name before the noun scores %.2f, want %.2f", lower, scoreProseName)
	}
	if prose := linkComponentText(t, "Pages come from the Users.")["pkg:example.com/shop/app/users"]; prose != scoreProseName {
		t.Errorf("a name in prose scores %.2f, want %.2f", prose, scoreProseName)
	}
	if below := linkComponentText(t, "The WebUI service renders pages.")["pkg:org.example.webui.cart"]; below != scoreSubComponent {
		t.Errorf("a package below a folder without its own scores %.2f, want %.2f", below, scoreSubComponent)
	}
}

func TestLinkStems(t *testing.T) {
	tests := []struct {
		name string
		text string
		want []string
	}{
		{"camel case stem in prose names the class", "Requests reach the MediaManagement component.", []string{"mm/MediaManagementImpl.java::MediaManagementImpl"}},
		{"a stem that is a symbol itself is its own name", "The UserStore keeps users.", nil},
		{"one capitalised word is no stem", "The Media is stored.", nil},
		{"a stem many types extend names none", "The NodeCache holds nodes.", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := graphtest.Checked(t, graph.New())
			for _, c := range []string{"MediaManagementImpl", "UserStore", "UserStoreImpl", "MediaImpl",
				"NodeCacheA", "NodeCacheB", "NodeCacheC", "NodeCacheD"} {
				p := "mm/" + c + ".java"
				if err := s.AddNode(graph.Node{ID: graph.SymbolID(p, c), Kind: graph.KindClass, Name: c, Path: p}); err != nil {
					t.Fatal(err)
				}
			}
			sec := graph.Node{ID: graph.SectionID("d.md", 1), Kind: graph.KindDoc, Name: "Overview", Path: "d.md", Text: tt.text}
			if err := s.AddNode(sec); err != nil {
				t.Fatal(err)
			}
			n, _ := s.Node(sec.ID)
			linkStems(s, newStemIndex(s), n, proseOf(n, nil).words)
			var got []string
			for _, e := range s.Out(sec.ID, graph.EdgeMotivates) {
				got = append(got, string(e.To))
			}
			if !reflect.DeepEqual(got, tt.want) && !(len(got) == 0 && len(tt.want) == 0) {
				t.Errorf("linked %v, want %v", got, tt.want)
			}
		})
	}
}

func TestClassWords(t *testing.T) {
	tests := []struct {
		name, text string
		want       []string
	}{
		{"a list after the noun", "It holds the classes Logic, GateKeeper and Storage, which talk.", []string{"Logic", "GateKeeper", "Storage"}},
		{"the word before the noun", "The Logic class checks input.", []string{"Logic"}},
		{"the list ends at a lower-case word", "See the classes Cart and Order here and Later.", []string{"Cart", "Order"}},
		{"a type of thing is no class", "Supported Job types are gated.", nil},
		{"a sentence start is no name", "Classes. Logic is hard.", nil},
		{"no class noun", "Logic and Storage are words.", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := classWords(proseWords(tt.text, -1, nil)); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("classWords = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestLinkClassWords(t *testing.T) {
	s := graphtest.Checked(t, graph.New())
	for _, c := range []struct {
		name string
		kind graph.NodeKind
	}{{"Logic", graph.KindClass}, {"GateKeeper", graph.KindClass}, {"Storage", graph.KindFunction}} {
		p := "app/" + c.name + ".java"
		if err := s.AddNode(graph.Node{ID: graph.SymbolID(p, c.name), Kind: c.kind, Name: c.name, Path: p}); err != nil {
			t.Fatal(err)
		}
	}
	sec := graph.Node{ID: graph.SectionID("d.md", 1), Kind: graph.KindDoc, Name: "Overview", Path: "d.md",
		Text: "The back end is made of the classes Logic, GateKeeper and Storage."}
	if err := s.AddNode(sec); err != nil {
		t.Fatal(err)
	}
	n, _ := s.Node(sec.ID)
	linkClassWords(s, n, proseOf(n, nil).words)
	var got []string
	for _, e := range s.Out(sec.ID, graph.EdgeMotivates) {
		got = append(got, string(e.To))
	}
	sort.Strings(got)
	// Storage is a function here, no class: the word stays a word.
	if want := []string{"app/GateKeeper.java::GateKeeper", "app/Logic.java::Logic"}; !reflect.DeepEqual(got, want) {
		t.Errorf("linked %v, want %v", got, want)
	}
}

func TestLinkComponentsAcrossSections(t *testing.T) {
	s := graphtest.Checked(t, graph.New())
	for _, p := range []struct{ q, name, dir string }{
		{"example.com/shop/registry", "registry", "shop/registry"},
		{"example.com/shop/image", "image", "shop/image"},
		{"example.com/shop/web", "web", "shop/web"},
	} {
		if err := s.AddNode(graph.Node{ID: graph.PackageID(p.q), Kind: graph.KindPackage, Name: p.name, Qualified: p.q, Path: p.dir}); err != nil {
			t.Fatal(err)
		}
	}
	texts := []string{
		"The Registry service knows every instance.",     // 1: a component phrase
		"Instances register at the registry on startup.", // 2: the document's name again, lower case
		"It answers within a second.",                    // 3: a pronoun takes section 2's
		"The Image Provider service scales pictures.",    // 4: "Image" is a part of a longer name
		"The scaled image is kept.",                      // 5: so "image" is only a word
		"The Web layer serves pages.",                    // 6: a component phrase
		"These are cached for a minute.",                 // 7: a demonstrative points elsewhere
		"The Web layer serves pages.",                    // 8
		"Its pages hold little code.",                    // 9: a singular pronoun carries
		"Pages hold minimal web code.",                   // 10: "web" is only a word
		"Every page uses one single web server.",         // 11: a determiner makes it a thing
	}
	for i, tx := range texts {
		if err := s.AddNode(graph.Node{ID: graph.SectionID("d.md", 10*i+1), Kind: graph.KindDoc, Name: "S", Path: "d.md", Line: 10*i + 1, Text: tx}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := (&Linker{}).Link(context.Background(), s); err != nil {
		t.Fatal(err)
	}
	want := [][]string{{"pkg:example.com/shop/registry"}, {"pkg:example.com/shop/registry"}, {"pkg:example.com/shop/registry"},
		{"pkg:example.com/shop/image"}, nil, {"pkg:example.com/shop/web"}, nil, {"pkg:example.com/shop/web"}, {"pkg:example.com/shop/web"}, nil, {"pkg:example.com/shop/web"}}
	for i := range texts {
		var got []string
		for _, e := range s.Out(graph.SectionID("d.md", 10*i+1), graph.EdgeMotivates) {
			got = append(got, string(e.To))
		}
		if !reflect.DeepEqual(got, want[i]) && !(len(got) == 0 && len(want[i]) == 0) {
			t.Errorf("section %d %q links %v, want %v", i+1, texts[i], got, want[i])
		}
	}
}
