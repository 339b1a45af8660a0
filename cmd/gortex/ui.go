package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"

	"github.com/gortex/gortex/cmd/internal/cli"
	"github.com/gortex/gortex/internal/httpguard"
	"github.com/gortex/gortex/memory"
	"github.com/gortex/gortex/ui"
	"github.com/gortex/gortex/workspace"
)

// uiTokenEnv holds the token of gortex ui when --token is not given.
const uiTokenEnv = "GORTEX_UI_TOKEN"

type uiOpts struct {
	dir     string
	http    string
	token   string
	origins listFlag
	verbose bool
}

func runUI(ctx context.Context, e env, args []string) int {
	var o uiOpts
	fs := flag.NewFlagSet("ui", flag.ContinueOnError)
	fs.StringVar(&o.dir, "dir", "", dirHelp)
	fs.StringVar(&o.http, "http", "127.0.0.1:0", "serve on this host:port (port 0 picks a free one)")
	fs.StringVar(&o.token, "token", os.Getenv(uiTokenEnv), "token required of every request (default $"+uiTokenEnv+", else a new one each start)")
	fs.Var(&o.origins, "allow-origin", "a browser origin (scheme://host:port) allowed besides localhost (repeatable)")
	fs.BoolVar(&o.verbose, "v", false, "log every refresh of the index on stderr")
	setUsage(fs, "ui", "token_env", uiTokenEnv)
	pos, code, done := parseFlags(fs, e, args)
	if done {
		return code
	}
	if !noArgs(e, "ui", pos, dirHint) {
		return exitUsage
	}
	return uiRun(ctx, e, o)
}

func uiRun(ctx context.Context, e env, o uiOpts) int {
	if _, err := httpguard.ListenAddr(o.http); err != nil {
		fmt.Fprintln(e.stderr, "gortex ui:", err)
		return exitUsage
	}
	root, err := cli.Root(o.dir)
	if err != nil {
		fmt.Fprintln(e.stderr, "gortex ui:", err)
		return exitError
	}
	log := cli.ServerLog(e.stderr, o.verbose)
	sess, err := workspace.NewSession(root, workspace.Options{Scope: memory.ScopeBoth, Log: log})
	if err != nil {
		fmt.Fprintln(e.stderr, "gortex ui:", err)
		return exitError
	}
	srv := ui.New(sess, ui.Options{Log: log})
	err = srv.Serve(ctx, ui.HTTPOptions{Addr: o.http, Token: o.token, AllowOrigins: o.origins.vals}, func(url string) {
		fmt.Fprintf(e.stderr, "gortex: serving the reasoning map of %s\n", root)
		fmt.Fprintln(e.stdout, url)
	})
	if err != nil && !errors.Is(err, context.Canceled) {
		fmt.Fprintln(e.stderr, "gortex ui:", err)
		return exitError
	}
	return exitOK
}
