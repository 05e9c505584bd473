package closure

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/robocompiler/robocompiler/internal/testutil"
	"gonum.org/v1/gonum/blas/blas64"
)

// randomBordered returns a random bordered block-diagonal matrix (dense, n × n row-major)
// and its factorisation's workspace with the blocks filled: 2–5 groups of 1–7 rows with
// as many or fewer own columns, each touching a random subset of the border, with about
// a fifth of the structural entries zero.
func randomBordered(rng *rand.Rand, nrhs int) (*bordered, []float64) {
	G := 2 + rng.IntN(4)
	rs, cs := make([]int, G), make([]int, G)
	nb := 0
	for g := range G {
		rs[g] = 1 + rng.IntN(7)
		cs[g] = rs[g] - rng.IntN(min(rs[g], 3)+1)
		cs[g] = max(cs[g], 0)
		nb += rs[g] - cs[g]
	}
	bcols := make([][]int, G)
	for g := range G {
		for b := range nb {
			if rs[g] > cs[g] && rng.Float64() < 0.7 || rng.Float64() < 0.4 {
				bcols[g] = append(bcols[g], b)
			}
		}
	}
	f := newBordered(rs, cs, bcols, nb, nrhs)
	n := f.n
	a := make([]float64, n*n)
	for _, g := range f.groups {
		for t := range g.r {
			for j := range g.w {
				x := 0.0
				if rng.Float64() < 0.8 {
					x = rng.NormFloat64()
				}
				f.a[g.off+t*g.w+j] = x
				col := g.col0 + j
				if j >= g.c {
					col = f.nc + g.bcols[j-g.c]
				}
				a[(g.row0+t)*n+col] = x
			}
		}
	}
	return f, a
}

// TestBorderedAgainstLU: the bordered factorisation solves A X = B and Aᵀ x = b, and gives
// the determinant sign, pivot verdict and condition estimate of the general LU on the same
// matrix, on random bordered matrices (the solutions to round-off relative to the
// condition, the estimate to 1e-12 relative).
func TestBorderedAgainstLU(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	solved := 0
	for trial := range 400 {
		nr := 1 + rng.IntN(6)
		f, a := randomBordered(rng, nr)
		n := f.n
		g := newLU(n)
		copy(g.a.Data, a)
		okG, okB := g.factor(), f.factor()
		if okG != okB {
			// Only an exactly zero pivot column in one order and a round-off one in the
			// other may disagree; then the matrix is singular to working precision.
			if okG && g.pivotRatio() > 1e-13 {
				t.Fatalf("trial %d: bordered factor failed, general LU pivot ratio %g", trial, g.pivotRatio())
			}
			if okB && f.pivotRatio() > 1e-13 {
				t.Fatalf("trial %d: general LU failed, bordered pivot ratio %g", trial, f.pivotRatio())
			}
			continue
		}
		if !okG {
			continue
		}
		anorm := 0.0
		for j := range n {
			s := 0.0
			for i := range n {
				s += math.Abs(a[i*n+j])
			}
			anorm = math.Max(anorm, s)
		}
		work, isgn := make([]float64, 2*n), make([]int, n)
		rg := g.rcond(anorm, work, isgn)
		if rg < 1e-10 {
			continue // too ill-conditioned to compare solutions
		}
		solved++
		if rb := f.rcond(anorm, work, isgn); math.Abs(rb-rg) > 1e-12*rg {
			t.Errorf("trial %d: rcond %g, general %g", trial, rb, rg)
		}
		if f.sign() != g.sign() {
			t.Errorf("trial %d: sign %d, general %d", trial, f.sign(), g.sign())
		}
		if pb, pg := f.pivotRatio(), g.pivotRatio(); pb == 0 || pg == 0 {
			t.Errorf("trial %d: pivot ratios %g, %g", trial, pb, pg)
		}
		b := make([]float64, n*nr)
		for i := range b {
			b[i] = rng.NormFloat64()
		}
		want := blas64.General{Rows: n, Cols: nr, Stride: nr, Data: append([]float64(nil), b...)}
		got := blas64.General{Rows: n, Cols: nr, Stride: nr + 1, Data: make([]float64, n*(nr+1))}
		for i := range n {
			copy(got.Data[i*got.Stride:], b[i*nr:(i+1)*nr])
		}
		g.solve(want)
		f.solve(got)
		tol := 1e-13 * testutil.MaxAbs(want.Data) / rg
		for i := range n {
			for j := range nr {
				if d := got.Data[i*got.Stride+j] - want.Data[i*nr+j]; !(math.Abs(d) <= tol) {
					t.Fatalf("trial %d: solution (%d, %d) differs by %g (tol %g)", trial, i, j, d, tol)
				}
			}
		}
		xt, wt := b[:n:n], append([]float64(nil), b[:n]...)
		g.solveT(wt)
		f.solveT(xt)
		tol = 1e-13 * testutil.MaxAbs(wt) / rg
		for i := range n {
			if d := xt[i] - wt[i]; !(math.Abs(d) <= tol) {
				t.Fatalf("trial %d: transposed solution %d differs by %g (tol %g)", trial, i, d, tol)
			}
		}
	}
	if solved < 200 {
		t.Errorf("only %d of 400 random bordered matrices were compared", solved)
	}
}

// BenchmarkLiftE measures the lift without its condition estimate (UpdateE, the front
// door's path) per built-in mechanism.
func BenchmarkLiftE(b *testing.B) {
	for _, f := range builtins(b, false) {
		b.Run(f.name, func(b *testing.B) {
			d := NewData(f.m)
			d.Jacobian(f.q)
			p, _ := ChoosePartition(f.m, d.C, nil, 0)
			l := NewLift(p, f.m.NV)
			b.ReportAllocs()
			for b.Loop() {
				_ = l.UpdateE(d.C)
			}
		})
	}
}
