package rationale

import (
	"slices"
	"strconv"
	"strings"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/internal/textutil"
)

// apiVersion matches a folder named for an API version: v1, v2beta3,
// v1alpha1 (Kubernetes and protobuf conventions).
var apiVersion = textutil.Regexp(`^v(\d+)(?:(alpha|beta)(\d+))?$`)

// versionKey is a symbol's identity across API versions: a symbol in a
// version folder is keyed by its receiver and name alone, so that
// api/v1beta1/x.go::Cluster and internal/api/v1alpha3/x.go::Cluster share
// one key; any other symbol by its ID.
func versionKey(n *graph.Node) (key string, version []int) {
	for d := range strings.SplitSeq(n.Path, "/") {
		if m := apiVersion().FindStringSubmatch(d); m != nil {
			version = versionRank(m)
		}
	}
	if version == nil {
		return string(n.ID), nil
	}
	return "v*::" + n.Receiver + "." + n.Name, version
}

// versionRank orders versions: a higher major first, then stable over
// beta over alpha, then the higher pre-release number.
func versionRank(m []string) []int {
	major, _ := strconv.Atoi(m[1])
	stage := 2
	switch m[2] {
	case "beta":
		stage = 1
	case "alpha":
		stage = 0
	}
	n, _ := strconv.Atoi(m[3])
	return []int{major, stage, n}
}

// versionStep lowers each older version's share below the newer one's, so
// that the newest copy of a type comes first.
const versionStep = 0.05

// versionShares returns, for each hit, the part of a bare name's score it
// gets: one part per distinct symbol, where the copies of one symbol in
// several API version folders count as one symbol and each gets the whole
// part, less versionStep per newer copy.
func versionShares(hits []*graph.Node) []float64 {
	type copyOf struct {
		i       int
		version []int
	}
	groups := map[string][]copyOf{}
	for i, n := range hits {
		k, v := versionKey(n)
		groups[k] = append(groups[k], copyOf{i, v})
	}
	shares := make([]float64, len(hits))
	for _, g := range groups {
		slices.SortStableFunc(g, func(a, b copyOf) int { return slices.Compare(b.version, a.version) })
		for rank, c := range g {
			shares[c.i] = (1 - versionStep*float64(min(rank, 10))) / float64(len(groups))
		}
	}
	return shares
}
