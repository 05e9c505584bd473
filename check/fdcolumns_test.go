package check

import (
	"slices"
	"testing"
)

// TestFDColumns: every column below FDMaxColumns velocities, else FDMaxColumns distinct
// increasing columns spread over the whole range.
func TestFDColumns(t *testing.T) {
	for _, nv := range []int{0, 1, 7, FDMaxColumns, FDMaxColumns + 1, 20000} {
		cols := fdColumns(nv, 0)
		if want := min(nv, FDMaxColumns); len(cols) != want {
			t.Fatalf("nv %d: %d columns; want %d", nv, len(cols), want)
		}
		for i, c := range cols {
			if c < 0 || c >= nv || (i > 0 && c <= cols[i-1]) {
				t.Fatalf("nv %d: columns %v not distinct increasing in range", nv, cols)
			}
		}
		if nv > FDMaxColumns && cols[len(cols)-1] < nv*(FDMaxColumns-1)/FDMaxColumns-1 {
			t.Errorf("nv %d: last column %d does not reach the end", nv, cols[len(cols)-1])
		}
	}
}

// TestFDColumnsWithLoops: a large model with closure rows has FDMaxColumns²/NV columns,
// at least FDMinColumns.
func TestFDColumnsWithLoops(t *testing.T) {
	for _, c := range []struct{ nv, want int }{{FDMaxColumns, FDMaxColumns}, {4000, FDMinColumns}, {800, 200}, {1000000, FDMinColumns}} {
		if got := len(fdColumns(c.nv, 6)); got != c.want {
			t.Errorf("nv %d: %d columns; want %d", c.nv, got, c.want)
		}
	}
}

// TestShiftedColumns: the lift witness's sampled columns (9 of 1,000, as on the 1,000-loop
// ladder) move from state to state: over 20 states they are 180 distinct columns, each
// state's evenly spaced, the first state's those of evenlySpaced.
func TestShiftedColumns(t *testing.T) {
	const n, k, states = 1000, 9, 20
	seen := map[int]bool{}
	for s := range states {
		cols := shiftedColumns(n, k, float64(s)/states)
		if s == 0 && !slices.Equal(cols, evenlySpaced(n, k)) {
			t.Errorf("phase 0: %v, evenlySpaced %v", cols, evenlySpaced(n, k))
		}
		for i, c := range cols {
			if c < 0 || c >= n || i > 0 && c-cols[i-1] < n/k || i > 0 && c-cols[i-1] > n/k+1 {
				t.Fatalf("state %d: columns %v not evenly spaced in [0, %d)", s, cols, n)
			}
			seen[c] = true
		}
	}
	if len(seen) != k*states {
		t.Errorf("%d distinct columns over %d states, want %d", len(seen), states, k*states)
	}
}
