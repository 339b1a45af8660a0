//go:build linux

// Package decls covers declarations and doc comments.
package decls

import "io"

// Weekday is a day.
type Weekday int

// The days of the week.
const (
	Sunday Weekday = iota // trailing comments are not docs
	Monday
	// Tuesday has its own doc.
	Tuesday
	_
	Thursday
)

const Pi, E = 3.14, 2.71

var a, b = 1, 2

// Config holds settings.
var (
	// Debug turns on logging.
	Debug            bool
	Level, Verbosity int

	Out io.Writer = nil
)

var _ io.Reader = (*Reader)(nil)

/*
Reader reads.

	It is a block-commented type.
*/
type Reader struct {
	io.Reader
	// buf is the buffer.
	buf    []byte
	n, max int
	nested struct {
		inner int
	}
	Tag string `json:"tag"`
}

/*
 * Closer is documented C style.
 */
type Closer interface {
	io.Reader
	// Close closes.
	Close() error
	Name() string
}

type (
	// A is grouped.
	A struct{}
	B = A
	C interface{ M() }
)

// Read reads.
//
//go:noinline
func (r *Reader) Read(p []byte) (int, error) { return r.Reader.Read(p) }

// Detached comment, separated by a blank line.

func init() {}

func init() { register() }

func register() {}

//export Exported
func Exported() {}
