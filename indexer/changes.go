package indexer

import (
	"context"
	"maps"
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
// new or changed in content, and gone. Stats find the changed files and
// directories (a new, removed or renamed entry changes its directory's
// time); the changed directories alone are listed again (walkChanged), and
// the tree is walked again only when a changed file needs the walker's
// judgement (a .gitignore, a file grown over the size limit or turned
// binary) or a listing cannot be placed. Stats take 30 ms on GOROOT/src
// where a walk takes 200 ms.
func (b *builder) changes(ctx context.Context) (changed []WalkedFile, gone []string, err error) {
	changed, dirs, ok := b.statChanges()
	if ok && len(dirs) > 0 {
		changed, gone, ok = b.walkChanged(ctx, dirs, changed)
	}
	if ok {
		// In path order, as a walk lists them: nodes are added in it.
		slices.SortFunc(changed, func(a, b WalkedFile) int { return strings.Compare(a.Path, b.Path) })
		return b.confirm(changed), gone, nil
	}
	w, err := Walk(ctx, b.root, WalkOptions{MaxFileSize: b.opts.MaxFileSize, Logger: b.opts.Logger, Known: b.known})
	if err != nil {
		return nil, nil, err
	}
	b.man.Dirs, b.man.Skipped = w.Dirs, w.Skipped
	b.manChanged = true
	changed, gone = b.diff(w.Files)
	return changed, gone, nil
}

// known says the manifest records the file with this size and time
// (WalkOptions.Known).
func (b *builder) known(rel string, size int64, mtime time.Time) bool {
	r, ok := b.man.File(rel)
	return ok && r.Size == size && r.ModTime == mtime.UnixNano()
}

// statChanges stats the manifest's directories and files: the files
// changed, and the directories whose time changed or that cannot be read
// (dirs, "." for the root); ok is false when a walk is needed.
func (b *builder) statChanges() (changed []WalkedFile, dirs []string, ok bool) {
	var mu sync.Mutex
	var missing []string
	ok = true
	maxSize := b.maxSize()
	manifest.Stat(b.root, b.man, func(p string, st manifest.FileStat, err error, dir bool, rec FileRecord) bool {
		if err == nil && b.man.Unchanged(p, st, dir, rec) {
			return true
		}
		mu.Lock()
		defer mu.Unlock()
		switch {
		case dir:
			dirs = append(dirs, p)
		case err != nil:
			missing = append(missing, p) // gone: its directory's listing says so
		case !st.Regular || st.Size > maxSize || path.Base(p) == ".gitignore":
			ok = false
			return false
		default:
			class, lang := classify(p)
			changed = append(changed, WalkedFile{Path: p, Abs: filepath.Join(b.root, filepath.FromSlash(p)),
				Size: st.Size, ModTime: time.Unix(0, st.MTime), Class: class, Lang: lang})
		}
		return true
	})
	for _, p := range missing {
		ok = ok && slices.Contains(dirs, path.Dir(p))
	}
	if !ok {
		return nil, nil, false
	}
	changed, ok = b.sniffChanged(changed)
	return changed, dirs, ok
}

// walkChanged lists the changed directories again, as a walk would list
// them, and walks the directories new in them; the directories the
// manifest knows are not entered (those that changed are listed in
// turn). It returns stated, the files statChanges found changed, with
// those of the listed directories replaced by what the listings found,
// and the manifest's files that are gone: those of a listed directory
// that its listing no longer holds, and those below a directory it no
// longer holds. ok is false when a walk is needed: a listed directory
// that cannot be read but was not dropped by its parent's listing, or a
// .gitignore new, changed or gone (its rules apply to what is not listed).
func (b *builder) walkChanged(ctx context.Context, dirs []string, stated []WalkedFile) (changed []WalkedFile, gone []string, ok bool) {
	w, err := newWalker(b.root, WalkOptions{MaxFileSize: b.opts.MaxFileSize, Logger: b.opts.Logger, Known: b.known})
	if err != nil {
		return nil, nil, false
	}
	defer w.fsys.Close()
	listed, kept := map[string]bool{}, map[string]bool{}
	w.enter = func(rel string) bool {
		_, ok := b.man.Dirs[rel]
		kept[rel] = kept[rel] || ok
		return !ok
	}
	// dropped: p is in a listed directory, which no longer holds it (a
	// file the listing did not find, every path a known directory the
	// listing did not hold was above).
	found := map[string]bool{}
	dropped := func(p string, file bool) bool {
		for child, d := p, path.Dir(p); child != "."; child, d = d, path.Dir(d) {
			if listed[d] {
				return !kept[child] && !(file && child == p && found[p])
			}
		}
		return false
	}
	slices.Sort(dirs) // a directory after those above it
	for _, d := range dirs {
		if d != "." && dropped(d, false) {
			continue
		}
		rel := strings.TrimPrefix(d, ".")
		if !w.listDir(ctx, rel) {
			return nil, nil, false
		}
		listed[d] = true
	}
	if err := w.sniffAll(ctx); err != nil {
		return nil, nil, false
	}
	for _, f := range w.res.Files {
		found[f.Path] = true
		if r, ok := b.man.File(f.Path); !ok || r.Size != f.Size || r.ModTime != f.ModTime.UnixNano() || r.Class != f.Class || r.Lang != f.Lang {
			changed = append(changed, f)
		}
	}
	for _, f := range stated {
		if !listed[path.Dir(f.Path)] && !dropped(f.Path, true) {
			changed = append(changed, f)
		}
	}
	for _, d := range outermost(listed) {
		for p := range b.man.FilesUnder(d) {
			if dropped(p, true) {
				gone = append(gone, p)
			}
		}
	}
	slices.Sort(gone)
	for _, p := range append(slices.Clone(gone), pathsOf(changed)...) {
		if path.Base(p) == ".gitignore" {
			return nil, nil, false
		}
	}
	for d := range b.man.Dirs {
		if dropped(d, false) {
			delete(b.man.Dirs, d)
		}
	}
	maps.Copy(b.man.Dirs, w.res.Dirs)
	skipped := slices.DeleteFunc(slices.Clone(b.man.Skipped), func(s Skip) bool { return listed[path.Dir(s.Path)] || dropped(s.Path, false) })
	b.man.Skipped = append(skipped, w.res.Skipped...)
	slices.SortFunc(b.man.Skipped, func(a, b Skip) int { return strings.Compare(a.Path, b.Path) })
	b.manChanged = true
	return changed, gone, true
}

// outermost returns the directories of dirs that are below none of the
// others: a file gone is below one of them.
func outermost(dirs map[string]bool) []string {
	var out []string
	for d := range dirs {
		above := false
		for a := path.Dir(d); d != "." && !above; a = path.Dir(a) {
			above = dirs[a]
			if a == "." {
				break
			}
		}
		if !above {
			out = append(out, d)
		}
	}
	return out
}

// pathsOf returns the files' paths.
func pathsOf(files []WalkedFile) []string {
	out := make([]string, len(files))
	for i, f := range files {
		out[i] = f.Path
	}
	return out
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
