package syntax

/*
#include <stdint.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

// The layouts of tree-sitter's api.h (ABI 14, as go-tree-sitter vendors
// it); walkLayoutOK checks them against go-tree-sitter's own at start-up.
typedef struct TSTree TSTree;
typedef uint16_t TSSymbol;
typedef uint16_t TSFieldId;
typedef struct { uint32_t row, column; } TSPoint;
typedef struct { uint32_t context[4]; const void *id; const TSTree *tree; } TSNode;
typedef struct { const void *tree; const void *id; uint32_t context[3]; } TSTreeCursor;

TSTreeCursor ts_tree_cursor_new(TSNode node);
void ts_tree_cursor_delete(TSTreeCursor *self);
void ts_tree_cursor_reset(TSTreeCursor *self, TSNode node);
bool ts_tree_cursor_goto_first_child(TSTreeCursor *self);
bool ts_tree_cursor_goto_next_sibling(TSTreeCursor *self);
bool ts_tree_cursor_goto_parent(TSTreeCursor *self);
int64_t ts_tree_cursor_goto_first_child_for_byte(TSTreeCursor *self, uint32_t goal_byte);
TSNode ts_tree_cursor_current_node(const TSTreeCursor *self);
TSFieldId ts_tree_cursor_current_field_id(const TSTreeCursor *self);
TSSymbol ts_node_symbol(TSNode self);
uint32_t ts_node_start_byte(TSNode self);
uint32_t ts_node_end_byte(TSNode self);
TSPoint ts_node_start_point(TSNode self);
TSPoint ts_node_end_point(TSNode self);
bool ts_node_is_named(TSNode self);
bool ts_node_has_error(TSNode self);
uint32_t ts_node_child_count(TSNode self);
typedef struct TSParser TSParser;
TSTree *ts_parser_parse_string(TSParser *self, const TSTree *old_tree, const char *string, uint32_t length);
const size_t *ts_parser_cancellation_flag(const TSParser *self);
TSNode ts_tree_root_node(const TSTree *self);
void ts_tree_delete(TSTree *self);

// gx_rec is one node the walk keeps, with its links to the other kept
// nodes: parent, first child and next sibling (-1 for none).
typedef struct {
	uint32_t start, end, srow, scol, erow, ecol;
	int32_t parent, first, next;
	uint16_t sym, field, depth;
	uint8_t named, pad;
} gx_rec;

// gx_out is a walk's output, kept from walk to walk with the per-depth
// arrays (scratch, for scratch_d depths) and the cursor, whose stack
// grows with the tree's depth: made anew for each file, they were mallocs
// large enough to make glibc merge the chunks the last tree freed
// (malloc_consolidate), a tenth of a second on GOROOT/src.
typedef struct {
	gx_rec *recs;
	uint32_t len, cap;
	int failed;
	void *scratch;
	uint32_t scratch_d;
	TSTreeCursor cursor; // all zero before the first walk
} gx_out;

static int32_t gx_keep(gx_out *o, TSNode n, TSSymbol sym, TSFieldId field, uint32_t depth, int32_t parent) {
	if (o->len == o->cap) {
		uint32_t cap = o->cap ? o->cap * 2 : 256;
		gx_rec *r = realloc(o->recs, (size_t)cap * sizeof(gx_rec));
		if (!r) {
			o->failed = 1;
			return -1;
		}
		o->recs = r;
		o->cap = cap;
	}
	gx_rec *r = &o->recs[o->len];
	TSPoint s = ts_node_start_point(n), e = ts_node_end_point(n);
	r->start = ts_node_start_byte(n);
	r->end = ts_node_end_byte(n);
	r->srow = s.row; r->scol = s.column; r->erow = e.row; r->ecol = e.column;
	r->parent = parent; r->first = -1; r->next = -1;
	r->sym = sym; r->field = field; r->depth = (uint16_t)depth;
	r->named = ts_node_is_named(n); r->pad = 0;
	return (int32_t)o->len++;
}

// gx_walk visits the tree under root in preorder and keeps a node when
//  - it is the root;
//  - trig[sym] != 0xff and it is at most max_start deep: it and its
//    descendants down to trig[sym] levels below it are kept;
//  - it is a child of the root and top[sym] != 0xff: the same, top[sym] levels;
//  - it is inside such a zone, except below a child in field body_field,
//    and, where the zone's node has a field mask (mask[sym] != 0), only
//    through its children in a field of the mask (bit field id).
// It descends no further than a zone or max_start reaches, nor, when skip
// is set (the caller sets it only for a tree without syntax errors), into
// a node at least two deep outside every zone whose source (src) holds
// none of skip's bytes: no node of a trigger can be below it. More than
// two deep, a byte of opening that is a node's first byte opens the node
// itself (an argument list's "(") and does not count for it; and, outside
// zones, the walk goes from a node more than two deep straight to its
// first child that reaches the first byte that counts: the children before
// it hold none, so none is a trigger, nor would be descended into.
// gx_first is that byte, UINT32_MAX for none.
static uint32_t gx_first(TSNode n, uint32_t d, const char *src, uint32_t len, const char *skip, const char *opening) {
	uint32_t s = ts_node_start_byte(n), e = ts_node_end_byte(n);
	if (e > len || s >= e) return s; // not to be trusted: walked as it is
	uint32_t first = UINT32_MAX;
	for (const char *c = skip; *c; c++) {
		uint32_t from = d >= 3 && src[s] == *c && strchr(opening, *c) ? s + 1 : s;
		const char *at = memchr(src + from, *c, e - from);
		if (at && (uint32_t)(at - src) < first) first = at - src;
	}
	return first;
}

// Likewise the walk leaves such a node once past its last "(" or "/" (an
// opening "(" counted too): the children after it hold none. gx_rest
// reports whether [from, end) holds a byte of skip. The walk asks it at
// the ends of the nodes it leaves, which only grow: no skip[k] is in
// [at[k], next[k]), and next[k] holds the first one when src[next[k]] is
// it, so each stretch of source is looked at once however wide the nodes.
static bool gx_rest(uint32_t from, uint32_t end, const char *src, const char *skip, uint32_t *at, uint32_t *next) {
	for (int k = 0; skip[k]; k++) {
		if (from < at[k] || from > next[k]) {
			at[k] = next[k] = from;
		}
		if (next[k] >= end) continue;
		if (src[next[k]] != skip[k]) {
			const char *p = memchr(src + next[k], skip[k], end - next[k]);
			next[k] = p ? (uint32_t)(p - src) : end;
			if (!p) continue;
		}
		return true;
	}
	return false;
}

// It returns 0, or -1 when memory ran out.
static int gx_walk(TSNode root, const uint8_t *trig, const uint8_t *top, const uint64_t *mask, uint32_t nsym,
		TSFieldId body_field, uint32_t max_start, const char *src, uint32_t len, const char *skip, const char *opening,
		gx_out *o) {
	uint32_t maxd = max_start + 300; // zones reach at most 255 below their start
	o->len = 0;
	o->failed = 0;
	if (o->scratch_d < maxd) {
		free(o->scratch);
		o->scratch = malloc((size_t)maxd * (sizeof(uint64_t) + 4 * sizeof(int32_t)));
		o->scratch_d = o->scratch ? maxd : 0;
		if (!o->scratch) return -1;
	}
	uint64_t *fields = o->scratch;                // the fields its kept children may be in, 0 for all
	int32_t *kept = (int32_t *)(fields + maxd);   // the kept node at each depth of the path, or -1
	int32_t *last = kept + maxd;                  // the last kept child of it
	int32_t *zone = last + maxd;                  // the deepest kept depth below it, -1 for none
	uint32_t *rest = (uint32_t *)(zone + maxd);   // its end when its children past its last skip byte are gone past, else 0
	uint32_t at[2] = {0, 0}, next[2] = {0, 0}; // gx_rest's stretches, one per byte of skip
	if (skip && strlen(skip) > 2) skip = NULL; // more bytes than gx_rest keeps: walked whole
	TSTreeCursor *cur = &o->cursor;
	ts_tree_cursor_reset(cur, root);
	uint32_t d = 0;
	kept[0] = gx_keep(o, root, ts_node_symbol(root), 0, 0, -1);
	last[0] = -1;
	zone[0] = 0;
	fields[0] = 0;
	rest[0] = 0;
	bool down = ts_tree_cursor_goto_first_child(cur);
	if (down) d = 1;
	while (down && !o->failed) {
		TSNode n = ts_tree_cursor_current_node(cur);
		TSSymbol sym = ts_node_symbol(n);
		int32_t z = zone[d-1];
		int32_t cz = -1;
		TSFieldId field = 0;
		bool keep = false;
		if ((int32_t)d <= z) {
			field = ts_tree_cursor_current_field_id(cur);
			keep = fields[d-1] == 0 || (field < 64 && (fields[d-1] >> field & 1));
			if (keep) cz = z;
		}
		uint64_t fm = 0;
		if (sym < nsym && trig[sym] != 0xff && d <= max_start) {
			if (!keep) field = ts_tree_cursor_current_field_id(cur);
			keep = true;
			if ((int32_t)(d + trig[sym]) > cz) cz = d + trig[sym];
			fm = mask[sym];
		}
		if (d == 1 && sym < nsym && top[sym] != 0xff) {
			keep = true;
			if ((int32_t)(d + top[sym]) > cz) cz = d + top[sym];
			fm = mask[sym];
		}
		if (field == body_field && field != 0) cz = -1;
		int32_t idx = -1;
		if (keep) {
			int32_t parent = kept[d-1];
			idx = gx_keep(o, n, sym, field, d, parent);
			if (idx >= 0 && parent >= 0) {
				if (last[d-1] >= 0) o->recs[last[d-1]].next = idx;
				else o->recs[parent].first = idx;
				last[d-1] = idx;
			}
		}
		bool deeper = cz > (int32_t)d;
		uint32_t goal = 0; // the first byte of n that counts, to go to among its children; 0: its first child
		if (!deeper && d < max_start) {
			deeper = true;
			if (d >= 2 && skip && !ts_node_has_error(n)) {
				goal = gx_first(n, d, src, len, skip, opening);
				deeper = goal != UINT32_MAX;
				if (d < 3) goal = 0;
			}
		}
		if (deeper && d + 1 < maxd &&
				(goal ? ts_tree_cursor_goto_first_child_for_byte(cur, goal) >= 0 : ts_tree_cursor_goto_first_child(cur))) {
			kept[d] = idx;
			last[d] = -1;
			zone[d] = cz;
			fields[d] = fm;
			rest[d] = 0;
			if (skip && d >= 3 && cz <= (int32_t)d) {
				uint32_t e = ts_node_end_byte(n);
				if (e <= len) rest[d] = e;
			}
			d++;
			continue;
		}
		uint32_t end = ts_node_end_byte(n);
		while (rest[d-1] && !gx_rest(end, rest[d-1], src, skip, at, next) || !ts_tree_cursor_goto_next_sibling(cur)) {
			if (d <= 1 || !ts_tree_cursor_goto_parent(cur)) {
				down = false;
				break;
			}
			d--;
			if (rest[d-1]) end = ts_node_end_byte(ts_tree_cursor_current_node(cur));
		}
	}
	return o->failed ? -1 : 0;
}

// gx_error_fanout walks the subtrees of root that hold a syntax error
// (has_error is stored in the tree: nothing else is visited) and returns
// the child count of the first ERROR node of more than max, 0 for none.
static uint32_t gx_error_fanout(TSNode root, uint32_t max) {
	TSTreeCursor c = ts_tree_cursor_new(root);
	uint32_t found = 0;
	for (bool more = ts_node_has_error(root); more && !found;) {
		TSNode n = ts_tree_cursor_current_node(&c);
		if (ts_node_symbol(n) == (TSSymbol)-1 && ts_node_child_count(n) > max) found = ts_node_child_count(n);
		if (ts_node_has_error(n) && ts_tree_cursor_goto_first_child(&c)) continue;
		while (more && !ts_tree_cursor_goto_next_sibling(&c)) more = ts_tree_cursor_goto_parent(&c);
	}
	ts_tree_cursor_delete(&c);
	return found;
}

static void gx_free(gx_out *o) {
	free(o->recs); o->recs = NULL; o->len = o->cap = 0;
	free(o->scratch); o->scratch = NULL; o->scratch_d = 0;
	ts_tree_cursor_delete(&o->cursor);
	memset(&o->cursor, 0, sizeof o->cursor);
}

static size_t gx_sizeof_node(void) { return sizeof(TSNode); }
static size_t gx_sizeof_cursor(void) { return sizeof(TSTreeCursor); }
*/
import "C"

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"sync/atomic"
	"unsafe"

	sitter "github.com/smacker/go-tree-sitter"
)

// walkNode is one node kept by a tree walk (the C gx_rec): its extent, its
// grammar symbol and field, and its links to the other kept nodes. It
// implements tnode, as a *sitter.Node does.
type walkNode struct {
	start, end, srow, scol, erow, ecol uint32
	parent, first, next                int32
	sym, field, depth                  uint16
	named, _                           uint8
}

func (n *walkNode) StartByte() uint32        { return n.start }
func (n *walkNode) EndByte() uint32          { return n.end }
func (n *walkNode) StartPoint() sitter.Point { return sitter.Point{Row: n.srow, Column: n.scol} }
func (n *walkNode) EndPoint() sitter.Point   { return sitter.Point{Row: n.erow, Column: n.ecol} }

// walkLayoutOK reports whether the C layouts declared above are
// go-tree-sitter's, its Parser holds its C parser in field c, and gx_rec
// is walkNode: without it the walk is not used and every language runs
// its tags query.
var walkLayoutOK = func() bool {
	node := reflect.TypeOf(sitter.Node{}).Field(0)
	cur := reflect.TypeOf(sitter.TreeCursor{}).Field(0)
	return node.Name == "c" && node.Offset == 0 && node.Type.Size() == uintptr(C.gx_sizeof_node()) &&
		cur.Name == "c" && cur.Type.Kind() == reflect.Pointer && cur.Type.Elem().Size() == uintptr(C.gx_sizeof_cursor()) &&
		parserCFound && parserC.Type.Kind() == reflect.Pointer && parserC.Type.Elem().Name() == "_Ctype_struct_TSParser" &&
		unsafe.Sizeof(walkNode{}) == unsafe.Sizeof(C.gx_rec{})
}()

// parserC is the field of a sitter.Parser that holds its C parser, which
// parseInPlace reads; walkLayoutOK checks it.
var parserC, parserCFound = reflect.TypeOf(sitter.Parser{}).FieldByName("c")

// tsNode is a C node, as the walk reads it.
type tsNode = C.TSNode

// nodeOf is n's C node.
func nodeOf(n *sitter.Node) tsNode { return *(*C.TSNode)(unsafe.Pointer(n)) }

// hasError reports whether the tree under n holds a syntax error.
func hasError(n tsNode) bool { return bool(C.ts_node_has_error(n)) }

// goTree is a tree parsed in place (parseInPlace); close frees it.
type goTree struct{ c *C.TSTree }

func (t goTree) root() C.TSNode { return C.ts_tree_root_node(t.c) }
func (t goTree) close()         { C.ts_tree_delete(t.c) }

// parseInPlace parses src with sp, as sp.ParseCtx does, but reads src where
// it is: ParseCtx copies it into C memory first, and on GOROOT/src that
// malloc, one per file, cost 0.12 s of CPU, most of it glibc merging the
// chunks the last tree freed (malloc_consolidate). tree-sitter keeps no
// pointer into the source once the parse returns. src must not be empty.
func parseInPlace(ctx context.Context, sp *sitter.Parser, src []byte) (goTree, error) {
	cp := *(**C.TSParser)(unsafe.Add(unsafe.Pointer(sp), parserC.Offset))
	// The flag go-tree-sitter set on its parser, which ParseCtx raises
	// when ctx is done.
	flag := (*uintptr)(unsafe.Pointer(C.ts_parser_cancellation_flag(cp)))
	stop := context.AfterFunc(ctx, func() { atomic.StoreUintptr(flag, 1); _ = sp })
	t := C.ts_parser_parse_string(cp, nil, (*C.char)(unsafe.Pointer(&src[0])), C.uint32_t(len(src)))
	stop()
	if t != nil {
		return goTree{t}, nil
	}
	if ctx.Err() != nil {
		atomic.StoreUintptr(flag, 0)
		return goTree{}, ctx.Err()
	}
	return goTree{}, sitter.ErrOperationLimit
}

// checkErrorFanout returns ErrTooComplex when an ERROR node under root
// has more than maxErrorFanout children, before extraction runs over it.
func checkErrorFanout(root tsNode) error {
	if n := C.gx_error_fanout(root, maxErrorFanout); n > 0 {
		return fmt.Errorf("%w: a syntax error node of %d children (budget %d)", ErrTooComplex, n, maxErrorFanout)
	}
	return nil
}

var errWalkMemory = errors.New("tree walk: out of memory")

// walkSpec is what a walk keeps: per grammar symbol, how many levels
// below a node of it (anywhere up to maxStartDepth deep; 0xff for none)
// and below a child of the root (top) are kept.
type walkSpec struct {
	trig, top []uint8
	mask      []uint64 // per grammar symbol, the fields (bit field id) its zone goes through; 0 for all
	body      uint16   // the field whose subtree zones stop at; 0 for none
	// skip holds bytes one of which is in the source of every node that
	// starts a match below the root's children in a tree without syntax
	// errors (Go: "(" of calls and conversions, "/" of comments); in such
	// a tree a subtree whose source has none is not walked. It and
	// opening end with a NUL, for C; "\x00": every subtree is walked.
	skip string
	// opening holds those of skip's bytes that, as the first byte of a
	// node more than two deep, open the node itself and start no match
	// below it (Go: the "(" of an argument or parameter list, of a
	// parenthesized expression or type; an import spec list, whose specs
	// hold neither byte, is two deep).
	opening string
}

// walkBuf is the C memory of a Parser's walks, kept from file to file (see
// gx_out); free lets it go.
type walkBuf struct{ out C.gx_out }

func (b *walkBuf) free() { C.gx_free(&b.out) }

// maxKeptRecs is the most kept nodes whose memory a walkBuf keeps after a
// walk: a large file's are let go.
const maxKeptRecs = 1 << 16

// walk runs the C walk over root, in buf's memory, and calls fn with the
// kept nodes in preorder, root first. They are C memory, reused or freed
// once fn returns: fn must keep no pointer into them.
func (s *walkSpec) walk(root C.TSNode, src []byte, buf *walkBuf, fn func(nodes []walkNode) error) error {
	defer func() {
		if buf.out.cap > maxKeptRecs {
			buf.free()
		}
	}()
	var skip, opening *C.char
	if len(s.skip) > 1 && len(src) > 0 && !C.ts_node_has_error(root) {
		skip, opening = (*C.char)(unsafe.Pointer(unsafe.StringData(s.skip))), (*C.char)(unsafe.Pointer(unsafe.StringData(s.opening)))
	}
	var srcp *C.char
	if len(src) > 0 {
		srcp = (*C.char)(unsafe.Pointer(&src[0]))
	}
	if C.gx_walk(root, (*C.uint8_t)(unsafe.Pointer(&s.trig[0])), (*C.uint8_t)(unsafe.Pointer(&s.top[0])),
		(*C.uint64_t)(unsafe.Pointer(&s.mask[0])), C.uint32_t(len(s.trig)), C.TSFieldId(s.body),
		C.uint32_t(maxStartDepth), srcp, C.uint32_t(len(src)), skip, opening, &buf.out) != 0 {
		return errWalkMemory
	}
	return fn(unsafe.Slice((*walkNode)(unsafe.Pointer(buf.out.recs)), buf.out.len))
}
