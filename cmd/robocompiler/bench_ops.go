package main

import (
	"fmt"

	"github.com/robocompiler/robocompiler/closure"
	"github.com/robocompiler/robocompiler/dyn"
	"github.com/robocompiler/robocompiler/internal/cli"
	"github.com/robocompiler/robocompiler/kin"
)

// benchOp is one timed operation: its JSON key, its label in the table and the call.
type benchOp struct {
	key, label string
	run        func() error
}

// benchSpeed is every independent speed of the dynamics state, and benchStep the size of
// a tracking step of every independent coordinate (alternating in sign, so the tracker
// stays near the assembled configuration).
const (
	benchSpeed = 0.1
	benchStep  = 1e-3
)

// benchOps prepares the timed operations on an assembled model, each in its own
// workspace: residual + analytic Jacobian, the lift E from C, the reduced forward
// dynamics (Update, eq. 14 with unit port efforts, Cholesky solve; the sequence of check
// and sim) and one predictor–corrector tracking step. It also returns the feasible
// velocity v = E u (len NV) of the dynamics state, for MuJoCo's qvel. Ports that cannot
// be compiled are an invalid model (exit 1); a singular partition at the assembled
// configuration is a numerical failure (exit 3).
func benchOps(s *assembled) ([]benchOp, []float64, error) {
	m, p, q := s.m, s.p, s.a.Q
	cd := closure.NewData(m)
	cd.Jacobian(q)
	kd := kin.NewData(m, p)
	red := dyn.NewReduced(m.NVT, p.Mobility)
	u, f := make([]float64, p.Mobility), make([]float64, len(kd.Ports))
	tauR, udot := make([]float64, p.Mobility), make([]float64, p.Mobility)
	for i := range u {
		u[i] = benchSpeed
	}
	for i := range f {
		f[i] = 1
	}
	forward := func() error {
		if err := kd.Update(q, u); err != nil {
			return err
		}
		kd.Dyn.ReducedDynamics(red, q, kd.V, kd.Lift.E, kd.Curv, nil)
		kd.ReducedEffort(f, tauR)
		return red.Forward(tauR, udot)
	}
	if err := kd.Update(q, u); err != nil {
		return nil, nil, cli.Numerical(fmt.Errorf("%s: %w", m.Graph.Name, err))
	}
	tr, err := closure.NewTracker(m, q, p)
	if err != nil {
		return nil, nil, cli.Numerical(fmt.Errorf("%s: %w", m.Graph.Name, err))
	}
	du := make([]float64, p.Mobility)
	step := func() error {
		for i := range du {
			du[i] = -du[i]
			if du[i] == 0 {
				du[i] = benchStep
			}
		}
		return tr.Step(du)
	}
	ops := []benchOp{
		{"residual_jacobian", "residual+Jacobian", func() error { cd.Jacobian(q); return nil }},
		{"lift", "lift E", func() error { return s.lift.Update(cd.C) }},
		{"reduced_forward_dynamics", "reduced forward dynamics", forward},
		{"tracking_step", "tracking step", step},
	}
	return ops, append([]float64(nil), kd.V...), nil
}
