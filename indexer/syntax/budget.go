package syntax

import (
	"errors"
	"fmt"
	"time"
)

// A source file is outside input: its shape, not only its size, decides
// what parsing it costs. Measured on this machine (2 cores), a tags query
// over a tree-sitter ERROR node of n children made by error recovery (a
// .sh of n unclosed "{") takes time quadratic in n: 2,000 children 15 ms,
// 8,000 0.4 s, 100,000 about a minute; valid nesting parses and queries in
// linear time, but each definition's container chain is as long as its
// depth, so n nested classes make n²/2 names (10,000 nested C# classes: a
// 1.1 GB graph). These budgets keep every file near-linear; a file over
// one is indexed as a file node alone and reported as ErrTooComplex.
const (
	// maxErrorFanout bounds the children of one ERROR node: at 4,096 the
	// query takes about 0.1 s; real files with a syntax error have ERROR
	// nodes of a few dozen.
	maxErrorFanout = 4096
	// maxNesting bounds the containers around a definition (classes,
	// modules, namespaces, impls): real code nests a handful; 32 keeps
	// every qualified name short.
	maxNesting = 32
	// maxSymbols bounds the symbols of one file: the largest generated
	// files measured (x/sys/unix zerrors, protobuf .pb.go) hold a few
	// thousand.
	maxSymbols = 50_000
	// parseTimeout bounds the CPU time of one file's parse, and
	// queryTimeout the wall time of its query, far above the 2 MiB files
	// the walker admits (0.2 s for a 1 MB file).
	parseTimeout = 10 * time.Second
	queryTimeout = 10 * time.Second
	// A parse's own budget grows with the file: parseFloor, and
	// parsePerByte for each byte (200 KB/s, 25 times slower than the
	// slowest grammar measured, Swift's 5 MB/s), up to parseTimeout. A
	// grammar's error recovery can run away on a few bytes: Swift's took
	// the whole 10 s on a 28-byte file, which a repository could hold by
	// the thousand.
	parseFloor   = 250 * time.Millisecond
	parsePerByte = 5 * time.Microsecond
)

// parseBudget is how much CPU time a parse of n bytes may take.
func parseBudget(n int) time.Duration {
	if n >= int(parseTimeout/parsePerByte) {
		return parseTimeout
	}
	return min(parseTimeout, parseFloor+time.Duration(n)*parsePerByte)
}

// ErrTooComplex is returned for a file over a parsing budget; the indexer
// keeps its file node and reports it as too-complex.
var ErrTooComplex = errors.New("too-complex")

// queryBudget tracks one query run: its deadline, checked every
// checkEvery matches, and its count of matches.
type queryBudget struct {
	deadline time.Time
	matches  int
}

const checkEvery = 1024

func newQueryBudget() *queryBudget { return &queryBudget{deadline: time.Now().Add(queryTimeout)} }

// spend counts one match; it returns ErrTooComplex once past the deadline.
func (qb *queryBudget) spend() error {
	qb.matches++
	if qb.matches%checkEvery == 0 && time.Now().After(qb.deadline) {
		return fmt.Errorf("%w: the query ran past %s (%d matches)", ErrTooComplex, queryTimeout, qb.matches)
	}
	return nil
}
