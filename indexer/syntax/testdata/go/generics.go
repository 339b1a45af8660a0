// Package budget exercises generics.
package budget

import (
	"context"
	_ "embed"
	"fmt"
	. "math"
	v1 "sigs.k8s.io/karpenter/pkg/apis/v1"
)

// Number is a constraint.
type Number interface {
	~int | ~int64 | float64
}

// Budget limits disruptions.
type Budget[T Number, K comparable] struct {
	Nodes T
	keys  map[K]struct{}
	v1.NodePool
	*List[T]
}

// IsActive reports whether the budget applies now.
func (b *Budget[T, K]) IsActive(ctx context.Context) bool {
	fmt.Println(Sqrt(2))
	return b.List.Len() > 0 && Sum[T](b.Nodes) > 0
}

// List is a generic list.
type List[T any] struct{ items []T }

func (l List[T]) Len() int { return len(l.items) }

func (l *List[T]) Push(v T) { l.items = append(l.items, v) }

// Sum adds numbers.
func Sum[T Number](xs ...T) T {
	var s T
	for _, x := range xs {
		s += x
	}
	return s
}

// Map is a generic
// function over two type parameters.
func Map[
	S ~[]E,
	E any,
](s S, f func(E) E) S {
	out := make(S, 0, len(s))
	for _, e := range s {
		out = append(out, f(e))
	}
	return out
}

// Pair is an alias of a generic instance.
type Pair = List[int]
