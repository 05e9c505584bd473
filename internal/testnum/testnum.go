// Package testnum holds the small numerical comparisons that tests across the module
// share: largest magnitude, largest difference and relative difference of vectors.
package testnum

import "math"

// MaxAbs returns max |x_i| (0 for an empty x).
func MaxAbs(x []float64) float64 {
	m := 0.0
	for _, v := range x {
		m = math.Max(m, math.Abs(v))
	}
	return m
}

// MaxDiff returns max |a_i − b_i| over the indices of a (b at least as long).
func MaxDiff(a, b []float64) float64 {
	m := 0.0
	for i := range a {
		m = math.Max(m, math.Abs(a[i]-b[i]))
	}
	return m
}

// RelDiff returns MaxDiff(a, b) relative to MaxAbs(a), or the plain difference when a
// is zero.
func RelDiff(a, b []float64) float64 {
	d, s := MaxDiff(a, b), MaxAbs(a)
	if s == 0 {
		return d
	}
	return d / s
}
