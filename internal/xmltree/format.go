package xmltree

import (
	"strconv"
	"strings"
)

// Nums formats numbers for an XML attribute: the shortest decimal form of each that
// parses back exactly, separated by spaces, with no negative zero.
func Nums(xs ...float64) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		if x == 0 {
			x = 0 // no "-0"
		}
		s[i] = strconv.FormatFloat(x, 'g', -1, 64)
	}
	return strings.Join(s, " ")
}
