package kkt_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/robocompiler/robocompiler"
	"github.com/robocompiler/robocompiler/kkt"
	"github.com/robocompiler/robocompiler/robots"
)

// TestLiftRefinementGate: with the pinned system's factor spoiled by 1e-5 (as an
// ill-conditioned K spoils its solves), one fixed step of refinement leaves the lift and
// the curvature off by about 4e-10; the gated steps bring both back to the unspoiled
// solves' values to round-off, on a 60-loop ladder in the loop form.
func TestLiftRefinementGate(t *testing.T) {
	m, err := robocompiler.Compile(robots.FourBarLadder(60), robocompiler.Options{})
	if err != nil {
		t.Fatal(err)
	}
	d := m.NewData()
	if err := d.Assemble(""); err != nil {
		t.Fatal(err)
	}
	if !d.LoopForm() {
		t.Fatal("the ladder is not in the loop form")
	}
	s, c := d.Tracker.Loop().(*kkt.Solver), d.Tracker.Data()
	rng := rand.New(rand.NewPCG(5, 6))
	u, udot := make([]float64, d.Mobility()), make([]float64, d.Mobility())
	for k := range u {
		u[k], udot[k] = rng.Float64()-0.5, rng.Float64()-0.5
	}
	nv := m.NV
	v0, a0, v1, a1 := make([]float64, nv), make([]float64, nv), make([]float64, nv), make([]float64, nv)
	solve := func(v, a []float64) {
		t.Helper()
		if err := s.Velocity(c, d.Q, u, v); err != nil {
			t.Fatal(err)
		}
		if err := s.Acceleration(c, d.Q, v, udot, a); err != nil {
			t.Fatal(err)
		}
	}
	solve(v0, a0)
	s.SpoilLiftFactor(1e-5)
	solve(v1, a1)
	for _, p := range []struct {
		name   string
		x0, x1 []float64
	}{{"lift E u", v0, v1}, {"acceleration E u̇ + Ė u", a0, a1}} {
		diff, scale := 0.0, 1.0
		for i := range p.x0 {
			diff, scale = math.Max(diff, math.Abs(p.x1[i]-p.x0[i])), math.Max(scale, math.Abs(p.x0[i]))
		}
		if diff > 1e-13*scale {
			t.Errorf("%s through the spoiled factor: off by %.3g (scale %.3g)", p.name, diff, scale)
		}
	}
}
