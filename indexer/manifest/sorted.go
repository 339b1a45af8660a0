package manifest

import (
	"bytes"
	"cmp"
	"encoding/gob"
	"fmt"
	"maps"
	"slices"
)

// Sorted is a map that gob writes in key order. gob writes a plain map
// in Go's iteration order, which changes from run to run, so two indexes
// of one tree had manifests that differed byte for byte.
type Sorted[K cmp.Ordered, V any] map[K]V

// pairs is a Sorted map as gob carries it: the keys in order and their
// values beside them.
type pairs[K cmp.Ordered, V any] struct {
	Keys   []K
	Values []V
}

// GobEncode writes the map's keys in order and then their values.
func (m Sorted[K, V]) GobEncode() ([]byte, error) {
	p := pairs[K, V]{Keys: slices.Sorted(maps.Keys(m))}
	p.Values = make([]V, len(p.Keys))
	for i, k := range p.Keys {
		p.Values[i] = m[k]
	}
	var b bytes.Buffer
	if err := gob.NewEncoder(&b).Encode(p); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// GobDecode reads what GobEncode wrote, refusing keys and values that do
// not pair up.
func (m *Sorted[K, V]) GobDecode(data []byte) error {
	var p pairs[K, V]
	if err := gob.NewDecoder(bytes.NewReader(data)).Decode(&p); err != nil {
		return err
	}
	if len(p.Keys) != len(p.Values) {
		return fmt.Errorf("%d keys and %d values", len(p.Keys), len(p.Values))
	}
	*m = make(Sorted[K, V], len(p.Keys))
	for i, k := range p.Keys {
		(*m)[k] = p.Values[i]
	}
	return nil
}
