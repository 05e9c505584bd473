package closure

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestResidual6RowsMatchesMulSub: the one-sweep residual kernel equals mulSub row by row
// bit for bit (random rows of 0–12 terms with repeated and unordered columns, strides
// wider than six, NaN and infinite entries), and refuses slices too short for its rows.
func TestResidual6RowsMatchesMulSub(t *testing.T) {
	rng := rand.New(rand.NewPCG(61, 62))
	for trial := range 200 {
		n := 1 + rng.IntN(31)
		xs, rs, ss := 6+rng.IntN(3), 6+rng.IntN(3), 6+rng.IntN(3)
		x := make([]float64, (n-1)*xs+6)
		src := make([]float64, (n-1)*ss+6)
		for i := range x {
			x[i] = rng.NormFloat64() * math.Ldexp(1, rng.IntN(40)-20)
		}
		for i := range src {
			src[i] = rng.NormFloat64()
		}
		if trial%10 == 0 {
			x[rng.IntN(len(x))], src[rng.IntN(len(src))] = math.NaN(), math.Inf(-1)
		}
		ptr := make([]int, n+1)
		var vals []float64
		var cols []int
		for i := range n {
			for range rng.IntN(13) {
				vals, cols = append(vals, rng.NormFloat64()), append(cols, rng.IntN(n))
			}
			ptr[i+1] = len(vals)
		}
		got, want := make([]float64, (n-1)*rs+6), make([]float64, (n-1)*rs+6)
		if !residual6Rows(got, rs, src, ss, ptr, vals, cols, x, xs) {
			t.Fatalf("trial %d: refused", trial)
		}
		for i := range n {
			lo, hi := ptr[i], ptr[i+1]
			mulSub(want[i*rs:i*rs+6], src[i*ss:i*ss+6], vals[lo:hi], cols[lo:hi], x, xs)
		}
		for k := range got {
			if math.Float64bits(got[k]) != math.Float64bits(want[k]) && !(math.IsNaN(got[k]) && math.IsNaN(want[k])) {
				t.Fatalf("trial %d entry %d: %v, mulSub %v", trial, k, got[k], want[k])
			}
		}
		if residual6Rows(got[:len(got)-1], rs, src, ss, ptr, vals, cols, x, xs) ||
			residual6Rows(got, rs, src, ss, ptr, vals, cols, x[:len(x)-1], xs) ||
			residual6Rows(got, rs, src[:len(src)-1], ss, ptr, vals, cols, x, xs) ||
			ptr[n] > 0 && residual6Rows(got, rs, src, ss, ptr, vals[:ptr[n]-1], cols, x, xs) {
			t.Fatalf("trial %d: short slices accepted", trial)
		}
	}
}
