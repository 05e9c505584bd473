package dyn

import (
	"math/rand/v2"
	"testing"

	"github.com/robocompiler/robocompiler/spatial"
)

// The evaluations allocate nothing after NewData (ForwardDynamics after its first call).
func TestNoAllocations(t *testing.T) {
	m := build(t, randomTreeGraph(1, true))
	d := NewData(m)
	rng := rand.New(rand.NewPCG(71, 72))
	q, v := randomState(m, rng)
	a := randVec(rng, m.NV)
	n := m.NVT
	tau, h, M, acc := make([]float64, n), make([]float64, n), make([]float64, n*n), make([]float64, n)
	fext := randomFext(m, rng)
	if err := d.ForwardDynamics(q, v, tau, fext, acc); err != nil {
		t.Fatal(err)
	}
	var sink float64
	ops := map[string]func(){
		"ForwardKinematics":    func() { d.ForwardKinematics(q, v) },
		"ForwardKinematicsAcc": func() { d.ForwardKinematicsAcc(q, v, a) },
		"RNEA":                 func() { d.RNEA(q, v, a, fext, tau) },
		"RNEA(nil fext)":       func() { d.RNEA(q, v, a, nil, tau) },
		"CRBA":                 func() { d.CRBA(q, M) },
		"Bias":                 func() { d.Bias(q, v, fext, h) },
		"KineticEnergy":        func() { sink += d.KineticEnergy(q, v) },
		"PotentialEnergy":      func() { sink += d.PotentialEnergy(q) },
		"WorldWrench":          func() { fext[3] = d.WorldWrench(3, spatial.Vec3{0.1, 0, 0}, fext[2]) },
		"ForwardDynamics": func() {
			if err := d.ForwardDynamics(q, v, tau, fext, acc); err != nil {
				t.Fatal(err)
			}
		},
	}
	for name, op := range ops {
		if got := testing.AllocsPerRun(50, op); got != 0 {
			t.Errorf("%s allocates %v times per call", name, got)
		}
	}
	_ = sink
}
