// Package lsp is gortex's language server: the Language Server Protocol
// over a stream (stdio for `gortex lsp`), so that an editor shows why code
// exists where the code is read. It answers from the views a Views gives
// it (in the command, a workspace.Session: one load, a watcher,
// incremental refresh) and never decides freshness itself.
//
// Hover on a symbol shows its strongest reasoning, with links to the
// documents at their lines. The protocol types and JSON-RPC are those of
// go.lsp.dev/protocol and go.lsp.dev/jsonrpc2; handlers take their typed
// parameters and return typed results, one file per request.
package lsp
