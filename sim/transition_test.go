package sim

import (
	"math"
	"testing"

	"github.com/robocompiler/robocompiler"
)

// independentQ returns the configuration index of each independent velocity of d's
// partition (1-DoF joints only, as on the built-in planar and hydraulic models).
func independentQ(t *testing.T, d *robocompiler.Data) []int {
	t.Helper()
	m := d.Model()
	var out []int
	for _, c := range d.Partition().Independent {
		found := false
		for _, j := range m.Joints {
			if !j.Eliminated && j.NV == 1 && j.V0 == c {
				out = append(out, j.Q0)
				found = true
			}
		}
		if !found {
			t.Fatalf("velocity %d is not a 1-DoF joint's", c)
		}
	}
	return out
}

// TestTransition checks, on the four-bar, the five-bar and the excavator under both
// integrators, that Transition.Step lands where a Sim step with the same constant
// efforts does, and that A and B agree with fourth-order central differences of the step
// map (ξ, U, f) → (ξ⁺, U⁺) to 1e-6 relative.
func TestTransition(t *testing.T) {
	for _, name := range []string{"fourbar", "fivebar", "excavator"} {
		for _, integ := range []Integrator{SemiImplicitEuler, RK4} {
			t.Run(name+"/"+integ.String(), func(t *testing.T) {
				const dt = 0.01
				d := assembled(t, name)
				n, nf := d.Mobility(), len(d.Kin.Ports)
				u := make([]float64, n)
				for i := range u {
					u[i] = 0.3 * math.Cos(float64(i+1))
				}
				if err := d.SetState(u, nil); err != nil {
					t.Fatal(err)
				}
				f := make([]float64, nf)
				for i := range f {
					f[i] = 2 * math.Sin(float64(i+1))
				}
				tr := NewTransition(d)
				if err := tr.Step(d, f, nil, dt, integ); err != nil {
					t.Fatal(err)
				}
				// The same step by the rollout engine.
				e := assembled(t, name)
				if err := e.SetState(u, nil); err != nil {
					t.Fatal(err)
				}
				s, err := New(e, ControllerFunc(func(_ *State, _ *robocompiler.Data, c *Command) error {
					copy(c.F, f)
					return nil
				}), Options{Dt: dt, Integrator: integ})
				if err != nil {
					t.Fatal(err)
				}
				if err := s.Step(); err != nil {
					t.Fatal(err)
				}
				for i, x := range s.Q() {
					if math.Abs(x-tr.Q[i]) > 1e-12 {
						t.Fatalf("q[%d] = %.15g after Transition.Step; the rollout gives %.15g", i, tr.Q[i], x)
					}
				}
				for i, x := range s.U() {
					if math.Abs(x-tr.U[i]) > 1e-12 {
						t.Fatalf("u[%d] = %.15g after Transition.Step; the rollout gives %.15g", i, tr.U[i], x)
					}
				}
				// Central differences of the step map.
				qi := independentQ(t, d)
				q0 := append([]float64(nil), d.Q...)
				step := func(xi, u0, f0 []float64) []float64 {
					w := d.Model().NewData()
					if err := w.Place(q0, d.Partition()); err != nil {
						t.Fatal(err)
					}
					if err := w.Track(xi); err != nil {
						t.Fatal(err)
					}
					if err := w.SetState(u0, nil); err != nil {
						t.Fatal(err)
					}
					w2 := NewTransition(w)
					if err := w2.Step(w, f0, nil, dt, integ); err != nil {
						t.Fatal(err)
					}
					out := make([]float64, 2*n)
					for k, c := range qi {
						out[k] = w2.Q[c] - q0[c]
						out[n+k] = w2.U[k]
					}
					return out
				}
				m := 2*n + nf
				worst, scale := 0.0, 0.0
				for c := range m {
					eval := func(s float64) []float64 {
						xi, u0, f0 := make([]float64, n), append([]float64(nil), u...), append([]float64(nil), f...)
						switch {
						case c < n:
							xi[c] = s
						case c < 2*n:
							u0[c-n] += s
						default:
							f0[c-2*n] += s
						}
						return step(xi, u0, f0)
					}
					h := 2e-3
					if c >= 2*n {
						h = 0.5
					}
					cd := func(h float64) []float64 {
						p, q := eval(h), eval(-h)
						for i := range p {
							p[i] = (p[i] - q[i]) / (2 * h)
						}
						return p
					}
					d1, d2 := cd(h), cd(h/2)
					for r := range 2 * n {
						ref := (4*d2[r] - d1[r]) / 3
						got := tr.B[r*nf+max(c-2*n, 0)]
						if c < 2*n {
							got = tr.A[r*2*n+c]
						}
						worst = math.Max(worst, math.Abs(got-ref))
						scale = math.Max(scale, math.Abs(ref))
					}
				}
				if worst > 1e-6*scale {
					t.Fatalf("transition derivative off by %.3g (scale %.3g)", worst, scale)
				}
				t.Logf("A, B agree to %.2g relative", worst/scale)
			})
		}
	}
}

// TestTransitionAllocatesNothing: a bound Transition steps without allocating.
func TestTransitionAllocatesNothing(t *testing.T) {
	d := assembled(t, "excavator")
	tr := NewTransition(d)
	f := make([]float64, len(d.Kin.Ports))
	var err error
	if err = tr.Step(d, f, nil, 0.01, RK4); err != nil {
		t.Fatal(err)
	}
	if n := testing.AllocsPerRun(3, func() { err = tr.Step(d, f, nil, 0.01, RK4) }); n != 0 || err != nil {
		t.Fatalf("Transition.Step: %v allocations, err %v", n, err)
	}
}
