package dense

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestLUSolve checks that LUSolve inverts random matrices (including ones that need row
// swaps) to round-off, and that LU rejects a singular matrix.
func TestLUSolve(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for n := 1; n <= 7; n++ {
		a := make([]float64, n*n)
		for i := range a {
			a[i] = rng.NormFloat64()
		}
		a[0] = 0 // forces a swap
		x := make([]float64, n)
		for i := range x {
			x[i] = rng.NormFloat64()
		}
		b := make([]float64, n)
		MulVec(a, n, x, b)
		lu, piv := append([]float64(nil), a...), make([]int, n)
		if !LU(lu, n, piv) {
			if n == 1 {
				continue
			}
			t.Fatalf("n = %d: LU rejected a random matrix", n)
		}
		LUSolve(lu, n, piv, b)
		for i := range x {
			if math.Abs(b[i]-x[i]) > 1e-10*(1+math.Abs(x[i])) {
				t.Fatalf("n = %d: x[%d] = %g; want %g", n, i, b[i], x[i])
			}
		}
	}
	if LU([]float64{1, 2, 2, 4}, 2, make([]int, 2)) {
		t.Fatal("LU accepted a singular matrix")
	}
}
