package graph

import "errors"

// Errors returned by the store and by Load.
var (
	// ErrNotFound is returned when a node ID is not in the store.
	ErrNotFound = errors.New("node not found")
	// ErrVersion is returned by Load when a snapshot was written by another
	// format version; the caller should rebuild the index.
	ErrVersion = errors.New("index format version mismatch")
	// ErrCorrupt is returned by Load when a snapshot cannot be decoded.
	ErrCorrupt = errors.New("index snapshot is corrupt")
)
