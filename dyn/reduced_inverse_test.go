package dyn

import (
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/robocompiler/robocompiler/internal/testutil"
	"github.com/robocompiler/robocompiler/spatial"
)

// TestReducedInverse: on random trees with a random lift E, curvature c and external
// forces, E_Tᵀ RNEA(q, v, E u̇ + c, fext) equals M_r u̇ + h_r of ReducedDynamics and
// Reduced.Inverse, after ForwardKinematics at another state and at this one, and
// allocates nothing.
func TestReducedInverse(t *testing.T) {
	for seed := uint64(1); seed <= 5; seed++ {
		m := build(t, randomTreeGraph(seed, false))
		rng := rand.New(rand.NewPCG(seed, 7))
		q, v := randomState(m, rng)
		q2, v2 := randomState(m, rng)
		n, nd := m.NVT, m.NVT-1
		E := mat.NewDense(m.NV, nd, randVec(rng, m.NV*nd))
		c, udot := randVec(rng, m.NV), randVec(rng, nd)
		fext := make([]spatial.Vec6, len(m.Bodies)+1)
		for i := 1; i < len(fext); i++ {
			copy(fext[i][:], randVec(rng, 6))
		}
		d := NewData(m)
		r := NewReduced(n, nd)
		d.ReducedDynamics(r, q, v, E, c, fext)
		want := make([]float64, nd)
		r.Inverse(udot, want)
		got := make([]float64, nd)
		for _, at := range [][2][]float64{{q2, v2}, {q, v}} {
			d.ForwardKinematics(at[0], at[1])
			d.ReducedInverse(q, v, E, c, udot, fext, got)
			if dd := testutil.MaxDiff(got, want); dd > 1e-12*max(1, testutil.MaxAbs(want)) {
				t.Errorf("seed %d: ReducedInverse differs from M_r u̇ + h_r by %.3g", seed, dd)
			}
		}
		if a := testing.AllocsPerRun(10, func() { d.ReducedInverse(q, v, E, c, udot, fext, got) }); a != 0 {
			t.Errorf("seed %d: %v allocations", seed, a)
		}
	}
}
