//go:build simbody

package simbody_test

import (
	"math/rand/v2"
	"testing"

	"github.com/robocompiler/robocompiler/spatial"
)

// The per-state calls write into the system's own buffers: SetState, MassMatrix, Bias,
// Accelerations, State, ConstraintErrors and Energy allocate nothing on the Go side.
func TestNoAllocs(t *testing.T) {
	m := builtin("stewart")(t)
	s := build(t, m)
	q := m.Random(rand.New(rand.NewPCG(1, 2)))
	v, tau, a, M, h := make([]float64, m.NV), make([]float64, m.NVT), make([]float64, m.NVT), make([]float64, m.NVT*m.NVT), make([]float64, m.NVT)
	w := make([]spatial.Vec6, len(m.Bodies)+1)
	q2, v2 := make([]float64, m.NQ), make([]float64, m.NV)
	allocs := testing.AllocsPerRun(20, func() {
		must(t, s.SetState(0, q, v))
		must(t, s.MassMatrix(M))
		must(t, s.Bias(h))
		must(t, s.Accelerations(tau, w, a))
		if _, err := s.State(q2, v2); err != nil {
			t.Fatal(err)
		}
		if _, _, err := s.ConstraintErrors(); err != nil {
			t.Fatal(err)
		}
		if _, _, err := s.Energy(); err != nil {
			t.Fatal(err)
		}
	})
	if allocs != 0 {
		t.Errorf("%v allocations per state", allocs)
	}
}
