package workspace

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/gortex/gortex/indexer"
)

// ErrNoProject is returned by FindRoot for a directory inside no project.
var ErrNoProject = errors.New("not inside a project")

// vcsDirs make the directory holding them a project root: a git work tree
// (a .git directory, or the .git file of a worktree or submodule), and the
// other version control systems' roots.
var vcsDirs = []string{".git", ".hg", ".svn", ".jj"}

// projectMarkers make the nearest directory holding one a project root
// when there is no version control: the build or package file of each
// ecosystem gortex parses.
var projectMarkers = []string{
	"go.mod", "go.work", "package.json", "deno.json", "Cargo.toml", "pyproject.toml", "setup.py", "setup.cfg",
	"pom.xml", "build.gradle", "build.gradle.kts", "settings.gradle", "settings.gradle.kts", "build.sbt",
	"Gemfile", "composer.json", "mix.exs", "Package.swift", "CMakeLists.txt", "meson.build", "dune-project",
}

// FindRoot returns the root of the project around dir, looking at dir and
// then each parent: the nearest directory already indexed (it has
// .gortex/index), else the version control root, else the nearest
// directory with a project marker (go.mod, package.json, Cargo.toml, …).
// The home directory and the file system root are never a project this
// way, however they look (a dotfiles repository, a stray package.json):
// the walk stops below them. With no project it returns an error wrapping
// ErrNoProject, and the caller must be pointed at a directory explicitly.
func FindRoot(dir string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	home, _ := os.UserHomeDir()
	var marked string
	for d := abs; !unindexable(d, home); d = filepath.Dir(d) {
		switch {
		case isDir(indexer.IndexDir(d)):
			return d, nil
		case holdsAny(d, vcsDirs):
			return d, nil
		case marked == "" && holdsAny(d, projectMarkers):
			marked = d
		}
	}
	if marked != "" {
		return marked, nil
	}
	return "", fmt.Errorf("%s is %w: no git repository, go.mod or other project marker here or above (the home directory and / count only when named)", abs, ErrNoProject)
}

// unindexable reports whether d is the file system root or home, where
// the walk up stops.
func unindexable(d, home string) bool {
	return filepath.Dir(d) == d || (home != "" && d == filepath.Clean(home))
}

func holdsAny(dir string, names []string) bool {
	for _, n := range names {
		if _, err := os.Lstat(filepath.Join(dir, n)); err == nil {
			return true
		}
	}
	return false
}

func isDir(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.IsDir()
}

// IndexOnDisk describes root's index without opening it: its directory and
// when it was last written (its manifest's time); ok is false when root has
// none, or its manifest is no regular file.
func IndexOnDisk(root string) (dir string, built time.Time, ok bool) {
	dir = indexer.IndexDir(root)
	fi, err := os.Lstat(filepath.Join(dir, indexer.ManifestFile))
	if err != nil || !fi.Mode().IsRegular() {
		return dir, time.Time{}, false
	}
	return dir, fi.ModTime(), true
}
