package calls

import (
	"fmt"
	"strings"
)

type T struct{ s fmt.Stringer }

var top = strings.ToUpper("top-level calls are ignored")

func helper(int) int { return 0 }

func (t T) Run() {
	helper(1)
	helper(2)
	fmt.Println(t.s.String())
	t.s.String()
	strings.NewReader("x").Len()
	func() {
		inner()
	}()
	go fmt.Sprint()
	defer t.Run()
	_ = []byte("conversion")
	t.
		s.
		String()
	m := map[string]func(){}
	m["k"]()
	Generic[int](1)
}

func inner() {}

func Generic[T any](v T) T { return v }
