package dyn

import (
	"math/rand/v2"
	"testing"

	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/spatial"
	"gonum.org/v1/gonum/mat"
)

// TestPlacementReuse checks that ReducedDynamics and ForwardDynamics after
// ForwardKinematics (whose poses and twists they reuse at an unchanged state) equal those
// of a fresh workspace bit for bit: at the same state, after q or v changed in place,
// after another evaluation in between, and after a different q and back.
func TestPlacementReuse(t *testing.T) {
	for name, m := range testModels(t) {
		rng := rand.New(rand.NewPCG(5, 6))
		q, v := randomState(m, rng)
		q2, v2 := randomState(m, rng)
		n := m.NVT
		if n == 0 {
			continue
		}
		E := mat.NewDense(m.NV, 2, randVec(rng, 2*m.NV))
		c := randVec(rng, m.NV)
		tau := randVec(rng, n)
		dynamicsAt := func(d *Data, q, v []float64) []float64 {
			r := NewReduced(n, 2)
			d.ReducedDynamics(r, q, v, E, c, nil)
			a := make([]float64, n)
			_ = d.ForwardDynamics(q, v, tau, nil, a)
			return append(append(append(r.MT, r.HT...), r.Mr...), a...)
		}
		dynamics := func(d *Data, q []float64) []float64 { return dynamicsAt(d, q, v) }
		fresh := func(q []float64) []float64 { return dynamics(NewData(m), q) }
		d := NewData(m)
		qq := append([]float64(nil), q...)
		d.ForwardKinematics(qq, v)
		if !compile.SameConfig(dynamics(d, qq), fresh(q)) {
			t.Errorf("%s: dynamics after ForwardKinematics at the same q differ", name)
		}
		d.ForwardKinematics(qq, v)
		copy(qq, q2)
		if !compile.SameConfig(dynamics(d, qq), fresh(q2)) {
			t.Errorf("%s: dynamics after q changed in place differ", name)
		}
		vv := append([]float64(nil), v...)
		d.ForwardKinematics(q, vv)
		copy(vv, v2)
		if !compile.SameConfig(dynamicsAt(d, q, vv), dynamicsAt(NewData(m), q, v2)) {
			t.Errorf("%s: dynamics after v changed in place differ", name)
		}
		d.ForwardKinematics(q, v)
		d.CRBA(q2, make([]float64, n*n))
		if !compile.SameConfig(dynamics(d, q), fresh(q)) {
			t.Errorf("%s: dynamics after another evaluation in between differ", name)
		}
		d.ForwardKinematics(q, v)
		d.ForwardKinematics(q2, v)
		if !compile.SameConfig(dynamics(d, q), fresh(q)) {
			t.Errorf("%s: dynamics after a different q and back differ", name)
		}
	}
}

// TestForwardKinematicsPlaced checks that placing the tree from given edge placements
// gives ForwardKinematics' poses and twists and the same dynamics after it, bit for bit.
func TestForwardKinematicsPlaced(t *testing.T) {
	for name, m := range testModels(t) {
		rng := rand.New(rand.NewPCG(7, 8))
		q, v := randomState(m, rng)
		x := make([]spatial.Transform, len(m.Edges))
		s := make([]spatial.Vec6, m.NV)
		for e := range m.Edges {
			j := &m.Joints[m.Edges[e].Joint]
			x[e] = m.EdgePlacement(e, q, s[j.V0:j.V0+j.NV])
		}
		state := func(d *Data) []float64 {
			var out []float64
			for k := range len(m.Bodies) + 1 {
				p, tw := d.Pose(k), d.Twist(k)
				out = append(append(append(out, p.R[0][:]...), p.P[:]...), tw[:]...)
			}
			for k := range m.NVT {
				w := d.WorldSubspace(k)
				out = append(out, w[:]...)
			}
			a := make([]float64, m.NVT)
			_ = d.ForwardDynamics(q, v, make([]float64, m.NVT), nil, a)
			return append(out, a...)
		}
		d, want := NewData(m), NewData(m)
		d.ForwardKinematicsPlaced(q, v, x, s)
		want.ForwardKinematics(q, v)
		if !compile.SameConfig(state(d), state(want)) {
			t.Errorf("%s: ForwardKinematicsPlaced differs from ForwardKinematics", name)
		}
	}
}
