package textutil

import (
	"strings"
	"sync"
)

// Bounded is a map whose entries cost at most max in all (bytes, postings,
// records: what the caller counts), emptied when a new entry would not
// fit; an entry that alone costs more than max is not kept. It is the one
// rule of the caches a long-running process keeps of what it made or
// decoded before. A Bounded is safe for concurrent use.
type Bounded[K comparable, V any] struct {
	mu        sync.Mutex
	m         map[K]V
	cost, max int
}

// NewBounded returns an empty map of entries costing at most max in all.
func NewBounded[K comparable, V any](max int) *Bounded[K, V] {
	return &Bounded[K, V]{max: max}
}

// Get returns the value kept for k.
func (b *Bounded[K, V]) Get(k K) (V, bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	v, ok := b.m[k]
	return v, ok
}

// Put keeps v for k at the given cost, emptying the map first when it
// would not fit.
func (b *Bounded[K, V]) Put(k K, v V, cost int) {
	if cost > b.max {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.m == nil || b.cost+cost > b.max {
		b.m, b.cost = map[K]V{}, 0
	}
	b.m[k] = v
	b.cost += cost
}

// Len is the number of entries kept.
func (b *Bounded[K, V]) Len() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return len(b.m)
}

// Cache keeps what a function makes of a text, by the text itself, so
// that a long-running process asking about the same texts again (the
// sections and commit messages of a why) makes each once. It holds texts
// of at most maxBytes in all and is emptied when a new one would not
// fit. What it makes is shared by every caller asking about the same
// text: it must not be changed. A Cache is safe for concurrent use.
type Cache[V any] struct{ b *Bounded[string, V] }

// NewCache returns an empty cache of texts of at most maxBytes in all.
func NewCache[V any](maxBytes int) *Cache[V] {
	return &Cache[V]{NewBounded[string, V](maxBytes)}
}

// Get returns of(text), kept from an earlier call when there was one.
// Two callers asking at once may both make it.
func (c *Cache[V]) Get(text string, of func(string) V) V {
	if v, ok := c.b.Get(text); ok {
		return v
	}
	v := of(text)
	if len(text) <= c.b.max {
		// A copy: the text may be part of a larger string the cache would
		// otherwise keep alive.
		c.b.Put(strings.Clone(text), v, len(text))
	}
	return v
}

// Len is the number of texts kept.
func (c *Cache[V]) Len() int { return c.b.Len() }
