// Package lint holds the shop's custom source rules. They run in CI next
// to go vet and report findings as path:line: message.
package lint

import (
	"fmt"
	"sort"
)

// Finding is one problem reported by a Rule.
type Finding struct {
	Path    string
	Line    int
	Message string
}

// String formats the finding the way editors expect.
func (f Finding) String() string {
	return fmt.Sprintf("%s:%d: %s", f.Path, f.Line, f.Message)
}

// Rule inspects one source file.
type Rule interface {
	// Name is the identifier used to enable or silence the rule.
	Name() string
	// Inspect returns the findings for src, which was read from path.
	Inspect(path string, src []byte) []Finding
}

// Config selects which rules Run applies.
type Config struct {
	// Disabled lists rule names to skip.
	Disabled []string
}

// enabled reports whether the rule called name should run.
func (c Config) enabled(name string) bool {
	for _, d := range c.Disabled {
		if d == name {
			return false
		}
	}
	return true
}

// Run applies every enabled rule to src and returns the findings sorted
// by line.
func Run(cfg Config, rules []Rule, path string, src []byte) []Finding {
	var out []Finding
	for _, r := range rules {
		if cfg.enabled(r.Name()) {
			out = append(out, r.Inspect(path, src)...)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Line < out[j].Line })
	return out
}
