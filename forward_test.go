package robocompiler_test

import (
	"testing"

	"github.com/robocompiler/robocompiler"
	"github.com/robocompiler/robocompiler/closure"
	"github.com/robocompiler/robocompiler/robots"
)

// forwardCase is a built-in mechanism assembled at its default seed under the automatic
// partition, with independent speeds of 0.1 and port efforts of 1.
type forwardCase struct {
	d *robocompiler.Data
	f []float64
}

func newForwardCase(tb testing.TB, name string) *forwardCase {
	tb.Helper()
	g, err := robots.Get(name)
	if err != nil {
		tb.Fatal(err)
	}
	d := ladderData(tb, g)
	f := make([]float64, len(d.Kin.Ports))
	for i := range f {
		f[i] = 1
	}
	return &forwardCase{d: d, f: f}
}

// full evaluates the whole pipeline at the state: the closure and lift (Constraints),
// then Forward.
func (c *forwardCase) full() error {
	if err := c.d.Constraints(); err != nil {
		return err
	}
	return c.d.Forward(c.f, nil)
}

// BenchmarkForward measures one reduced forward-dynamics evaluation per built-in
// mechanism: Constraints (closure Jacobian, lift) and Forward (curvature, kinematics,
// ports, eq. 14 and its Cholesky solve), benchstat-friendly names BenchmarkForward/stewart.
// Besides ns/op it reports the process CPU time per operation (cpu-ns/op), steadier on a
// loaded machine.
func BenchmarkForward(b *testing.B) {
	for _, name := range robots.Names() {
		b.Run(name, func(b *testing.B) {
			c := newForwardCase(b, name)
			b.ReportAllocs()
			t0 := cpuTime()
			for b.Loop() {
				if err := c.full(); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(cpuTime()-t0)/float64(b.N), "cpu-ns/op")
		})
	}
}

// TestForwardAllocatesNothing asserts that Constraints, Forward, Inverse and a tracking
// step allocate nothing on Stewart and the excavator.
func TestForwardAllocatesNothing(t *testing.T) {
	for _, name := range []string{"stewart", "excavator"} {
		c := newForwardCase(t, name)
		du := make([]float64, c.d.Mobility())
		for i := range du {
			du[i] = 1e-4
		}
		var err error
		for _, op := range []struct {
			name string
			run  func() error
		}{
			{"forward", c.full},
			{"inverse", func() error { return c.d.Inverse(nil) }},
			{"track", func() error { du[0] = -du[0]; return c.d.Track(du) }},
		} {
			n := testing.AllocsPerRun(20, func() { err = op.run() })
			if err != nil {
				t.Fatalf("%s %s: %v", name, op.name, err)
			}
			if n != 0 {
				t.Errorf("%s: %s allocates %v times per evaluation", name, op.name, n)
			}
		}
	}
}

// TestForwardMatchesStages checks that Forward equals its stages called one by one and
// that a tracked state stays feasible: the closure residual at Q after Track is within
// closure.GapTol and the lift satisfies C E = 0.
func TestForwardMatchesStages(t *testing.T) {
	for _, name := range robots.Names() {
		c := newForwardCase(t, name)
		if err := c.d.Forward(c.f, nil); err != nil {
			t.Fatal(err)
		}
		want := append([]float64(nil), c.d.Udot...)
		c.d.Interfaces()
		if err := c.d.Dynamics(nil); err != nil {
			t.Fatal(err)
		}
		if err := c.d.Accelerations(c.f, nil); err != nil {
			t.Fatal(err)
		}
		for i, x := range c.d.Udot {
			if x != want[i] {
				t.Errorf("%s: udot[%d] = %v by stages, %v by Forward", name, i, x, want[i])
			}
		}
		du := make([]float64, c.d.Mobility())
		for i := range du {
			du[i] = 1e-3
		}
		if err := c.d.Track(du); err != nil {
			t.Fatal(err)
		}
		cd := closure.NewData(c.d.Model().Model)
		cd.Residual(c.d.Q)
		for r, x := range cd.Rho {
			if x > closure.GapTol || -x > closure.GapTol {
				t.Errorf("%s: residual row %d = %.3g after Track", name, r, x)
			}
		}
	}
}
