package syntax

// For the tests of package syntax_test, which index the language fixtures
// with the indexer.
var (
	UpdateGolden = update
	RSS          = rss
)
