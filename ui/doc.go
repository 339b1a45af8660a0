// Package ui serves the reasoning map of a repository as a local web page
// (gortex ui): a treemap of its folders, files and symbols sized by code
// and coloured by how much written reasoning explains them (audit's
// measure, audit.Explained), with the audit's findings; a symbol's why
// answer and its callers; a document beside the code it covers; the
// decisions (memories and ADRs) with their supersession chains; and search.
//
// The page is a view over a workspace.Session, asked for a current view at
// each request, like the MCP server; every answer comes from query, docs,
// change and audit, and this package only lays them out. Pages are
// rendered on the server with html/template (which escapes every string
// the repository wrote), and every asset is embedded: the page loads
// nothing from another host. The server refuses what httpguard refuses
// (foreign Host and Origin, a missing token beyond loopback) and any path
// outside its routes.
package ui
