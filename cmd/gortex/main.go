// Command gortex answers "why does this code exist?" from a repository's
// design documents, ADRs and recorded decisions. Run gortex help for usage.
package main

import (
	"context"
	"os"
	"os/signal"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	handOverInPlace = true
	code := Main(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}
