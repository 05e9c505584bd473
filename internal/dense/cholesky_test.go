package dense

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

func randVec(rng *rand.Rand, n int) []float64 {
	x := make([]float64, n)
	for i := range x {
		x[i] = rng.NormFloat64()
	}
	return x
}

// TestCholesky compares Cholesky and CholeskySolve with gonum's Cholesky on random
// symmetric positive definite matrices, and checks the rejection of an indefinite matrix,
// of a numerically semidefinite one (pivot below n·ε of its diagonal) and of NaN.
func TestCholesky(t *testing.T) {
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
		if !Cholesky(a, n) {
			t.Fatalf("n=%d: rejected a positive definite matrix", n)
		}
		CholeskySolve(a, n, x)
		for i := range x {
			if d := math.Abs(x[i] - want.AtVec(i)); d > 1e-9*(1+math.Abs(want.AtVec(i))) {
				t.Errorf("n=%d: x[%d] = %g, gonum %g", n, i, x[i], want.AtVec(i))
			}
		}
	}
	for _, c := range []struct {
		name string
		a    []float64
	}{
		{"indefinite", []float64{1, 2, 2, 1}},
		{"semidefinite", []float64{1, 1, 1, 1 + 0x1p-52}},
		{"NaN", []float64{1, 0, 0, math.NaN()}},
	} {
		if Cholesky(c.a, 2) {
			t.Errorf("%s matrix accepted", c.name)
		}
	}
}

// TestMulVec checks MulVec, MulVecAdd and MulTransVec against gonum on a strided matrix,
// and the empty cases.
func TestMulVec(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	const r, c, stride = 4, 3, 5
	a := randVec(rng, r*stride)
	A := mat.NewDense(r, c, nil)
	for i := range r {
		for j := range c {
			A.Set(i, j, a[i*stride+j])
		}
	}
	x, xt, b := randVec(rng, c), randVec(rng, r), randVec(rng, r)
	var want, wantT mat.VecDense
	want.MulVec(A, mat.NewVecDense(c, x))
	wantT.MulVec(A.T(), mat.NewVecDense(r, xt))
	y, ya, yt := make([]float64, r), make([]float64, r), make([]float64, c)
	MulVec(a, stride, x, y)
	MulVecAdd(a, stride, x, b, ya)
	MulTransVec(a, stride, xt, yt)
	for i := range r {
		if math.Abs(y[i]-want.AtVec(i)) > 1e-14 || math.Abs(ya[i]-b[i]-want.AtVec(i)) > 1e-14 {
			t.Errorf("row %d: MulVec %g, MulVecAdd−b %g, gonum %g", i, y[i], ya[i]-b[i], want.AtVec(i))
		}
	}
	for j := range c {
		if math.Abs(yt[j]-wantT.AtVec(j)) > 1e-14 {
			t.Errorf("col %d: MulTransVec %g, gonum %g", j, yt[j], wantT.AtVec(j))
		}
	}
	y = []float64{1, 2}
	MulVec(nil, 0, nil, y)
	MulVecAdd(nil, 0, nil, []float64{3, 4}, ya[:2])
	MulTransVec(nil, 0, nil, yt)
	if y[0] != 0 || y[1] != 0 || ya[0] != 3 || ya[1] != 4 || yt[0] != 0 {
		t.Error("empty products are not y = 0 (or b)")
	}
}

// TestCheckLen checks the shape panic's message.
func TestCheckLen(t *testing.T) {
	CheckLen("pkg: F", "x", 3, 3)
	defer func() {
		if r := recover(); r != "pkg: F: len(x) = 2; want 3" {
			t.Errorf("panic %v", r)
		}
	}()
	CheckLen("pkg: F", "x", 2, 3)
}
