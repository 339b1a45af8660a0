// Package docs reads a graph's documents as the document tools show them:
// the list with each document's kind, title and one-line purpose, a
// document's outline, and sections' text by id. The MCP tools list_docs,
// doc_outline and read_doc_section and the specs loop's tools are thin over
// it, so an agent and gortex's own model see the same thing.
package docs
