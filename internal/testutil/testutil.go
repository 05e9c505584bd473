// Package testutil holds the small helpers that tests across the module share and that
// depend on nothing in the module (so in-package tests of any package can use them):
// vector comparisons and a panic assertion. The fixtures built through the front door are
// in internal/testfix.
package testutil

import (
	"math"
	"testing"
)

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

// RequirePanic runs f and fails the test unless f panics with the message want.
func RequirePanic(t *testing.T, want string, f func()) {
	t.Helper()
	defer func() {
		t.Helper()
		if r := recover(); r != want {
			t.Errorf("panic %v; want %q", r, want)
		}
	}()
	f()
}
