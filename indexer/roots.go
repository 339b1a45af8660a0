package indexer

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/BurntSushi/toml"

	"github.com/gortex/gortex/indexer/syntax"
)

// Roots are the source roots of the languages whose module paths start
// where the project's packaging says, not at the repository root: a Rust
// crate is named by its Cargo.toml, and a Python project's modules are
// imported from below its layout folder (src/, lib/, python/) or from the
// folder of its packaging file. It is not changed once built, so readers
// may share it.
type Roots struct {
	crates map[string]string // crate directory → crate name, as Rust code writes it
	python map[string]bool   // directories Python module paths start below
}

// Packaging files that show where a Python project's modules start.
var pythonPackaging = map[string]bool{"pyproject.toml": true, "setup.cfg": true, "setup.py": true}

// pythonLayouts are the folders a Python project keeps its packages in
// (the "src layout" and its variants), next to its packaging file.
var pythonLayouts = []string{"src", "lib", "python"}

// isRootFile reports whether the file at rel decides a source root: a
// change to it renames the modules below it.
func isRootFile(rel string) bool {
	base := path.Base(rel)
	return base == "Cargo.toml" || pythonPackaging[base]
}

// FindRoots reads the Cargo.toml files among files (for their crate names)
// and finds the Python packaging files and layout folders. A Cargo.toml
// that cannot be read is reported as a Skip; the returned Roots is always
// usable.
func FindRoots(root string, files []WalkedFile) (*Roots, []Skip) {
	r := &Roots{crates: map[string]string{}, python: map[string]bool{}}
	var bad []Skip
	pyDirs := map[string]bool{} // directories holding Python files
	var packaging []string
	for _, f := range files {
		dir := path.Dir(f.Path)
		switch base := path.Base(f.Path); {
		case base == "Cargo.toml":
			name, err := readCrateName(filepath.Join(root, filepath.FromSlash(f.Path)))
			switch {
			case err != nil:
				bad = append(bad, Skip{Path: f.Path, Reason: fmt.Sprintf("read %s: %v", f.Path, err)})
			case name != "":
				r.crates[dir] = name
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

// NewRoots returns the Roots recorded in a manifest. It copies its input.
func NewRoots(crates map[string]string, python []string) *Roots {
	r := &Roots{crates: make(map[string]string, len(crates)), python: make(map[string]bool, len(python))}
	for d, n := range crates {
		r.crates[d] = n
	}
	for _, d := range python {
		r.python[d] = true
	}
	return r
}

// record returns the roots as the manifest keeps them.
func (r *Roots) record() (crates map[string]string, python []string) {
	crates = make(map[string]string, len(r.crates))
	for d, n := range r.crates {
		crates[d] = n
	}
	for d := range r.python {
		python = append(python, d)
	}
	return crates, python
}

// For returns the source root of the file at rel in language lang: the
// nearest enclosing crate for Rust, the nearest enclosing Python source
// root for Python, none for other languages or outside every root.
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
// Cargo.toml at file: its [lib] name, else its [package] name with '-'
// written '_'; "" for a workspace manifest without a package.
func readCrateName(file string) (string, error) {
	data, err := os.ReadFile(file)
	if err != nil {
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
