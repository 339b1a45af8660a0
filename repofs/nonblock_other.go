//go:build !unix

package repofs

// nonBlock is 0 where named pipes do not block an open.
const nonBlock = 0
