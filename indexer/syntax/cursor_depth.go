package syntax

/*
#include <stdint.h>
typedef struct TSQueryCursor TSQueryCursor;
void ts_query_cursor_set_max_start_depth(TSQueryCursor *self, uint32_t max_start_depth);
*/
import "C"

import (
	"reflect"
	"unsafe"

	sitter "github.com/smacker/go-tree-sitter"
)

// maxStartDepth is how deep in the tree a query looks for the start of a
// match. tree-sitter's query cursor pays, at every node, for the depth it
// is at: over n valid nested classes a query takes time quadratic in n
// (40,000 nested C# classes: 7.6 s), while the cursor goes no deeper than
// its start depth. Definitions sit a few levels below their container,
// and maxNesting containers deep is under 200 levels in every grammar
// here; 512 leaves room.
const maxStartDepth = 512

// cursorHandle is the C query cursor inside a go-tree-sitter QueryCursor,
// whose binding does not expose ts_query_cursor_set_max_start_depth. It
// relies on the struct's first field, c *C.TSQueryCursor, checked once
// (handleOK): a go-tree-sitter whose QueryCursor is laid out otherwise
// gets no start depth, and TestCursorStartDepth fails.
func cursorHandle(qc *sitter.QueryCursor) *C.TSQueryCursor {
	return *(**C.TSQueryCursor)(unsafe.Pointer(qc))
}

var handleOK = func() bool {
	t := reflect.TypeOf(sitter.QueryCursor{})
	f := t.Field(0)
	return f.Name == "c" && f.Offset == 0 && f.Type.Kind() == reflect.Pointer && f.Type.Elem().Name() == "_Ctype_struct_TSQueryCursor"
}()

// limitStartDepth sets the cursor's start depth to maxStartDepth, where the
// handle can be reached; it reports whether it did.
func limitStartDepth(qc *sitter.QueryCursor) bool {
	if !handleOK {
		return false
	}
	C.ts_query_cursor_set_max_start_depth(cursorHandle(qc), C.uint32_t(maxStartDepth))
	return true
}
