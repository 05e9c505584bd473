package dyn

import (
	"slices"
	"testing"

	"github.com/robocompiler/robocompiler/closure"
	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/robots"
	"gonum.org/v1/gonum/mat"
)

// mechanismState is a built-in mechanism assembled at its default seed under the
// automatic partition, with independent speeds 0.1: the configuration, the feasible
// velocity E u, the lift E and the curvature Ė u, as the front door's Interfaces leaves
// them for Dynamics.
type mechanismState struct {
	m    *compile.Model
	q, v []float64
	E    *mat.Dense
	c    []float64
}

func newMechanismState(tb testing.TB, name string) *mechanismState {
	tb.Helper()
	g, err := robots.Get(name)
	if err != nil {
		if _, derr := robots.ModelsDir(); derr != nil && slices.Contains(robots.SharedNames(), name) {
			tb.Skipf("%s: %v", name, err)
		}
		tb.Fatal(err)
	}
	m := build(tb, g)
	q0, err := m.Seed("")
	if err != nil {
		tb.Fatal(err)
	}
	a, err := closure.Assemble(m, q0, closure.AssembleOptions{})
	if err != nil {
		tb.Fatal(err)
	}
	p, err := closure.PartitionAt(m, a.Q, nil)
	if err != nil {
		tb.Fatal(err)
	}
	cd := closure.NewData(m)
	cd.Jacobian(a.Q)
	l := closure.NewLift(p, m.NV)
	if err := l.Update(cd.C); err != nil {
		tb.Fatal(err)
	}
	u := make([]float64, p.Mobility)
	for i := range u {
		u[i] = 0.1
	}
	s := &mechanismState{m: m, q: a.Q, v: make([]float64, m.NV), E: l.E, c: make([]float64, m.NV)}
	e := l.E.RawMatrix()
	for i := range m.NV {
		for k, x := range e.Data[i*e.Stride : i*e.Stride+p.Mobility] {
			s.v[i] += x * u[k]
		}
	}
	cd.DriftOnly(a.Q, s.v)
	l.Curvature(cd.Gamma, s.c)
	return s
}

// reduced returns the reduced dynamics ReducedDynamics writes into a new Reduced at s.
func (s *mechanismState) reduced() *Reduced {
	r := NewReduced(s.m.NVT, s.E.RawMatrix().Cols)
	NewData(s.m).ReducedDynamics(r, s.q, s.v, s.E, s.c, nil)
	return r
}

// benchMechanisms are the built-in mechanisms and the named Kangaroo models (skipped when
// the shared models are not beside the checkout).
func benchMechanisms() []string { return append(robots.Names(), "kangaroo", "kangaroo_floating") }

// BenchmarkReducedDynamics times ReducedDynamics and the Cholesky solve (Reduced.Forward)
// on the built-in mechanisms and Kangaroo after their kinematics, as the front door's
// Dynamics and Accelerations run them.
func BenchmarkReducedDynamics(b *testing.B) {
	for _, name := range benchMechanisms() {
		b.Run(name, func(b *testing.B) {
			s := newMechanismState(b, name)
			d := NewData(s.m)
			nd := s.E.RawMatrix().Cols
			r := NewReduced(s.m.NVT, nd)
			tau, udot := make([]float64, nd), make([]float64, nd)
			d.ForwardKinematics(s.q, s.v)
			b.ReportAllocs()
			for b.Loop() {
				d.ReducedDynamics(r, s.q, s.v, s.E, s.c, nil)
				if err := r.Forward(tau, udot); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
