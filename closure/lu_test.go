package closure

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/lapack"
	"gonum.org/v1/gonum/lapack/lapack64"
)

// TestLUAgainstLAPACK compares the sparse-aware LU with gonum's Getrf, Getrs and Gecon on
// random sparse matrices: the same pivots, solutions and determinant sign, and the same
// condition estimate, to round-off.
func TestLUAgainstLAPACK(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	solved := 0
	for trial := range 200 {
		n := 1 + rng.IntN(30)
		nr := 1 + rng.IntN(7)
		a := make([]float64, n*n)
		for i := range a {
			if rng.Float64() < 0.3 {
				a[i] = rng.NormFloat64()
			}
		}
		for i := range n {
			if rng.Float64() < 0.8 {
				a[i*n+(i*7)%n] += 1 + rng.Float64()
			}
		}
		b := make([]float64, n*nr)
		for i := range b {
			b[i] = rng.NormFloat64()
		}
		ref := blas64.General{Rows: n, Cols: n, Stride: n, Data: append([]float64(nil), a...)}
		anorm := lapack64.Lange(lapack.MaxColumnSum, ref, make([]float64, n))
		ipiv := make([]int, n)
		okRef := lapack64.Getrf(ref, ipiv)
		f := newLU(n)
		copy(f.a.Data, a)
		if ok := f.factor(); ok != okRef {
			t.Fatalf("trial %d: factor ok = %v, Getrf %v", trial, ok, okRef)
		}
		if !okRef {
			continue
		}
		solved++
		for k := range ipiv {
			if ipiv[k] != f.ipiv[k] {
				t.Fatalf("trial %d: pivot %d = %d, Getrf %d", trial, k, f.ipiv[k], ipiv[k])
			}
		}
		rc := lapack64.Gecon(lapack.MaxColumnSum, ref, anorm, make([]float64, 4*n), make([]int, n))
		if got := f.rcond(anorm, make([]float64, 2*n), make([]int, n)); math.Abs(got-rc) > 1e-8*rc {
			t.Errorf("trial %d: rcond %g, Gecon %g", trial, got, rc)
		}
		want := blas64.General{Rows: n, Cols: nr, Stride: nr, Data: append([]float64(nil), b...)}
		lapack64.Getrs(blas.NoTrans, ref, want, ipiv)
		got := blas64.General{Rows: n, Cols: nr, Stride: nr, Data: append([]float64(nil), b...)}
		f.solve(got)
		scale := maxAbs(want.Data)
		for i := range got.Data {
			if math.Abs(got.Data[i]-want.Data[i]) > 1e-12*scale/rc {
				t.Fatalf("trial %d: solution differs by %g (scale %g, rcond %g)", trial, got.Data[i]-want.Data[i], scale, rc)
			}
		}
		sign := 1
		for k, p := range ipiv {
			if p != k {
				sign = -sign
			}
			if ref.Data[k*n+k] < 0 {
				sign = -sign
			}
		}
		if f.sign() != sign {
			t.Errorf("trial %d: sign %d, want %d", trial, f.sign(), sign)
		}
	}
	if solved < 100 {
		t.Errorf("only %d of 200 random matrices were nonsingular", solved)
	}
}
