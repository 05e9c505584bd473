package cmg

import (
	"fmt"
	"strconv"
	"strings"
)

// maxListed bounds how many valid names a message lists.
const maxListed = 12

// listNames renders names for a message: quoted, comma-separated, at most maxListed of
// them and then how many more there are.
func listNames(names []string) string {
	if len(names) == 0 {
		return "(none)"
	}
	shown := names[:min(len(names), maxListed)]
	q := make([]string, len(shown))
	for i, n := range shown {
		q[i] = strconv.Quote(n)
	}
	s := strings.Join(q, ", ")
	if len(names) > len(shown) {
		s += fmt.Sprintf(" and %d more", len(names)-len(shown))
	}
	return s
}

// didYouMean returns ` (did you mean "x"?)` for the candidate closest to name when it is
// a likely typo, ignoring case: names of 1–2 bytes must match, of 3–4 bytes be 1 edit
// away, longer ones max(2, len/3) edits; or "".
func didYouMean(name string, candidates []string) string {
	const longest = 64 // names longer than this get no suggestion (the cost is quadratic)
	if len(name) > longest {
		return ""
	}
	allowed := 0
	switch {
	case len(name) >= 5:
		allowed = max(2, len(name)/3)
	case len(name) >= 3:
		allowed = 1
	}
	best, bestD := "", allowed+1
	for _, c := range candidates {
		if len(c) > longest {
			continue
		}
		if d := editDistance(strings.ToLower(name), strings.ToLower(c)); d < bestD {
			best, bestD = c, d
		}
	}
	if best == "" || best == name {
		return ""
	}
	return fmt.Sprintf(" (did you mean %q?)", best)
}

// editDistance is the optimal-string-alignment distance between a and b in bytes:
// insertions, deletions, substitutions and transpositions of neighbours each count 1.
func editDistance(a, b string) int {
	d := make([][]int, len(a)+1)
	for i := range d {
		d[i] = make([]int, len(b)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(a)][len(b)]
}
