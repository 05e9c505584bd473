package dyn

import (
	"math/rand/v2"
	"testing"

	"github.com/robocompiler/robocompiler/compile"
)

var sameBits = compile.SameConfig

// TestPlacementReuse checks the placement cache of positions: after q is changed in
// place, after a different q and back, and after an unchanged q, CRBA, Bias,
// ForwardKinematics and the energies equal those of a fresh workspace bit for bit.
func TestPlacementReuse(t *testing.T) {
	for name, m := range testModels(t) {
		rng := rand.New(rand.NewPCG(5, 6))
		q, v := randomState(m, rng)
		q2, _ := randomState(m, rng)
		n := m.NVT
		eval := func(d *Data, q []float64) []float64 {
			M, h := make([]float64, n*n), make([]float64, n)
			d.CRBA(q, M)
			d.Bias(q, v, nil, h)
			out := append(M, h...)
			d.ForwardKinematics(q, v)
			for k := range len(m.Bodies) + 1 {
				p, tw := d.Pose(k), d.Twist(k)
				out = append(out, p.P[:]...)
				out = append(out, tw[:]...)
			}
			return append(out, d.KineticEnergy(q, v), d.PotentialEnergy(q))
		}
		d := NewData(m)
		want := eval(NewData(m), q)
		if got := eval(d, q); !sameBits(got, want) {
			t.Errorf("%s: first evaluation differs from a fresh workspace", name)
		}
		if got := eval(d, q); !sameBits(got, want) {
			t.Errorf("%s: repeated evaluation at the same q differs", name)
		}
		eval(d, q2)
		if got := eval(d, q); !sameBits(got, want) {
			t.Errorf("%s: evaluation after another q and back differs", name)
		}
		// Change q in place: the cache compares values, not slices.
		qq := append([]float64(nil), q...)
		eval(d, qq)
		copy(qq, q2)
		if got, want2 := eval(d, qq), eval(NewData(m), q2); !sameBits(got, want2) {
			t.Errorf("%s: evaluation after changing q in place differs", name)
		}
	}
}
