package kin_test

import (
	"testing"

	"github.com/robocompiler/robocompiler/closure"
	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/dyn"
	"github.com/robocompiler/robocompiler/kin"
	"github.com/robocompiler/robocompiler/robots"
)

// reducedCase is a built-in mechanism at its assembled default seed, with the workspaces
// of one reduced forward-dynamics evaluation (the sequence of check and sim).
type reducedCase struct {
	kd                  *kin.Data
	red                 *dyn.Reduced
	q, u, f, tauR, udot []float64
}

// newReducedCase compiles and assembles the named built-in mechanism, chooses the
// automatic partition there and sets independent speeds of 0.1 and port efforts of 1.
func newReducedCase(tb testing.TB, name string) *reducedCase {
	tb.Helper()
	g, err := robots.Get(name)
	if err != nil {
		tb.Fatal(err)
	}
	m, err := compile.Compile(g, compile.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	q0, err := m.Seed("")
	if err != nil {
		tb.Fatal(err)
	}
	a, err := closure.Assemble(m, q0, closure.AssembleOptions{})
	if err != nil {
		tb.Fatal(err)
	}
	cd := closure.NewData(m)
	cd.Jacobian(a.Q)
	p, err := closure.ChoosePartition(m, cd.C, nil, 0)
	if err != nil {
		tb.Fatal(err)
	}
	kd := kin.NewData(m, p)
	c := &reducedCase{kd: kd, red: dyn.NewReduced(m.NVT, p.Mobility), q: a.Q,
		u: make([]float64, p.Mobility), f: make([]float64, len(kd.Ports)),
		tauR: make([]float64, p.Mobility), udot: make([]float64, p.Mobility)}
	for i := range c.u {
		c.u[i] = 0.1
	}
	for i := range c.f {
		c.f[i] = 1
	}
	return c
}

// forward evaluates the interfaces at (q, u) and solves the reduced dynamics for u̇.
func (c *reducedCase) forward() error {
	kd := c.kd
	if err := kd.Update(c.q, c.u); err != nil {
		return err
	}
	kd.Dyn.ReducedDynamics(c.red, c.q, kd.V, kd.Lift.E, kd.Curv, nil)
	kd.ReducedEffort(c.f, c.tauR)
	return c.red.Forward(c.tauR, c.udot)
}

// BenchmarkReducedForward measures one reduced forward-dynamics evaluation per built-in
// mechanism: Update (closure Jacobian, lift, curvature, kinematics, ports), eq. 14 and
// its Cholesky solve (benchstat-friendly names: BenchmarkReducedForward/stewart, ...).
func BenchmarkReducedForward(b *testing.B) {
	for _, name := range robots.Names() {
		b.Run(name, func(b *testing.B) {
			c := newReducedCase(b, name)
			b.ReportAllocs()
			for b.Loop() {
				if err := c.forward(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
