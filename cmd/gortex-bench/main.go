// Command gortex-bench measures gortex on a large tree against the tools it
// is compared with: Universal Ctags and a bare tree-sitter parse of the same
// Go files, all in one run on one tree, then the incremental re-index after
// one change and the why query from the command line and in process. Run
// gortex-bench -h for usage; make bench runs it on the Go toolchain's source.
package main

import (
	"context"
	"os"
	"os/signal"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	code := Main(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}
