package release

// The areas a release note may be filed under.
const (
	Documentation = "Documentation"
	Unknown       = "Unknown"
)
