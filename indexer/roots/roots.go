// Package roots finds where the module paths of a repository's files
// start, as its packaging says: Rust crates named by their Cargo.toml,
// Python projects by their packaging file and layout folder, TypeScript and
// JavaScript projects by the baseUrl and path aliases of their
// tsconfig.json.
package roots

import (
	"encoding/json"
	"fmt"
	"maps"
	"path"
	"slices"
	"strings"

	"github.com/BurntSushi/toml"
	"github.com/tailscale/hujson"

	"github.com/gortex/gortex/indexer/syntax"
	"github.com/gortex/gortex/repofs"
)

// Roots are the source roots of the languages whose module paths start
// where the project's packaging says, not at the repository root: a Rust
// crate is named by its Cargo.toml, a Python project's modules are
// imported from below its layout folder (src/, lib/, python/) or from the
// folder of its packaging file, and a TypeScript or JavaScript project's
// from below the baseUrl of its tsconfig.json (jsconfig.json), or under
// the alias its paths give a folder ("@app/*" for "src/app/*"). It is not
// changed once built, so readers may share it.
type Roots struct {
	crates map[string]string // crate directory → crate name, as Rust code writes it
	python map[string]bool   // directories Python module paths start below
	script map[string]string // directories TypeScript and JavaScript module paths start below → their alias ("" for a baseUrl)
}

// Packaging files that show where a Python project's modules start.
var pythonPackaging = map[string]bool{"pyproject.toml": true, "setup.cfg": true, "setup.py": true}

// pythonLayouts are the folders a Python project keeps its packages in
// (the "src layout" and its variants), next to its packaging file.
var pythonLayouts = []string{"src", "lib", "python"}

// scriptConfigs are the files whose compilerOptions say where TypeScript
// (and JavaScript) imports start.
var scriptConfigs = map[string]bool{"tsconfig.json": true, "jsconfig.json": true}

// maxConfig bounds the packaging files read for source roots.
const maxConfig = 1 << 20

// IsRootFile reports whether the file at rel decides a source root: a
// change to it renames the modules below it.
func IsRootFile(rel string) bool {
	base := path.Base(rel)
	return base == "Cargo.toml" || pythonPackaging[base] || scriptConfigs[base]
}

// File is a file of the repository as Find needs it: its repo-relative
// path, with forward slashes, and its language ("" for none).
type File struct {
	Path, Lang string
}

// Problem is a packaging file that could not be read, and why.
type Problem struct {
	Path, Reason string
}

// Find reads the Cargo.toml files among files (for their crate
// names) and the tsconfig.json and jsconfig.json files (for their baseUrl
// and path aliases), and finds the Python packaging files and layout
// folders. A file that cannot be read is reported as a Problem; the returned
// Roots is always usable.
func Find(root string, files []File) (*Roots, []Problem) {
	r := &Roots{crates: map[string]string{}, python: map[string]bool{}, script: map[string]string{}}
	var bad []Problem
	pyDirs := map[string]bool{} // directories holding Python files
	var packaging []string
	for _, f := range files {
		dir := path.Dir(f.Path)
		switch base := path.Base(f.Path); {
		case base == "Cargo.toml":
			name, err := readCrateName(root, f.Path)
			switch {
			case err != nil:
				bad = append(bad, Problem{Path: f.Path, Reason: fmt.Sprintf("read %s: %v", f.Path, err)})
			case name != "":
				r.crates[dir] = name
			}
		case scriptConfigs[base]:
			aliases, err := readScriptRoots(root, f.Path)
			if err != nil {
				bad = append(bad, Problem{Path: f.Path, Reason: fmt.Sprintf("read %s: %v", f.Path, err)})
			}
			for _, d := range slices.Sorted(maps.Keys(aliases)) {
				if _, taken := r.script[d]; !taken { // files come sorted: the first config to name a folder wins
					r.script[d] = aliases[d]
				}
			}
		case pythonPackaging[base]:
			packaging = append(packaging, dir)
		}
		if f.Lang == "python" {
			for d := dir; d != "." && !pyDirs[d]; d = path.Dir(d) {
				pyDirs[d] = true
			}
		}
	}
	for _, dir := range packaging {
		r.python[dir] = true
		for _, l := range pythonLayouts {
			if sub := path.Join(dir, l); pyDirs[sub] {
				r.python[sub] = true
				delete(r.python, dir) // the project's modules live in the layout folder
			}
		}
	}
	return r, bad
}

// New returns the Roots recorded in a manifest. It copies its input.
func New(crates map[string]string, python []string, script map[string]string) *Roots {
	r := &Roots{crates: maps.Clone(crates), python: make(map[string]bool, len(python)), script: maps.Clone(script)}
	for _, d := range python {
		r.python[d] = true
	}
	return r
}

// Record returns the roots as a manifest keeps them, the Python roots in
// order so that one tree gives one manifest.
func (r *Roots) Record() (crates map[string]string, python []string, script map[string]string) {
	return maps.Clone(r.crates), slices.Sorted(maps.Keys(r.python)), maps.Clone(r.script)
}

// For returns the source root of the file at rel in language lang: the
// nearest enclosing crate for Rust, the nearest enclosing Python source
// root for Python, the nearest baseUrl or aliased folder for TypeScript and
// JavaScript, none for other languages or outside every root.
func (r *Roots) For(rel, lang string) syntax.SourceRoot {
	if r == nil {
		return syntax.SourceRoot{}
	}
	for d := path.Dir(rel); ; d = path.Dir(d) {
		switch {
		case lang == "rust" && r.crates[d] != "":
			return syntax.SourceRoot{Dir: d, Crate: r.crates[d]}
		case lang == "python" && r.python[d]:
			return syntax.SourceRoot{Dir: d}
		case scriptLangs[lang]:
			if alias, ok := r.script[d]; ok {
				return syntax.SourceRoot{Dir: d, Alias: alias}
			}
		}
		if d == "." || d == "/" {
			return syntax.SourceRoot{}
		}
	}
}

// cargoManifest is the part of a Cargo.toml that names a crate.
type cargoManifest struct {
	Package struct{ Name string }
	Lib     struct{ Name string }
}

// readCrateName returns the name Rust code uses for the crate of the
// Cargo.toml at rel: its [lib] name, else its [package] name with '-'
// written '_'; "" for a workspace manifest without a package.
func readCrateName(root, rel string) (string, error) {
	data, err := repofs.ReadIn(root, rel, maxConfig)
	if err != nil {
		return "", err
	}
	return parseCrateName(data)
}

// parseCrateName is readCrateName for the bytes of a Cargo.toml. A
// manifest nested deeper than repofs.MaxNesting is refused before the
// TOML parser, which recurses once a level.
func parseCrateName(data []byte) (string, error) {
	if err := repofs.CheckNesting(data, repofs.TOML, repofs.MaxNesting); err != nil {
		return "", err
	}
	var m cargoManifest
	if _, err := toml.Decode(string(data), &m); err != nil {
		return "", err
	}
	name := m.Lib.Name
	if name == "" {
		name = m.Package.Name
	}
	return strings.ReplaceAll(name, "-", "_"), nil
}

// scriptLangs are the languages a tsconfig.json or jsconfig.json names.
var scriptLangs = map[string]bool{"typescript": true, "tsx": true, "javascript": true}

// scriptConfig is the part of a tsconfig.json that says where imports
// start. "extends" is not followed: a project that inherits its baseUrl
// keeps its modules named by their paths.
type scriptConfig struct {
	CompilerOptions struct {
		BaseURL string              `json:"baseUrl"`
		Paths   map[string][]string `json:"paths"`
	} `json:"compilerOptions"`
}

// readScriptRoots reads the tsconfig.json (or jsconfig.json) at rel, JSON
// with comments and trailing commas as TypeScript reads it, and returns
// the folders its imports start below, each with its alias: the baseUrl
// with none, and the folder of each path alias of the form "@app/*" →
// ["src/app/*"] with "@app" (only the first target; others are
// fallbacks). A folder outside the repository is left out.
func readScriptRoots(root, rel string) (map[string]string, error) {
	data, err := repofs.ReadIn(root, rel, maxConfig)
	if err != nil {
		return nil, err
	}
	return parseScriptRoots(rel, data)
}

// parseScriptRoots is readScriptRoots for the bytes data of the config at
// rel. A config nested deeper than repofs.MaxNesting is refused before
// hujson, which recurses once a level.
func parseScriptRoots(rel string, data []byte) (map[string]string, error) {
	if err := repofs.CheckNesting(data, repofs.JSONC, repofs.MaxNesting); err != nil {
		return nil, err
	}
	data, err := hujson.Standardize(data)
	if err != nil {
		return nil, err
	}
	var c scriptConfig
	if err := json.Unmarshal(data, &c); err != nil {
		return nil, err
	}
	out := map[string]string{}
	dir := path.Dir(rel)
	base := dir
	if u := c.CompilerOptions.BaseURL; u != "" {
		base = path.Join(dir, u)
		if inside(base) {
			out[base] = ""
		}
	}
	for alias, targets := range c.CompilerOptions.Paths {
		prefix, ok := strings.CutSuffix(alias, "/*")
		if !ok || len(targets) == 0 || strings.Contains(prefix, "*") {
			continue
		}
		target, ok := strings.CutSuffix(targets[0], "/*")
		if !ok || strings.Contains(target, "*") {
			continue
		}
		if d := path.Join(base, target); inside(d) {
			out[d] = prefix
		}
	}
	return out, nil
}

// inside reports whether the repo-relative path p stays in the repository.
func inside(p string) bool {
	return p != ".." && !strings.HasPrefix(p, "../") && !path.IsAbs(p)
}
