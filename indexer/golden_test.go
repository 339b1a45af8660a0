package indexer

import "flag"

// update makes golden tests rewrite their golden files instead of comparing:
//
//	go test ./indexer -run Golden -update
var update = flag.Bool("update", false, "rewrite golden files")
