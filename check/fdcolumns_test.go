package check

import "testing"

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
