package dyn

import (
	"math/rand/v2"
	"testing"
)

// benchSetup returns a workspace on the 12-body random tree (26 tree velocities, every
// joint type) and a random state.
func benchSetup(b *testing.B) (*Data, []float64, []float64, []float64) {
	m := build(b, randomTreeGraph(1, true))
	rng := rand.New(rand.NewPCG(81, 82))
	q, v := randomState(m, rng)
	return NewData(m), q, v, randVec(rng, m.NV)
}

func BenchmarkRNEA(b *testing.B) {
	d, q, v, a := benchSetup(b)
	tau := make([]float64, d.Model().NVT)
	b.ReportAllocs()
	for b.Loop() {
		d.RNEA(q, v, a, nil, tau)
	}
}

func BenchmarkCRBA(b *testing.B) {
	d, q, _, _ := benchSetup(b)
	n := d.Model().NVT
	M := make([]float64, n*n)
	b.ReportAllocs()
	for b.Loop() {
		d.CRBA(q, M)
	}
}

func BenchmarkForwardDynamics(b *testing.B) {
	d, q, v, _ := benchSetup(b)
	n := d.Model().NVT
	tau, acc := make([]float64, n), make([]float64, n)
	b.ReportAllocs()
	for b.Loop() {
		if err := d.ForwardDynamics(q, v, tau, nil, acc); err != nil {
			b.Fatal(err)
		}
	}
}
