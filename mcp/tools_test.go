package mcp

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestToolListsMatchTheRegistry holds every list of the tools to what a
// Server registers: ToolNames, the table of doc.go (in the same order) and
// the tools table of docs/mcp.md (each tool named there).
func TestToolListsMatchTheRegistry(t *testing.T) {
	s, _ := newServer(t)
	var registered []string
	for name := range s.MCPServer().ListTools() {
		registered = append(registered, name)
	}
	slices.Sort(registered)
	names := ToolNames()
	if sorted := slices.Sorted(slices.Values(names)); !slices.Equal(sorted, registered) {
		t.Fatalf("ToolNames = %v, the server registers %v", sorted, registered)
	}
	tests := []struct {
		name, file string
		after      string         // the list follows this line
		line       *regexp.Regexp // a line of the list, its first group a tool's name
		ordered    bool
	}{
		{"doc.go", "doc.go", "", regexp.MustCompile("^//\t([a-z_]+) +[a-z_]+\\.go"), true},
		{"docs/mcp.md", "../docs/mcp.md", "## Tools\n", regexp.MustCompile("^\\| `([a-z_]+)`"), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data, err := os.ReadFile(tt.file)
			if err != nil {
				t.Fatal(err)
			}
			_, text, ok := strings.Cut(string(data), tt.after)
			if !ok {
				t.Fatalf("%s has no line %q", tt.file, tt.after)
			}
			var listed []string
			for line := range strings.Lines(text) {
				m := tt.line.FindStringSubmatch(line)
				if m == nil {
					if len(listed) > 0 {
						break // the list ended
					}
					continue
				}
				if tt.ordered {
					listed = append(listed, m[1])
					continue
				}
				// A README row may name several tools: `a` / `b` / `c`.
				for _, n := range regexp.MustCompile("`([a-z_]+)`").FindAllStringSubmatch(strings.SplitN(line, "|", 3)[1], -1) {
					listed = append(listed, n[1])
				}
			}
			if !tt.ordered {
				listed = slices.Sorted(slices.Values(slices.Compact(listed)))
				want := slices.Sorted(slices.Values(names))
				if !slices.Equal(listed, want) {
					t.Errorf("%s lists %v, want %v", tt.file, listed, want)
				}
				return
			}
			if !slices.Equal(listed, names) {
				t.Errorf("%s lists %v, want %v", tt.file, listed, names)
			}
		})
	}
}
