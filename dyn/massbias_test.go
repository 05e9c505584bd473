package dyn

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/robocompiler/robocompiler/internal/testutil"
	"github.com/robocompiler/robocompiler/spatial"
)

// TestMassBiasEqualsCRBAAndRNEA: the fused pass gives the bias of RNEA bit for bit (it
// performs its arithmetic) and M_T of CRBATree to 1e-14 relative (the entries that couple
// a joint to its ancestors are paired in ground coordinates), on random trees with every
// joint type (universal and planar joints have velocity-product terms), armature, damping
// and external wrenches.
func TestMassBiasEqualsCRBAAndRNEA(t *testing.T) {
	for seed := uint64(1); seed <= 6; seed++ {
		m := build(t, randomTreeGraph(seed, seed%2 == 0))
		rng := rand.New(rand.NewPCG(seed, 7))
		q, v := randomState(m, rng)
		var fext []spatial.Vec6
		if seed%3 != 0 {
			fext = make([]spatial.Vec6, len(m.Bodies)+1)
			for i := 1; i < len(fext); i++ {
				copy(fext[i][:], randVec(rng, 6))
			}
		}
		d := NewData(m)
		want, got := d.NewTreeMatrix(), d.NewTreeMatrix()
		hWant, hGot := make([]float64, m.NVT), make([]float64, m.NVT)
		d.CRBATree(q, want)
		d.Bias(q, v, fext, hWant)
		d.ForwardKinematics(q, v)
		d.massBias(got, q, v, fext, hGot)
		scale := testutil.MaxAbs(want.Val)
		for i, x := range got.Val {
			if math.Abs(x-want.Val[i]) > 1e-14*scale {
				t.Fatalf("seed %d: M_T entry %d = %v; CRBATree gives %v", seed, i, x, want.Val[i])
			}
		}
		for i, x := range hGot {
			if x != hWant[i] {
				t.Fatalf("seed %d: h_T[%d] = %v; RNEA gives %v", seed, i, x, hWant[i])
			}
		}
	}
}
