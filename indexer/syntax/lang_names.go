package syntax

import (
	"path"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/gortex/gortex/graph"
)

// moduleRule says where the first part of a language's qualified names, the
// module of a file, comes from.
type moduleRule uint8

const (
	// modulePath: the file's path without its extension, "src/util/strings"
	// (JavaScript, TypeScript, Swift, Lua, Bash, HCL: the default); below a
	// source root, the path below it after the root's alias: "util/strings"
	// below a tsconfig baseUrl "src", "@app/cart" below the path alias
	// "@app/*" of "src/app/*".
	modulePath moduleRule = iota
	// moduleNone: no module; names are qualified by their containers only,
	// namespaces included (C, C++, Ruby, Elixir).
	moduleNone
	// moduleDeclared: the package or namespace the file declares (Java,
	// Kotlin, Scala, C# file-scoped namespaces, PHP, Protobuf); none when it
	// declares none.
	moduleDeclared
	// modulePython: the path's directories and file name joined by ".",
	// without ".py" and without a final "__init__": "shop.models".
	modulePython
	// moduleRust: "crate" and the module path of the file under its src/
	// directory: src/lib.rs and src/main.rs are the crate root, a/mod.rs is
	// module a. A file outside any src/ is qualified by its whole path.
	moduleRust
	// moduleOCaml: the file name without extension, capitalised: "Cart".
	moduleOCaml
	// moduleImport: the Go import path of the file's directory, from go.mod.
	moduleImport
)

// Naming is how a language writes qualified names: module, containers and
// name joined by sep; moduleSep after the module when it differs (PHP's
// namespace separator), methodSep before a method's name when it differs
// (Ruby's "#"). NamingOf gives a language's.
type Naming struct {
	module    moduleRule
	sep       string
	moduleSep string
	methodSep string
}

// SourceRoot is where the module paths of a file start, as the project's
// packaging says: Dir is the directory its modules are named from ("" for
// the repository root), Crate the name of the Rust crate whose directory
// Dir is ("" for none), Alias what imports write for Dir instead (a
// TypeScript path alias such as "@app"; "" for none).
type SourceRoot struct {
	Dir   string
	Crate string
	Alias string
}

// below returns p relative to the root's directory, and whether p is
// inside it.
func (r SourceRoot) below(p string) (string, bool) {
	if r.Dir == "" || r.Dir == "." {
		return p, true
	}
	rest, ok := strings.CutPrefix(p, r.Dir+"/")
	return rest, ok
}

// FileModule is the module part of the qualified names in the file at
// filePath; declared is its @package (ParsedFile.Package), importPath the
// Go import path of its directory, root its source root.
func (n Naming) FileModule(filePath, declared, importPath string, root SourceRoot) string {
	switch n.module {
	case moduleNone:
		return ""
	case moduleDeclared:
		return strings.TrimPrefix(declared, `\`)
	case modulePython:
		p, _ := root.below(filePath)
		p = strings.TrimSuffix(stripExt(p), "/__init__")
		if p == "__init__" {
			p = ""
		}
		return strings.ReplaceAll(p, "/", ".")
	case moduleRust:
		if rest, ok := root.below(filePath); ok && root.Crate != "" && strings.HasPrefix(rest, "src/") {
			return rustModule(root.Crate, rest)
		}
		return rustModule("crate", filePath)
	case moduleOCaml:
		stem := path.Base(stripExt(filePath))
		r, size := utf8.DecodeRuneInString(stem)
		return string(unicode.ToUpper(r)) + stem[size:]
	case moduleImport:
		return importPath
	}
	if rest, ok := root.below(filePath); ok && root.Dir != "" {
		return path.Join(root.Alias, stripExt(rest)) // as imported: below its baseUrl or path alias
	}
	return stripExt(filePath)
}

// stripExt drops a file path's extension, and the ".d" of a TypeScript
// declaration file.
func stripExt(p string) string {
	p = strings.TrimSuffix(p, path.Ext(p))
	return strings.TrimSuffix(p, ".d")
}

// rustModule is the module path of a Rust source file in the crate
// named crate: the crate, then the path below its src/ directory.
func rustModule(crate, filePath string) string {
	p := stripExt(filePath)
	if i := strings.LastIndex("/"+p, "/src/"); i >= 0 {
		p = p[i+len("src/"):]
	}
	parts := strings.Split(p, "/")
	switch last := parts[len(parts)-1]; {
	case last == "mod":
		parts = parts[:len(parts)-1]
	case len(parts) == 1 && (last == "lib" || last == "main"):
		parts = nil
	}
	return strings.Join(append([]string{crate}, parts...), "::")
}

// Qualified joins a file's module (FileModule), a symbol's containers and
// its name.
func (n Naming) Qualified(module string, s Symbol) string {
	var sb strings.Builder
	sb.WriteString(module)
	sep := n.sep
	if n.moduleSep != "" {
		sep = n.moduleSep
	}
	if containers := strings.Trim(s.Namespace+"."+s.Receiver, "."); containers != "" {
		for part := range strings.SplitSeq(containers, ".") {
			if sb.Len() > 0 {
				sb.WriteString(sep)
			}
			sb.WriteString(part)
			sep = n.sep
		}
		if s.Kind == graph.KindMethod && s.Receiver != "" && n.methodSep != "" {
			sep = n.methodSep
		}
	}
	if sb.Len() > 0 {
		sb.WriteString(sep)
	}
	sb.WriteString(s.Name)
	return sb.String()
}

// Package is the package of the non-Go files in dir: its qualified name and
// its name. A declared package names it (Java "com.shop", PHP "App\Models");
// a Python package is the dotted directory below its source root;
// otherwise it is the directory.
func (n Naming) Package(dir, declared string, root SourceRoot) (qualified, name string) {
	switch {
	case n.module == moduleDeclared && declared != "":
		declared = strings.TrimPrefix(declared, `\`)
		return declared, declared[strings.LastIndexAny(declared, `.\`)+1:]
	case n.module == modulePython && dir != ".":
		if rest, ok := root.below(dir); ok && rest != "" && dir != root.Dir {
			return strings.ReplaceAll(rest, "/", "."), path.Base(dir)
		}
		if dir == root.Dir {
			return path.Base(dir), path.Base(dir) // the layout folder itself ("src")
		}
		return strings.ReplaceAll(dir, "/", "."), path.Base(dir)
	}
	return dir, path.Base(dir)
}
