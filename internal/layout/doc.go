// Package layout holds no code: its test checks that ARCHITECTURE.md's
// package table names every package of the module with exactly the
// module packages it imports, as go list reports them.
package layout
