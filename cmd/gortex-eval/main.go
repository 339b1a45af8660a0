// Command gortex-eval measures how well gortex why finds the design-doc
// section that explains a symbol, against a hand-labelled gold file, and
// compares it with a name-match baseline on the same corpus. Run
// gortex-eval -h for usage.
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
