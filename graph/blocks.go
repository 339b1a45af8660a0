package graph

// blocks is a list held in blocks of blockSize elements: adding to it
// never copies what it holds, and a pointer to an element stays valid. A
// store's nodes, edges and adjacency lists are held so. As slices grown by
// append, the nodes of a full index of GOROOT/src (250k, 62 MB) were
// copied over and over on the way (320 MB of allocation, with the edges
// and adjacency lists 490 MB), and every copy left garbage for the
// collector. The first block grows by append up to blockSize, so that a
// small store stays small.
type blocks[T any] struct {
	b [][]T
	n int
}

// blockBits sets the block size: 4096 nodes are 1 MB.
const (
	blockBits = 12
	blockSize = 1 << blockBits
	blockMask = blockSize - 1
)

// makeBlocks returns a list of n zero elements.
func makeBlocks[T any](n int) blocks[T] {
	l := blocks[T]{b: make([][]T, 0, (n+blockMask)/blockSize), n: n}
	for lo := 0; lo < n; lo += blockSize {
		l.b = append(l.b, make([]T, min(blockSize, n-lo), blockSize))
	}
	return l
}

// len is the number of elements.
func (l *blocks[T]) len() int { return l.n }

// at returns element i, which must exist.
func (l *blocks[T]) at(i int32) *T { return &l.b[i>>blockBits][i&blockMask] }

// add appends v and returns its index.
func (l *blocks[T]) add(v T) int32 {
	if l.n&blockMask == 0 && l.n > 0 {
		l.b = append(l.b, make([]T, 0, blockSize))
	} else if len(l.b) == 0 {
		l.b = append(l.b, nil)
	}
	last := &l.b[len(l.b)-1]
	*last = append(*last, v)
	l.n++
	return int32(l.n - 1)
}
