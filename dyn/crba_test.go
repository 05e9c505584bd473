package dyn

import (
	"github.com/robocompiler/robocompiler/internal/testutil"
	"math"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/robocompiler/robocompiler/spatial"
	"gonum.org/v1/gonum/mat"
)

// CRBA equals RNEA with unit accelerations column by column, is symmetric positive
// definite, and RNEA(q, v, a) = M a + h on every test model.
func TestCRBAMatchesRNEA(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	for name, m := range testModels(t) {
		d := NewData(m)
		n := m.NVT
		worstCol, worstSym, worstID, minEig := 0.0, 0.0, 0.0, math.Inf(1)
		for range 6 {
			q, v := randomState(m, rng)
			M := massMatrix(d, q)
			scale := math.Max(1, testutil.MaxAbs(M))
			h := make([]float64, n)
			d.Bias(q, v, nil, h)
			// Columns: RNEA(q, v, e_i) − RNEA(q, v, 0).
			tau := make([]float64, n)
			for i := range n {
				e := make([]float64, m.NV)
				e[i] = 1
				d.RNEA(q, v, e, nil, tau)
				for r := range n {
					worstCol = math.Max(worstCol, math.Abs(tau[r]-h[r]-M[r*n+i])/scale)
				}
			}
			for i := range n {
				for j := range n {
					worstSym = math.Max(worstSym, math.Abs(M[i*n+j]-M[j*n+i])/scale)
				}
			}
			var eig mat.EigenSym
			if !eig.Factorize(mat.NewSymDense(n, append([]float64(nil), M...)), false) {
				t.Fatal("eigen decomposition failed")
			}
			minEig = math.Min(minEig, eig.Values(nil)[0])
			// RNEA(q, v, a) = M a + h.
			a := randVec(rng, m.NV)
			d.RNEA(q, v, a, nil, tau)
			Ma := matVec(M, a[:n])
			for i := range n {
				worstID = math.Max(worstID, math.Abs(tau[i]-Ma[i]-h[i])/math.Max(1, testutil.MaxAbs(tau)))
			}
		}
		t.Logf("%s: CRBA vs RNEA columns %.3g, asymmetry %.3g, RNEA vs Ma+h %.3g, min eig(M) %.3g",
			name, worstCol, worstSym, worstID, minEig)
		if worstCol > 1e-12 || worstSym > 1e-14 || worstID > 1e-12 || !(minEig > 0) {
			t.Errorf("%s: CRBA/RNEA mismatch %.3g, asymmetry %.3g, Ma+h %.3g, min eigenvalue %.3g",
				name, worstCol, worstSym, worstID, minEig)
		}
	}
}

// ForwardDynamics inverts RNEA, external forces included.
func TestForwardDynamicsInvertsRNEA(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 24))
	for name, m := range testModels(t) {
		d := NewData(m)
		n := m.NVT
		worst := 0.0
		for range 5 {
			q, v := randomState(m, rng)
			tau := randVec(rng, n)
			fext := randomFext(m, rng)
			a := make([]float64, n)
			if err := d.ForwardDynamics(q, v, tau, fext, a); err != nil {
				t.Fatal(err)
			}
			back := make([]float64, n)
			d.RNEA(q, v, augmented(m, a), fext, back)
			worst = math.Max(worst, testutil.MaxDiff(back, tau)/math.Max(1, testutil.MaxAbs(tau)))
		}
		t.Logf("%s: |RNEA(FD(tau)) − tau| = %.3g", name, worst)
		if worst > 1e-11 {
			t.Errorf("%s: forward dynamics does not invert RNEA: %.3g", name, worst)
		}
	}
}

// TestShapePanics: wrong slice lengths are programming errors and panic with the
// convention's message "dyn: Func: len(x) = a; want b".
func TestShapePanics(t *testing.T) {
	m := build(t, randomTreeGraph(1, true))
	q, v := randomState(m, rand.New(rand.NewPCG(1, 2)))
	d := NewData(m)
	for _, c := range []struct {
		want string
		f    func()
	}{
		{"dyn: CRBA: len(M) = 1; want " + strconv.Itoa(m.NVT*m.NVT), func() { d.CRBA(q, make([]float64, 1)) }},
		{"dyn: Bias: len(q) = 0; want " + strconv.Itoa(m.NQ), func() { d.Bias(nil, v, nil, make([]float64, m.NVT)) }},
		{"dyn: RNEA: len(fext) = 1; want " + strconv.Itoa(len(m.Bodies)+1), func() {
			d.RNEA(q, v, v, make([]spatial.Vec6, 1), make([]float64, m.NVT))
		}},
	} {
		func() {
			defer func() {
				if r := recover(); r != c.want {
					t.Errorf("panic %v; want %q", r, c.want)
				}
			}()
			c.f()
		}()
	}
}
