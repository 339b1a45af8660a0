package textutil

import (
	"strings"
	"sync"
)

// Cache keeps what a function makes of a text, by the text itself, so
// that a long-running process asking about the same texts again (the
// sections and commit messages of a why) makes each once. It holds texts
// of at most maxBytes in all and is emptied when a new one would not
// fit. What it makes is shared by every caller asking about the same
// text: it must not be changed. A Cache is safe for concurrent use.
type Cache[V any] struct {
	mu       sync.Mutex
	m        map[string]V
	bytes    int
	maxBytes int
}

// NewCache returns an empty cache of texts of at most maxBytes in all.
func NewCache[V any](maxBytes int) *Cache[V] { return &Cache[V]{maxBytes: maxBytes} }

// Get returns of(text), kept from an earlier call when there was one.
// Two callers asking at once may both make it.
func (c *Cache[V]) Get(text string, of func(string) V) V {
	c.mu.Lock()
	v, ok := c.m[text]
	c.mu.Unlock()
	if ok {
		return v
	}
	v = of(text)
	if len(text) > c.maxBytes {
		return v
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil || c.bytes+len(text) > c.maxBytes {
		c.m, c.bytes = map[string]V{}, 0
	}
	// A copy: the text may be part of a larger string the cache would
	// otherwise keep alive.
	c.m[strings.Clone(text)] = v
	c.bytes += len(text)
	return v
}

// Len is the number of texts kept.
func (c *Cache[V]) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.m)
}
