package topology

import "context"

// Context carries what one topology pass has computed so far.
type Context struct {
	done bool
}

// templateInput is what rendering one template needs.
type templateInput struct {
	ownerRef string
	ctx      context.Context
}
