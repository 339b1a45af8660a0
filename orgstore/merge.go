package orgstore

import "github.com/gortex/gortex/query"

// MergeEntries merges a and b, each in answer order, keeping a's order and
// at most limit entries (all when limit <= 0).
func mergeEntries(a, b []query.Entry, limit int) []query.Entry {
	out := make([]query.Entry, 0, len(a)+len(b))
	for len(a) > 0 || len(b) > 0 {
		if len(b) > 0 && (len(a) == 0 || entryBefore(b[0], a[0])) {
			out, b = append(out, b[0]), b[1:]
		} else {
			out, a = append(out, a[0]), a[1:]
		}
	}
	if limit > 0 {
		out = out[:min(len(out), limit)]
	}
	return out
}

// entryBefore reports whether x goes before y in an answer.
func entryBefore(x, y query.Entry) bool {
	cx, cy := entryClass(x), entryClass(y)
	return cx < cy || cx == cy && x.Rank > y.Rank
}

// entryClass is ranked.class of an entry.
func entryClass(e query.Entry) int {
	if e.SupersededBy != "" {
		return 2
	} else if e.Kind == query.EntryCommit {
		return 1
	}
	return 0
}
