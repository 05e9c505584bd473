package main

import (
	"fmt"

	"github.com/robocompiler/robocompiler"
	"github.com/robocompiler/robocompiler/closure"
	"github.com/robocompiler/robocompiler/internal/cli"
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
// dynamics (the front door's Constraints and Forward: closure, lift, interfaces, eq. 14
// with unit port efforts, Cholesky solve) and one predictor–corrector tracking step
// (Data.Track), and the same step with simplified Newton on the lift's factors
// (closure.TrackerOptions.Simplified). It also returns the feasible velocity v = E u (len NV) of the dynamics
// state, for MuJoCo's qvel. A singular partition at the assembled configuration is a
// numerical failure (exit 3).
func benchOps(s *assembled) ([]benchOp, []float64, error) {
	m, p, q := s.m, s.p, s.a.Q
	fail := func(err error) error { return cli.Numerical(fmt.Errorf("%s: %w", m.Graph.Name, err)) }
	cd := closure.NewData(m)
	cd.Jacobian(q)
	lift := closure.NewLift(p, m.NV)
	model := s.d.Model()
	fd, td := model.NewData(), model.NewData()
	for _, d := range []*robocompiler.Data{fd, td} {
		if err := d.Place(q, p); err != nil {
			return nil, nil, fail(err)
		}
	}
	u, f := make([]float64, p.Mobility), make([]float64, len(fd.Kin.Ports))
	for i := range u {
		u[i] = benchSpeed
	}
	for i := range f {
		f[i] = 1
	}
	if err := fd.SetState(u, nil); err != nil {
		return nil, nil, fail(err)
	}
	forward := func() error {
		if err := fd.Constraints(); err != nil {
			return err
		}
		return fd.Forward(f, nil)
	}
	if err := forward(); err != nil {
		return nil, nil, fail(err)
	}
	du := make([]float64, p.Mobility)
	step := func() error {
		for i := range du {
			du[i] = -du[i]
			if du[i] == 0 {
				du[i] = benchStep
			}
		}
		return td.Track(du)
	}
	tr, err := closure.NewTrackerWith(m, q, p, closure.TrackerOptions{Simplified: true})
	if err != nil {
		return nil, nil, fail(err)
	}
	ds := make([]float64, p.Mobility)
	simplified := func() error {
		for i := range ds {
			ds[i] = -ds[i]
			if ds[i] == 0 {
				ds[i] = benchStep
			}
		}
		return tr.Step(ds)
	}
	ops := []benchOp{
		{"residual_jacobian", "residual+Jacobian", func() error { cd.Jacobian(q); return nil }},
		{"lift", "lift E", func() error { return lift.Update(cd.C) }},
		{"reduced_forward_dynamics", "reduced forward dynamics", forward},
		{"tracking_step", "tracking step", step},
		{"tracking_step_simplified", "tracking step (simplified)", simplified},
	}
	ops = append(ops, moduleOps(s)...)
	return ops, append([]float64(nil), fd.V...), nil
}
