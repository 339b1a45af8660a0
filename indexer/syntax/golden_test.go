package syntax

import "flag"

// update makes golden tests rewrite their golden files instead of comparing:
//
//	go test ./indexer/syntax -run Golden -update
var update = flag.Bool("update", false, "rewrite golden files")
