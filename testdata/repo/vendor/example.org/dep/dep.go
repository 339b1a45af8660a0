//go:build ignore

// Package dep is a vendored third-party package. The indexer skips
// vendor/ directories, so nothing here may appear in the graph.
package dep

import "strings"

// VendoredHelper normalises a key the way the upstream library does.
func VendoredHelper(key string) string {
	return strings.ToLower(strings.TrimSpace(key))
}

// VendoredClient is a stub of the upstream client type.
type VendoredClient struct {
	Endpoint string
	Retries  int
}

// Do pretends to send a request and returns the normalised path.
func (c *VendoredClient) Do(path string) string {
	return c.Endpoint + "/" + VendoredHelper(path)
}

// Close releases nothing; it exists to satisfy io.Closer.
func (c *VendoredClient) Close() error {
	return nil
}

// VendoredDefaultRetries is used when Retries is zero.
const VendoredDefaultRetries = 3
