package names

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"
	"slices"
	"strings"

	"github.com/gortex/gortex/graph"
)

// nameSeparators are the separators of qualified names in the languages
// gortex parses; query.Parse accepts each of them.
var nameSeparators = []string{"::", ".", "#", `\`}

// Of returns the names by which gortex why may be asked
// about n, as a shell completes them: its qualified name, and every
// shorter form that ends it and starts after a separator, down to its own
// name — billing.Invoice.Finalize, Invoice.Finalize and Finalize for
// example.com/shop/billing.Invoice.Finalize; Cart::add and add for
// crate::cart::Cart::add. An import path is cut only at its last slash.
// Only packages and symbols have names.
func Of(n *graph.Node) []string { return appendOf(nil, n) }

// appendOf appends the names of n (Of) to out.
func appendOf(out []string, n *graph.Node) []string {
	if n.Qualified == "" || !(n.Kind.IsSymbol() || n.Kind == graph.KindPackage) {
		return out
	}
	q := n.Qualified
	out = append(out, q)
	tail := q[strings.LastIndexByte(q, '/')+1:]
	if tail != q && tail != "" {
		out = append(out, tail)
	}
	if n.Kind == graph.KindPackage {
		return out
	}
	for rest := tail; ; {
		i, w := firstSeparator(rest)
		if i < 0 {
			return out
		}
		rest = rest[i+w:]
		if rest != "" {
			out = append(out, rest)
		}
	}
}

// firstSeparator returns the index and width of the first separator in s,
// or -1.
func firstSeparator(s string) (int, int) {
	best, width := -1, 0
	for _, sep := range nameSeparators {
		if i := strings.Index(s, sep); i >= 0 && (best < 0 || i < best) {
			best, width = i, len(sep)
		}
	}
	return best, width
}

// Write writes the completion names of every symbol and package of s
// to w, sorted, each once, one per line.
// The names are counted first, so that the list is made once at its
// length: grown by append, it was most of what writing GOROOT/src's list
// allocated.
func Write(w io.Writer, s *graph.Store) error {
	var one []string
	count := 0
	for n := range s.Nodes() {
		one = appendOf(one[:0], n)
		count += len(one)
	}
	names := make([]string, 0, count)
	for n := range s.Nodes() {
		one = appendOf(one[:0], n)
		for _, name := range one {
			if !strings.ContainsAny(name, "\n\r") {
				names = append(names, name)
			}
		}
	}
	sortStrings(names)
	names = slices.Compact(names)
	bw := bufio.NewWriterSize(w, 1<<16)
	for _, name := range names {
		bw.WriteString(name)
		bw.WriteByte('\n')
	}
	return bw.Flush()
}

// Complete returns, in order, up to limit completion names in the name
// list file (written by Write) that start with prefix. It reads the list
// for this, not the graph, and only a few blocks of it (a binary search
// by line, then the run of lines with the prefix), so that a shell's
// completion answers at once on a large repository. An index written
// before the list existed has none to offer.
func Complete(file, prefix string, limit int) ([]string, error) {
	f, err := os.Open(file)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	start, err := seekLine(f, fi.Size(), prefix)
	if err != nil {
		return nil, err
	}
	var out []string
	sc := bufio.NewScanner(io.NewSectionReader(f, start, fi.Size()-start))
	for sc.Scan() && len(out) < limit {
		switch line := sc.Text(); {
		case strings.HasPrefix(line, prefix):
			out = append(out, line)
		case line > prefix:
			return out, nil
		}
	}
	return out, sc.Err()
}

// scanBlock is how close seekLine gets before reading lines in order.
const scanBlock = 4096

// seekLine returns the offset of a line of the sorted file f (size bytes)
// that no line at or after prefix precedes, by a binary search over
// offsets: each probe reads the first whole line after the middle.
func seekLine(f io.ReaderAt, size int64, prefix string) (int64, error) {
	lo, hi := int64(0), size // lo is a line start before every line >= prefix
	for hi-lo > scanBlock {
		mid := lo + (hi-lo)/2
		start, line, err := lineAfter(f, mid, size)
		if err != nil {
			return 0, err
		}
		switch {
		case start >= hi:
			return lo, nil
		case line < prefix:
			lo = start
		default:
			hi = start
		}
	}
	return lo, nil
}

// lineAfter returns the first line of f that starts after offset off-1
// (at off or later) and its offset; start is size when there is none.
func lineAfter(f io.ReaderAt, off, size int64) (start int64, line string, err error) {
	buf := make([]byte, 512)
	start = off
	if off > 0 {
		start = -1
		for pos := off - 1; start < 0 && pos < size; pos += int64(len(buf)) {
			n, err := f.ReadAt(buf, pos)
			if err != nil && !errors.Is(err, io.EOF) {
				return 0, "", err
			}
			if i := bytes.IndexByte(buf[:n], '\n'); i >= 0 {
				start = pos + int64(i) + 1
			}
		}
		if start < 0 {
			return size, "", nil
		}
	}
	var b []byte
	for pos := start; pos < size; pos += int64(len(buf)) {
		n, err := f.ReadAt(buf, pos)
		if err != nil && !errors.Is(err, io.EOF) {
			return 0, "", err
		}
		if i := bytes.IndexByte(buf[:n], '\n'); i >= 0 {
			return start, string(append(b, buf[:i]...)), nil
		}
		b = append(b, buf[:n]...)
	}
	return start, string(b), nil
}
