// Package ignore matches paths against .gitignore rules exactly as git
// check-ignore does: patterns compiled once per ignore file into buckets,
// git's precedence between files, and git's wildmatch for globs (bracket
// expressions, "**", escapes).
package ignore
