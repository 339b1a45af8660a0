// Package gomod reads the module paths of go.mod files and maps the
// directories of a repository to Go import paths through them.
package gomod

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"

	"golang.org/x/mod/modfile"

	"github.com/gortex/gortex/repofs"
)

// Modules maps repo-relative directories to Go import paths through the
// go.mod files that enclose them. It is not changed once built, so readers
// may share it.
type Modules struct {
	byDir map[string]string // go.mod directory ("." for the repo root) → module path
}

// Problem is a go.mod that could not be read or parsed, and why.
type Problem struct {
	Path   string // repo-relative, forward slashes
	Reason string // names the file
}

// New returns the Modules of known go.mod directories (repo-relative,
// "." for the root) and their module paths. It copies byDir.
func New(byDir map[string]string) *Modules {
	m := &Modules{byDir: make(map[string]string, len(byDir))}
	for dir, mod := range byDir {
		m.byDir[cleanRelDir(dir)] = mod
	}
	return m
}

// Find reads the module directive of each go.mod in gomodPaths
// (repo-relative, nested modules included) under root. A go.mod that cannot
// be read or parsed is left out and reported as a Problem naming it; the
// returned Modules is always usable.
func Find(root string, gomodPaths []string) (*Modules, []Problem) {
	m := &Modules{byDir: map[string]string{}}
	var bad []Problem
	fsys, err := os.OpenRoot(root)
	if err != nil {
		for _, p := range gomodPaths {
			bad = append(bad, Problem{Path: p, Reason: fmt.Sprintf("read %s: %v", p, err)})
		}
		return m, bad
	}
	defer fsys.Close()
	for _, p := range gomodPaths {
		mod, err := readModulePath(fsys, filepath.FromSlash(p))
		if err != nil {
			bad = append(bad, Problem{Path: p, Reason: fmt.Sprintf("read %s: %v", p, err)})
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

// maxGoModSize caps a go.mod read: the module directive is its first
// line, and the largest go.mod files (kubernetes) are some 20 KB.
const maxGoModSize = 1 << 20

// readModulePath reads the go.mod file, relative to fsys, through repofs.
func readModulePath(fsys *os.Root, file string) (string, error) {
	data, err := repofs.ReadFile(fsys, file, maxGoModSize)
	if err != nil {
		return "", err
	}
	return parseModulePath(data)
}

// parseModulePath returns the module path of a go.mod file. The file is
// read by golang.org/x/mod/modfile as the go command reads the go.mod of a
// dependency (ParseLax: directives it does not know are skipped), after
// dropping a leading byte order mark. The path must not be empty nor hold
// blanks, quotes or backslashes. An error names its line. Parentheses
// nested deeper than repofs.MaxNesting are refused before the parser.
func parseModulePath(data []byte) (string, error) {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	if err := repofs.CheckNesting(data, repofs.GoMod, repofs.MaxNesting); err != nil {
		return "", err
	}
	f, err := modfile.ParseLax("go.mod", data, nil)
	if err != nil {
		return "", lineError(err)
	}
	if f.Module == nil {
		return "", errors.New("no module directive")
	}
	if p := f.Module.Mod.Path; p == "" || strings.ContainsAny(p, " \t\"'`\\") {
		return "", fmt.Errorf("line %d: invalid module path %q", f.Module.Syntax.Start.Line, p)
	}
	return f.Module.Mod.Path, nil
}

// lineError turns the first of modfile's errors into "line N: message",
// without the file name modfile was given.
func lineError(err error) error {
	var list modfile.ErrorList
	if !errors.As(err, &list) || len(list) == 0 {
		return err
	}
	e := list[0]
	line := e.Pos.Line
	e.Filename, e.Pos = "", modfile.Position{}
	if line == 0 {
		return &e
	}
	return fmt.Errorf("line %d: %w", line, &e)
}
