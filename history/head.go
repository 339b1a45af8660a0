package history

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
)

// gitDirs are the two directories of a work tree's repository: the one
// holding its HEAD (a linked work tree has its own) and the common one
// holding the refs.
type gitDirs struct {
	git, common string
}

// findGitDirs finds the repository of the work tree that contains root by
// looking for .git upwards from it, as git does: a directory, or a file
// "gitdir: PATH" (a linked work tree or a submodule). ok is false when
// none is found or GIT_DIR overrides the search; callers then ask git.
func findGitDirs(root string) (gitDirs, bool) {
	if os.Getenv("GIT_DIR") != "" {
		return gitDirs{}, false
	}
	dir, err := filepath.Abs(root)
	if err != nil {
		return gitDirs{}, false
	}
	for {
		p := filepath.Join(dir, ".git")
		if fi, err := os.Stat(p); err == nil {
			g := p
			if !fi.IsDir() {
				if g, err = readGitFile(p); err != nil {
					return gitDirs{}, false
				}
			}
			return gitDirs{git: g, common: commonDir(g)}, true
		}
		up := filepath.Dir(dir)
		if up == dir {
			return gitDirs{}, false
		}
		dir = up
	}
}

// readGitFile reads a .git file's "gitdir: PATH", PATH relative to the
// file's directory unless absolute.
func readGitFile(p string) (string, error) {
	b, err := os.ReadFile(p)
	if err != nil {
		return "", err
	}
	g, ok := strings.CutPrefix(strings.TrimSpace(string(b)), "gitdir:")
	if !ok {
		return "", os.ErrInvalid
	}
	g = strings.TrimSpace(g)
	if !filepath.IsAbs(g) {
		g = filepath.Join(filepath.Dir(p), g)
	}
	return g, nil
}

// commonDir is the directory a linked work tree's "commondir" file names,
// else gitDir itself.
func commonDir(gitDir string) string {
	b, err := os.ReadFile(filepath.Join(gitDir, "commondir"))
	if err != nil {
		return gitDir
	}
	c := strings.TrimSpace(string(b))
	if !filepath.IsAbs(c) {
		c = filepath.Join(gitDir, c)
	}
	return c
}

// readHead returns the commit HEAD points at by reading the repository's
// files (HEAD, the loose ref, packed-refs), so that checking a cache
// against HEAD starts no process. ok is false for anything it does not
// read with certainty (a reftable repository, a symbolic ref chain too
// long, a malformed file); the caller then asks git. An unborn branch is
// ("", true).
func (d gitDirs) readHead() (string, bool) {
	b, err := os.ReadFile(filepath.Join(d.git, "HEAD"))
	if err != nil {
		return "", false
	}
	line := strings.TrimSpace(string(b))
	for range 5 { // symbolic refs pointing at symbolic refs
		ref, sym := strings.CutPrefix(line, "ref:")
		if !sym {
			return line, isHash(line)
		}
		ref = strings.TrimSpace(ref)
		if !strings.HasPrefix(ref, "refs/") || strings.Contains(ref, "..") {
			return "", false
		}
		if _, err := os.Stat(filepath.Join(d.common, "reftable")); err == nil {
			return "", false
		}
		b, err := os.ReadFile(filepath.Join(d.common, filepath.FromSlash(ref)))
		switch {
		case err == nil:
			line = strings.TrimSpace(string(b))
		case os.IsNotExist(err):
			h, found, ok := d.packedRef(ref)
			if !ok {
				return "", false
			}
			if !found {
				return "", true // unborn: no commit yet
			}
			return h, true
		default:
			return "", false
		}
	}
	return "", false
}

// packedRef looks ref up in packed-refs; ok is false when the file could
// not be read (its absence is no failure).
func (d gitDirs) packedRef(ref string) (hash string, found, ok bool) {
	f, err := os.Open(filepath.Join(d.common, "packed-refs"))
	if os.IsNotExist(err) {
		return "", false, true
	}
	if err != nil {
		return "", false, false
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		h, name, ok := strings.Cut(sc.Text(), " ")
		if ok && name == ref && isHash(h) {
			return h, true, true
		}
	}
	return "", false, sc.Err() == nil
}
