package syntax

/*
#include <stdlib.h>
#ifdef __GLIBC__
#include <malloc.h>
static void gx_release(void) { malloc_trim(0); }
#else
static void gx_release(void) {}
#endif
*/
import "C"

// ReleaseMemory returns to the system the C heap memory that tree-sitter
// freed. glibc's malloc keeps freed memory in its arenas, one per thread
// that parsed: after the parse of GOROOT/src they held 60 to 90 MB of
// resident memory that no parse used again, still there when the index
// peaks after the parse. Call it once the parsing is over; elsewhere than
// glibc it does nothing.
func ReleaseMemory() { C.gx_release() }
