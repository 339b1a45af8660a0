// Package layout holds no code: its tests check that ARCHITECTURE.md's
// package table names every package of the module with exactly the
// module packages it imports, as go list reports them, that a library
// package stays under its size cap, and that no package-level variable
// compiles an expression or a template, or parses the build information,
// at initialisation (every command would pay for it before main).
package layout
