package dyn

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// TestCholeskySolve compares choleskySolve with gonum's Cholesky on random symmetric
// positive definite matrices, and checks that an indefinite matrix is rejected with x
// unchanged.
func TestCholeskySolve(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	for n := 1; n <= 25; n++ {
		g := mat.NewDense(n, n, randVec(rng, n*n))
		var spd mat.SymDense
		spd.SymOuterK(1, g)
		for i := range n {
			spd.SetSym(i, i, spd.At(i, i)+0.1)
		}
		b := randVec(rng, n)
		var ch mat.Cholesky
		if !ch.Factorize(&spd) {
			t.Fatalf("n=%d: gonum rejects the matrix", n)
		}
		var want mat.VecDense
		if err := ch.SolveVecTo(&want, mat.NewVecDense(n, append([]float64(nil), b...))); err != nil {
			t.Fatal(err)
		}
		a := make([]float64, n*n)
		for i := range n {
			for j := range n {
				a[i*n+j] = spd.At(i, j)
			}
		}
		x := append([]float64(nil), b...)
		if !choleskySolve(a, n, x) {
			t.Fatalf("n=%d: rejected a positive definite matrix", n)
		}
		for i := range x {
			if d := math.Abs(x[i] - want.AtVec(i)); d > 1e-9*(1+math.Abs(want.AtVec(i))) {
				t.Errorf("n=%d: x[%d] = %g, gonum %g", n, i, x[i], want.AtVec(i))
			}
		}
	}
	a := []float64{1, 2, 2, 1}
	x := []float64{3, 4}
	if choleskySolve(a, 2, x) || x[0] != 3 || x[1] != 4 {
		t.Error("an indefinite matrix was accepted or x changed")
	}
}
