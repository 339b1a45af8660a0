package main

import "log/slog"

// serverLog is the diagnostics log of a long-running command (mcp, lsp,
// ui) on stderr: warnings and errors, and with verbose every refresh of
// the index too.
func serverLog(e env, verbose bool) *slog.Logger {
	level := slog.LevelWarn
	if verbose {
		level = slog.LevelInfo
	}
	return slog.New(slog.NewTextHandler(e.stderr, &slog.HandlerOptions{Level: level}))
}
