package dyn

import (
	"errors"
	"github.com/robocompiler/robocompiler/internal/testutil"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// TestReducedProjection checks eq. 14 on random trees with a random full-rank "lift" E
// and curvature c: M_r = Eᵀ M_T E and h_r = Eᵀ(h_T + M_T c) against dense products,
// Inverse(Forward(τ)) = τ, and zero allocations. E is first dense (the column form), then
// made sparse in place (the same matrix, whose dense form ReducedDynamics keeps), then
// a new sparse matrix (the sparse form).
func TestReducedProjection(t *testing.T) {
	for seed := uint64(1); seed <= 5; seed++ {
		m := build(t, randomTreeGraph(seed, false))
		rng := rand.New(rand.NewPCG(seed, 99))
		q, v := randomState(m, rng)
		n, nd := m.NVT, m.NVT-1
		E := mat.NewDense(m.NV, nd, randVec(rng, m.NV*nd))
		c := randVec(rng, m.NV)
		d := NewData(m)
		r := NewReduced(n, nd)
		MT := massMatrix(d, q)
		hT := make([]float64, n)
		d.Bias(q, v, nil, hT)
		for pass, form := range []string{"dense", "sparse in place", "sparse"} {
			if pass == 1 {
				for i := range m.NV { // E_T's diagonal and subdiagonal only
					for k := range nd {
						if k != i && k+1 != i {
							E.Set(i, k, 0)
						}
					}
				}
			}
			if pass == 2 {
				E = mat.DenseCopyOf(E)
			}
			d.ReducedDynamics(r, q, v, E, c, nil)
			if r.denseE != (pass < 2) {
				t.Fatalf("seed %d, %s E: denseE = %v", seed, form, r.denseE)
			}
			ET := E.Slice(0, n, 0, nd)
			var me, mr mat.Dense
			me.Mul(mat.NewDense(n, n, MT), ET)
			mr.Mul(ET.T(), &me)
			if dd := testutil.MaxDiff(mr.RawMatrix().Data, r.Mr); dd > 1e-12*testutil.MaxAbs(r.Mr) {
				t.Errorf("seed %d, %s E: M_r differs from EᵀME by %.3g", seed, form, dd)
			}
			hc := matVec(MT, c[:n])
			for i := range hc {
				hc[i] += hT[i]
			}
			hr := mat.NewVecDense(nd, nil)
			hr.MulVec(ET.T(), mat.NewVecDense(n, hc))
			if dd := testutil.MaxDiff(hr.RawVector().Data, r.Hr); dd > 1e-12*max(1, testutil.MaxAbs(r.Hr)) {
				t.Errorf("seed %d, %s E: h_r differs from Eᵀ(h + M c) by %.3g", seed, form, dd)
			}

			tau, udot, back := randVec(rng, nd), make([]float64, nd), make([]float64, nd)
			if err := r.Forward(tau, udot); err != nil {
				t.Fatal(err)
			}
			r.Inverse(udot, back)
			if dd := testutil.MaxDiff(back, tau); dd > 1e-12*(testutil.MaxAbs(r.Mr)*testutil.MaxAbs(udot)+testutil.MaxAbs(r.Hr)+testutil.MaxAbs(tau)) {
				t.Errorf("seed %d, %s E: Inverse(Forward(τ)) − τ = %.3g", seed, form, dd)
			}
			if a := testing.AllocsPerRun(10, func() {
				d.ReducedDynamics(r, q, v, E, c, nil)
				_ = r.Forward(tau, udot)
			}); a != 0 {
				t.Errorf("seed %d, %s E: %v allocations per reduced forward dynamics", seed, form, a)
			}
		}
	}
}

// TestReducedNotPositiveDefinite: a lift with a zero column (an independent speed that
// moves nothing) gives a singular M_r, reported as such.
func TestReducedNotPositiveDefinite(t *testing.T) {
	m := build(t, randomTreeGraph(3, false))
	rng := rand.New(rand.NewPCG(3, 4))
	q, v := randomState(m, rng)
	nd := 2
	E := mat.NewDense(m.NV, nd, nil)
	E.Set(0, 0, 1) // column 1 stays zero
	d := NewData(m)
	r := NewReduced(m.NVT, nd)
	d.ReducedDynamics(r, q, v, E, make([]float64, m.NV), nil)
	err := r.Forward([]float64{1, 1}, make([]float64, nd))
	if !errors.Is(err, ErrReducedNotPositiveDefinite) {
		t.Fatalf("got %v, want ErrReducedNotPositiveDefinite", err)
	}
}

// TestReducedAcceleration: Reduced.Acceleration, which forms E u̇ + c over the nonzeros of
// E_T recorded by ReducedDynamics, equals TreeAcceleration's dense product bit for bit on
// the built-in mechanisms and Kangaroo (sparse and dense lifts).
func TestReducedAcceleration(t *testing.T) {
	for _, name := range benchMechanisms() {
		s := newMechanismState(t, name)
		r := s.reduced()
		udot := make([]float64, s.E.RawMatrix().Cols)
		for i := range udot {
			udot[i] = float64(i+1) / 3
		}
		want, got := make([]float64, s.m.NV), make([]float64, s.m.NV)
		TreeAcceleration(s.E, s.c, udot, want)
		r.Acceleration(s.E, s.c, udot, got)
		for i := range want {
			if got[i] != want[i] {
				t.Fatalf("%s: a[%d] = %v; TreeAcceleration gives %v", name, i, got[i], want[i])
			}
		}
	}
}

// TestReducedColumnFormEqualsSparse: the column form of the products (colProducts, taken
// for a dense E_T) gives M_r and h_r bit for bit equal to the sparse form over E_T's
// nonzeros, on the built-in mechanisms and Kangaroo.
func TestReducedColumnFormEqualsSparse(t *testing.T) {
	for _, name := range benchMechanisms() {
		s := newMechanismState(t, name)
		r := s.reduced()
		if r.identity {
			continue
		}
		e := s.E.RawMatrix()
		r.transposed(e)
		r.colProducts(r.tree, s.c)
		mr, hr := append([]float64(nil), r.Mr...), append([]float64(nil), r.Hr...)
		r.sparseProducts(r.tree, e, s.c)
		for i := range mr {
			if mr[i] != r.Mr[i] {
				t.Fatalf("%s: column form M_r[%d] = %v; sparse form %v", name, i, mr[i], r.Mr[i])
			}
		}
		for i := range hr {
			if hr[i] != r.Hr[i] {
				t.Fatalf("%s: column form h_r[%d] = %v; sparse form %v", name, i, hr[i], r.Hr[i])
			}
		}
	}
}
