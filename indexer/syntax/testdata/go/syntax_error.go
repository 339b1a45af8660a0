package broken

import "fmt"

// Good is declared before the error.
func Good() { fmt.Println("ok") }

func Bad( {
	x := 
}

type After struct {
	Field int
}

func Later() int { return Good2() }
