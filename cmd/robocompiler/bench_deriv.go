package main

import (
	"fmt"

	"github.com/robocompiler/robocompiler"
	"github.com/robocompiler/robocompiler/internal/cli"
)

// derivKey and derivLabel name the timed derivative operation: every partial of the
// reduced forward dynamics (Data.ForwardDerivatives: ∂u̇/∂q_I, ∂u̇/∂u, ∂u̇/∂f) at the
// dynamics state of reduced_forward_dynamics.
const (
	derivKey   = "forward_derivatives"
	derivLabel = "forward derivatives (all)"
)

// derivLoopFormNote is the model note of a model in the loop form, whose derivatives are
// not timed.
var derivLoopFormNote = "forward derivatives not timed: " + robocompiler.ErrLoopFormDerivatives.Error()

// benchDerivOps appends the derivative operation to ops, in its own workspace at the
// same state as reduced_forward_dynamics (speeds benchSpeed, unit port efforts). A model
// in the loop form, whose partial derivatives are refused, gets no operation but a note.
func benchDerivOps(s *assembled, ops []benchOp) ([]benchOp, string, error) {
	m, p, q := s.m, s.p, s.a.Q
	d := s.d.Model().NewData()
	if err := d.Place(q, p); err != nil {
		return nil, "", cli.Numerical(fmt.Errorf("%s: %w", m.Graph.Name, err))
	}
	if d.LoopForm() {
		return ops, derivLoopFormNote, nil
	}
	u, f := make([]float64, p.Mobility), make([]float64, len(d.Kin.Ports))
	for i := range u {
		u[i] = benchSpeed
	}
	for i := range f {
		f[i] = 1
	}
	if err := d.SetState(u, nil); err != nil {
		return nil, "", cli.Numerical(fmt.Errorf("%s: %w", m.Graph.Name, err))
	}
	w := d.NewDerivatives()
	run := func() error { return d.ForwardDerivatives(w, f, nil) }
	if err := run(); err != nil {
		return nil, "", cli.Numerical(fmt.Errorf("%s: %s: %w", m.Graph.Name, derivLabel, err))
	}
	return append(ops, benchOp{derivKey, derivLabel, run}), "", nil
}

// derivRatio sets r's derivatives_vs_forward: the time of all derivatives of the forward
// dynamics over one forward dynamics call.
func derivRatio(r *benchModelJSON) {
	d, f := r.Operations[derivKey], r.Operations["reduced_forward_dynamics"]
	if d != nil && f != nil && f.NS > 0 {
		x := d.NS / f.NS
		r.DerivRatio = &x
	}
}
