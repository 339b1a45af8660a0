package indexer

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
)

// Modules maps repo-relative directories to Go import paths through the
// go.mod files that enclose them. It is not changed once built, so readers
// may share it.
type Modules struct {
	byDir map[string]string // go.mod directory ("." for the repo root) → module path
}

// NewModules returns the Modules of known go.mod directories (repo-relative,
// "." for the root) and their module paths. It copies byDir.
func NewModules(byDir map[string]string) *Modules {
	m := &Modules{byDir: make(map[string]string, len(byDir))}
	for dir, mod := range byDir {
		m.byDir[cleanRelDir(dir)] = mod
	}
	return m
}

// FindModules reads the module directive of each go.mod in gomodPaths
// (repo-relative, nested modules included) under root. A go.mod that cannot
// be read or parsed is left out and reported as a Skip naming it; the
// returned Modules is always usable.
func FindModules(root string, gomodPaths []string) (*Modules, []Skip) {
	m := &Modules{byDir: map[string]string{}}
	var bad []Skip
	for _, p := range gomodPaths {
		mod, err := readModulePath(filepath.Join(root, filepath.FromSlash(p)))
		if err != nil {
			bad = append(bad, Skip{Path: p, Reason: fmt.Sprintf("read %s: %v", p, err)})
			continue
		}
		m.byDir[cleanRelDir(path.Dir(filepath.ToSlash(p)))] = mod
	}
	return m, bad
}

// Paths returns a copy of the go.mod directories and their module paths.
func (m *Modules) Paths() map[string]string {
	out := make(map[string]string, len(m.byDir))
	for dir, mod := range m.byDir {
		out[dir] = mod
	}
	return out
}

// ImportPath returns the import path of the repo-relative directory relDir:
// the module path of the nearest enclosing go.mod joined with relDir's path
// below it. It reports false for a directory outside every module. In the
// standard library's module "std" the import path is the path below it.
func (m *Modules) ImportPath(relDir string) (string, bool) {
	if m == nil {
		return "", false
	}
	d := cleanRelDir(relDir)
	if d == ".." || strings.HasPrefix(d, "../") || path.IsAbs(d) {
		return "", false
	}
	for dir := d; ; dir = path.Dir(dir) {
		if mod, ok := m.byDir[dir]; ok {
			return joinImportPath(mod, dir, d), true
		}
		if dir == "." {
			return "", false
		}
	}
}

func joinImportPath(mod, modDir, dir string) string {
	if dir == modDir {
		return mod
	}
	rel := dir
	if modDir != "." {
		rel = dir[len(modDir)+1:]
	}
	if mod == "std" {
		return rel
	}
	return mod + "/" + rel
}

// cleanRelDir puts a repo-relative directory in the form used as a key:
// forward slashes, cleaned, "." for the root.
func cleanRelDir(dir string) string {
	return path.Clean(filepath.ToSlash(dir))
}

func readModulePath(file string) (string, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return "", err
	}
	return parseModulePath(data)
}

// parseModulePath returns the path of the single module directive of a
// go.mod file, in any of the forms the go command accepts:
//
//	module example.com/m // comment
//	module "example.com/m"
//	module (
//		example.com/m
//	)
//
// Other directives are skipped, their blocks included.
func parseModulePath(data []byte) (string, error) {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	var mod, block string // block: the verb of the open "verb (" block
	for i, line := range strings.Split(string(data), "\n") {
		toks, err := goModTokens(line)
		if err == nil {
			block, err = goModLine(toks, block, &mod)
		}
		if err != nil {
			return "", fmt.Errorf("line %d: %w", i+1, err)
		}
	}
	switch {
	case block != "":
		return "", fmt.Errorf("unterminated %s block", block)
	case mod == "":
		return "", errors.New("no module directive")
	}
	return mod, nil
}

// goModLine applies one line's tokens and returns the verb of the block open
// after it.
func goModLine(toks []string, block string, mod *string) (string, error) {
	n := len(toks)
	switch {
	case n == 0:
		return block, nil
	case block != "" && toks[0] == ")":
		if n != 1 {
			return "", errors.New("unexpected text after )")
		}
		return "", nil
	case block == "module":
		return block, setModulePath(mod, toks)
	case block != "":
		return block, nil
	case n >= 3 && toks[1] == "(" && toks[n-1] == ")": // verb ( ... ) on one line
		if toks[0] == "module" {
			return "", setModulePath(mod, toks[2:n-1])
		}
		return "", nil
	case n == 2 && toks[1] == "(":
		return toks[0], nil
	case toks[0] == "module":
		return "", setModulePath(mod, toks[1:])
	}
	return "", nil
}

// setModulePath sets *mod from the tokens of one module path.
func setModulePath(mod *string, toks []string) error {
	if len(toks) != 1 {
		return errors.New("module directive needs exactly one path")
	}
	p := toks[0]
	if p[0] == '"' || p[0] == '`' {
		var err error
		if p, err = strconv.Unquote(p); err != nil {
			return fmt.Errorf("module path %s: %w", toks[0], err)
		}
	}
	switch {
	case *mod != "":
		return errors.New("repeated module directive")
	case p == "" || strings.ContainsAny(p, " \t\"'`\\"):
		return fmt.Errorf("invalid module path %q", p)
	}
	*mod = p
	return nil
}

// goModTokens splits one go.mod line into words, parentheses and quoted
// strings (kept with their quotes), dropping a // comment.
func goModTokens(line string) ([]string, error) {
	var toks []string
	for i := 0; i < len(line); {
		switch c := line[i]; {
		case c == ' ' || c == '\t' || c == '\r':
			i++
		case strings.HasPrefix(line[i:], "//"):
			return toks, nil
		case c == '(' || c == ')':
			toks = append(toks, line[i:i+1])
			i++
		case c == '"' || c == '`':
			end := quoteEnd(line, i)
			if end < 0 {
				return nil, errors.New("unterminated string")
			}
			toks = append(toks, line[i:end])
			i = end
		default:
			j := i
			for j < len(line) && !strings.ContainsRune(" \t\r()\"`", rune(line[j])) && !strings.HasPrefix(line[j:], "//") {
				j++
			}
			toks = append(toks, line[i:j])
			i = j
		}
	}
	return toks, nil
}

// quoteEnd returns the offset just past the string starting at line[i], or
// -1 when it is not closed on this line.
func quoteEnd(line string, i int) int {
	q := line[i]
	for j := i + 1; j < len(line); j++ {
		switch {
		case line[j] == q:
			return j + 1
		case q == '"' && line[j] == '\\':
			j++
		}
	}
	return -1
}
