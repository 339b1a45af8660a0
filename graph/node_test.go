package graph

import "testing"

func TestNodeAttrAccessors(t *testing.T) {
	tests := []struct {
		name      string
		attrs     map[string]string
		generated bool
		imports   string
	}{
		{"none", nil, false, ""},
		{"generated", map[string]string{AttrGenerated: "true"}, true, ""},
		{"imports", map[string]string{AttrImports: "=fmt yaml=sigs.k8s.io/yaml"}, false, "=fmt yaml=sigs.k8s.io/yaml"},
		{"other keys only", map[string]string{"status": "accepted"}, false, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			n := &Node{ID: "a.go", Kind: KindFile}
			for k, v := range tt.attrs {
				n.SetAttr(k, v)
			}
			if n.Generated() != tt.generated || n.Imports() != tt.imports {
				t.Errorf("Generated() = %v, Imports() = %q; want %v, %q", n.Generated(), n.Imports(), tt.generated, tt.imports)
			}
		})
	}
}

// TestSplitSectionID: a section's ID gives back its path and line, and an
// ID SectionID would not write is refused, so that a lookup by path and
// line finds what a lookup by the whole ID would.
func TestSplitSectionID(t *testing.T) {
	tests := []struct {
		name string
		id   NodeID
		path string
		line int
		ok   bool
	}{
		{"a section", SectionID("docs/d.md", 21), "docs/d.md", 21, true},
		{"#L in its path", SectionID("docs/a#L3.md", 7), "docs/a#L3.md", 7, true},
		{"line 0", SectionID("README.md", 0), "README.md", 0, true},
		{"a symbol", "docs/d.md::T", "", 0, false},
		{"no line", "doc:docs/d.md", "", 0, false},
		{"a sign", "doc:docs/d.md#L+5", "", 0, false},
		{"a leading zero", "doc:docs/d.md#L05", "", 0, false},
		{"not a number", "doc:docs/d.md#Lx", "", 0, false},
		{"another prefix", "commit:abc#L1", "", 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path, line, ok := SplitSectionID(tt.id)
			if ok != tt.ok || (ok && (path != tt.path || line != tt.line)) {
				t.Errorf("SplitSectionID(%q) = %q, %d, %v; want %q, %d, %v", tt.id, path, line, ok, tt.path, tt.line, tt.ok)
			}
		})
	}
}
