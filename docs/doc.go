// Package docs reads an opened workspace the way a person or an agent
// browses it: the documents with their kind, title and purpose (List), one
// document's heading tree (Outline), sections by id or heading (Sections,
// Section), and a search over symbol names, document sections and memories
// (Search). It is the one implementation behind the CLI's gortex docs and
// gortex search and the MCP tools list_docs, doc_outline, read_doc_section
// and search; each surface only parses its arguments and renders.
package docs
