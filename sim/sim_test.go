package sim

import (
	"math"
	"testing"

	"github.com/robocompiler/robocompiler"
)

// passive runs the unactuated, undamped model name from its seed at rest.
func passive(t testing.TB, name string, in Integrator, dt, dur float64) *Sim {
	t.Helper()
	s, err := New(assembled(t, name), nil, Options{Dt: dt, Integrator: in})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Run(int(math.Round(dur / dt))); err != nil {
		t.Fatal(err)
	}
	return s
}

// TestPassiveEnergyAndGap: a four-bar falling under gravity with no efforts and no
// damping keeps kinetic + potential energy constant (to the integration error) and stays
// on the closure manifold.
func TestPassiveEnergyAndGap(t *testing.T) {
	for _, tc := range []struct {
		in  Integrator
		tol float64
	}{{SemiImplicitEuler, 5e-2}, {RK4, 1e-6}} {
		s := passive(t, "fourbar", tc.in, 1e-3, 1)
		l := s.Log()
		bal, kin := column(t, l, "balance_J"), column(t, l, "kinetic_J")
		kmax, drift := 0.0, 0.0
		for i := range bal {
			kmax = math.Max(kmax, kin[i])
			drift = math.Max(drift, math.Abs(bal[i]-bal[0]))
		}
		if kmax < 1e-3 {
			t.Fatalf("%v: the four-bar did not move (max kinetic energy %g J)", tc.in, kmax)
		}
		if drift > tc.tol*kmax {
			t.Errorf("%v: energy drift %.3g J, kinetic energy up to %.3g J (tolerance %.0e relative)", tc.in, drift, kmax, tc.tol)
		}
		if st := s.Stats(); st.GapMaxM > 1e-12 || st.GapMaxRad > 1e-12 {
			t.Errorf("%v: closure gap %.3g m, %.3g rad", tc.in, st.GapMaxM, st.GapMaxRad)
		}
	}
}

// TestIntegratorOrder: halving the step divides the error of semi-implicit Euler by
// about 2¹ and that of RK4 by about 2⁴ (error measured in the crank angle at t = 0.4 s
// against an RK4 run with a 16 times smaller step; the observed order log₂(e(Δt)/e(Δt/2))
// must lie within ±0.5 of 1 and 4 — at these steps RK4's fifth-order term still lifts it
// to about 4.4).
func TestIntegratorOrder(t *testing.T) {
	const dur, dt = 0.4, 4e-3
	final := func(in Integrator, h float64) float64 {
		s := passive(t, "fourbar", in, h, dur)
		return s.Q()[s.Model().Joints[s.Model().JointIndex("crank_pivot")].Q0]
	}
	ref := final(RK4, dt/16)
	for _, tc := range []struct {
		in    Integrator
		order float64
	}{{SemiImplicitEuler, 1}, {RK4, 4}} {
		e1, e2 := math.Abs(final(tc.in, dt)-ref), math.Abs(final(tc.in, dt/2)-ref)
		if p := math.Log2(e1 / e2); !(math.Abs(p-tc.order) < 0.5) {
			t.Errorf("%v: error %.3g at Δt, %.3g at Δt/2: observed order %.3g, want %g ± 0.5", tc.in, e1, e2, p, tc.order)
		}
	}
}

// TestDeterministic: two identical rollouts give bit-identical logs.
func TestDeterministic(t *testing.T) {
	a := passive(t, "fivebar", RK4, 2e-3, 0.2).Log()
	b := passive(t, "fivebar", RK4, 2e-3, 0.2).Log()
	if len(a.Data) != len(b.Data) {
		t.Fatalf("logs have %d and %d values", len(a.Data), len(b.Data))
	}
	for i := range a.Data {
		if math.Float64bits(a.Data[i]) != math.Float64bits(b.Data[i]) {
			t.Fatalf("value %d (column %s) differs: %v vs %v", i, a.Columns[i%len(a.Columns)], a.Data[i], b.Data[i])
		}
	}
}

// TestStepAllocs: after warm-up a step allocates nothing, with either integrator and a
// controller applying port efforts.
func TestStepAllocs(t *testing.T) {
	for _, in := range []Integrator{SemiImplicitEuler, RK4} {
		ctrl := ControllerFunc(func(s *State, d *robocompiler.Data, c *Command) error {
			c.F[0] = -0.5 * d.Kin.Ell[0]
			return nil
		})
		s, err := New(assembled(t, "fourbar"), ctrl, Options{Dt: 1e-3, Integrator: in})
		if err != nil {
			t.Fatal(err)
		}
		s.Reserve(200)
		if err := s.Step(); err != nil {
			t.Fatal(err)
		}
		if n := testing.AllocsPerRun(50, func() {
			if err := s.Step(); err != nil {
				t.Fatal(err)
			}
		}); n != 0 {
			t.Errorf("%v: %v allocations per step", in, n)
		}
	}
}
