package closure

import (
	"github.com/robocompiler/robocompiler/internal/testutil"
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
		scale := testutil.MaxAbs(want.Data)
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

// TestLiftSignAndRCond checks that the lift's sparse column order changes neither the
// determinant sign of R_p in the partition's Dependent order nor its condition estimate
// (against gonum Getrf and Gecon on the unpermuted scaled block), on every built-in
// mechanism at perturbed configurations.
func TestLiftSignAndRCond(t *testing.T) {
	for _, f := range builtins(t, false) {
		d := NewData(f.m)
		d.Jacobian(f.q)
		p, err := ChoosePartition(f.m, d.C, nil, 0)
		if err != nil || p.Rank == 0 || p.Mobility == 0 {
			continue
		}
		l := NewLift(p, f.m.NV)
		rng := rand.New(rand.NewPCG(13, 14))
		for range 5 {
			d.Jacobian(perturb(f.m, f.q, rng, 0.05))
			if err := l.Update(d.C); err != nil {
				t.Fatalf("%s: %v", f.name, err)
			}
			r := p.Rank
			a := blas64.General{Rows: r, Cols: r, Stride: r, Data: make([]float64, r*r)}
			for i, row := range p.Rows {
				for k, c := range p.Dependent {
					a.Data[i*r+k] = d.C.At(row, c) * p.rowScale[row] * p.colScale[c]
				}
			}
			anorm := lapack64.Lange(lapack.MaxColumnSum, a, make([]float64, r))
			ipiv := make([]int, r)
			lapack64.Getrf(a, ipiv)
			sign := 1
			for k, pk := range ipiv {
				if pk != k {
					sign = -sign
				}
				if a.Data[k*r+k] < 0 {
					sign = -sign
				}
			}
			rc := lapack64.Gecon(lapack.MaxColumnSum, a, anorm, make([]float64, 4*r), make([]int, r))
			if l.Sign != sign {
				t.Errorf("%s: Sign %d, det R_p has sign %d", f.name, l.Sign, sign)
			}
			if math.Abs(l.RCond-rc) > 1e-6*rc {
				t.Errorf("%s: RCond %g, Gecon %g", f.name, l.RCond, rc)
			}
		}
	}
}
