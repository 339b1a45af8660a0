package indexer

import (
	"context"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/gortex/gortex/indexer/manifest"
	"github.com/gortex/gortex/repofs"
)

// changes finds the files that changed since the manifest was written:
// new or changed in content, and gone. When no directory changed (a new,
// removed or renamed entry changes its directory's time) and no changed
// file needs the walker's judgement (a .gitignore, a file grown over the
// size limit or turned binary), stats are enough; otherwise the tree is
// walked again. Stats take 30 ms on GOROOT/src where a walk takes 200 ms.
func (b *builder) changes(ctx context.Context) (changed []WalkedFile, gone []string, err error) {
	if changed, ok := b.statChanges(); ok {
		// In path order, as a walk lists them: nodes are added in it.
		slices.SortFunc(changed, func(a, b WalkedFile) int { return strings.Compare(a.Path, b.Path) })
		return b.confirm(changed), nil, nil
	}
	// A directory changed (an editor that saves by renaming changes one).
	w, err := Walk(ctx, b.root, WalkOptions{MaxFileSize: b.opts.MaxFileSize, Logger: b.opts.Logger, Known: func(rel string, size int64, mtime time.Time) bool {
		r, ok := b.man.File(rel)
		return ok && r.Size == size && r.ModTime == mtime.UnixNano()
	}})
	if err != nil {
		return nil, nil, err
	}
	b.man.Dirs, b.man.Skipped = w.Dirs, w.Skipped
	b.manChanged = true
	changed, gone = b.diff(w.Files)
	return changed, gone, nil
}

// statChanges stats the manifest's directories and files; ok is false when
// a walk is needed.
func (b *builder) statChanges() (changed []WalkedFile, ok bool) {
	var mu sync.Mutex
	ok = true
	maxSize := b.maxSize()
	manifest.Stat(b.root, b.man, func(p string, st manifest.FileStat, err error, dir bool, rec FileRecord) bool {
		if err == nil && unchanged(b.man, p, st, dir, rec) {
			return true
		}
		mu.Lock()
		defer mu.Unlock()
		if err != nil || dir || !st.Regular || st.Size > maxSize || path.Base(p) == ".gitignore" {
			ok = false
			return false
		}
		class, lang := classify(p)
		changed = append(changed, WalkedFile{Path: p, Abs: filepath.Join(b.root, filepath.FromSlash(p)),
			Size: st.Size, ModTime: time.Unix(0, st.MTime), Class: class, Lang: lang})
		return true
	})
	if !ok {
		return nil, false
	}
	return b.sniffChanged(changed)
}

// sniffChanged applies the walker's checks to the changed files: each is
// opened through the root, so that a file that is now a link out of the
// repository (stats follow links: re-pointing one shows as a change), a
// device or a FIFO, or that turned binary or unreadable, needs a walk,
// which records it as skipped instead of reading it.
func (b *builder) sniffChanged(files []WalkedFile) ([]WalkedFile, bool) {
	buf := make([]byte, sniffSize)
	for i := range files {
		f := &files[i]
		if f.Class != ClassSource && f.Class != ClassDoc {
			if !b.openable(f.Path) {
				return nil, false
			}
			continue
		}
		if reason, _ := sniff(b.fsys, f, b.maxSize(), buf); reason != "" {
			return nil, false
		}
	}
	return files, true
}

// openable reports whether rel opens through the root as a regular file.
func (b *builder) openable(rel string) bool {
	f, _, err := repofs.Open(b.fsys, filepath.FromSlash(rel), b.maxSize())
	if err != nil {
		return false
	}
	f.Close()
	return true
}

// confirm drops the files whose size and time changed but whose content
// did not, refreshing their records instead.
func (b *builder) confirm(files []WalkedFile) []WalkedFile {
	var out []WalkedFile
	for _, f := range files {
		if !b.sameContent(f) {
			out = append(out, f)
		}
	}
	return out
}

// sameContent reports whether f's content hashes as recorded; if so, it
// refreshes the record's time.
func (b *builder) sameContent(f WalkedFile) bool {
	r, ok := b.man.File(f.Path)
	if !ok || r.Size != f.Size || r.Class != f.Class || r.Lang != f.Lang {
		return false
	}
	src, err := b.read(f, nil)
	if err != nil || hashBytes(src) != r.Hash {
		return false
	}
	r.ModTime = f.ModTime.UnixNano()
	b.man.Set(f.Path, r)
	b.manChanged = true
	return true
}

// diff compares a walk with the manifest: files new or changed in
// content, and paths that are gone.
func (b *builder) diff(files []WalkedFile) (changed []WalkedFile, gone []string) {
	seen := make(map[string]bool, len(files))
	var candidates []WalkedFile
	for _, f := range files {
		seen[f.Path] = true
		r, ok := b.man.File(f.Path)
		if !ok || r.Size != f.Size || r.ModTime != f.ModTime.UnixNano() || r.Class != f.Class || r.Lang != f.Lang {
			candidates = append(candidates, f)
		}
	}
	for p := range b.man.Files() {
		if !seen[p] {
			gone = append(gone, p)
		}
	}
	return b.confirm(candidates), gone
}
