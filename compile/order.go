package compile

import (
	"slices"
	"strings"
)

// byID returns pointers to the records in id order (ids are unique after cmg
// validation), so that every choice the compiler makes is independent of the input order
// without copying the records themselves. The sort runs on compact (id, index) keys.
func byID[T any](recs []T, id func(*T) string) []*T {
	type key struct {
		id string
		i  int
	}
	keys := make([]key, len(recs))
	for i := range recs {
		keys[i] = key{id(&recs[i]), i}
	}
	slices.SortFunc(keys, func(a, b key) int { return strings.Compare(a.id, b.id) })
	out := make([]*T, len(recs))
	for k, key := range keys {
		out[k] = &recs[key.i]
	}
	return out
}
