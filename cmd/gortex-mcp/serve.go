package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/gortex/gortex/cmd/internal/cli"
	"github.com/gortex/gortex/orgserve"
	"github.com/gortex/gortex/orgstore"
)

// runServe serves gortex serve: its exit code, and the error to print.
func runServe(ctx context.Context, args []string, stderr io.Writer) (int, error) {
	var o cli.ServeFlags
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	o.Define(fs)
	if err := cli.Parse(fs, args); err != nil {
		return exitUsage, err
	}
	st, err := orgstore.Open(ctx, cli.DBURL(o.DB))
	if err != nil {
		return exitError, err
	}
	defer st.Close()
	srv := orgserve.New(st, cli.ReadBuildInfo(version, commit).Version)
	err = srv.ServeHTTP(ctx, orgserve.Options{Addr: o.HTTP, AllowOrigins: o.Origins.Vals}, func(url string) {
		fmt.Fprintf(stderr, "gortex: serving the organisation's store at %s\n", url)
	})
	if err != nil && !errors.Is(err, context.Canceled) {
		return exitError, err
	}
	return exitOK, nil
}
