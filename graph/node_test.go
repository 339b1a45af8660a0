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
