package main

import (
	"context"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/gortex/gortex/indexer"
	"github.com/gortex/gortex/internal/fsutil"
)

// prepareTree returns the directory to index: a fresh copy of src (without
// .git and .gortex) unless copying is off. cleanup removes the copy unless
// keep is set.
func prepareTree(src string, copy, keep bool, log io.Writer) (root string, cleanup func(), err error) {
	if !copy {
		return src, func() {}, nil
	}
	tmp, err := os.MkdirTemp("", "gortex-bench-")
	if err != nil {
		return "", nil, err
	}
	cleanup = func() {
		if keep {
			fmt.Fprintf(log, "gortex-bench: kept %s\n", tmp)
			return
		}
		os.RemoveAll(tmp)
	}
	root = filepath.Join(tmp, filepath.Base(src))
	fmt.Fprintf(log, "gortex-bench: copying %s to %s\n", src, root)
	if err := copyTree(src, root); err != nil {
		cleanup()
		return "", nil, fmt.Errorf("copy %s: %w", src, err)
	}
	return root, cleanup, nil
}

// copyTree copies the regular files, directories and symlinks of src into
// dst, leaving out .git and .gortex directories.
func copyTree(src, dst string) error {
	return filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		target := filepath.Join(dst, rel)
		switch t := d.Type(); {
		case t.IsDir() && (d.Name() == ".git" || d.Name() == ".gortex") && rel != ".":
			return filepath.SkipDir
		case t.IsDir():
			return os.MkdirAll(target, 0o755)
		case t&fs.ModeSymlink != 0:
			link, err := os.Readlink(p)
			if err != nil {
				return err
			}
			return os.Symlink(link, target)
		case t.IsRegular():
			return fsutil.CopyFile(p, target)
		}
		return nil // devices, sockets and pipes stay behind
	})
}

// listFiles finds the Go files gortex parses, with the walk gortex uses,
// writes their paths for the parse children, and picks the file the
// incremental runs change.
func (b *bench) listFiles(ctx context.Context) error {
	w, err := indexer.Walk(ctx, b.root, indexer.WalkOptions{})
	if err != nil {
		return err
	}
	var files []indexer.WalkedFile
	for _, f := range w.Files {
		if f.Class == indexer.ClassSource && f.Lang == "go" {
			files = append(files, f)
			b.r.goBytes += f.Size
		}
	}
	if len(files) == 0 {
		return fmt.Errorf("%s has no Go files", b.root)
	}
	b.r.goFiles = len(files)
	var list strings.Builder
	for _, f := range files {
		list.WriteString(f.Abs)
		list.WriteByte('\n')
	}
	tmp, err := os.CreateTemp("", "gortex-bench-files-")
	if err != nil {
		return err
	}
	b.fileList = tmp.Name() // run removes it
	if _, err := tmp.WriteString(list.String()); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	b.touch = pickTouch(files, b.o.touch)
	return nil
}

// pickTouch returns want when given, else fmt/print.go when the tree has it
// (GOROOT/src), else the median-sized Go file.
func pickTouch(files []indexer.WalkedFile, want string) string {
	if want != "" {
		return want
	}
	for _, f := range files {
		if f.Path == "fmt/print.go" {
			return f.Path
		}
	}
	sorted := append([]indexer.WalkedFile(nil), files...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].Size < sorted[j].Size })
	return sorted[len(sorted)/2].Path
}
