package main

import (
	"errors"
	"fmt"

	"github.com/robocompiler/robocompiler"
	"github.com/robocompiler/robocompiler/internal/cli"
)

// evalDerivJSON is eval's "derivatives" object (--derivatives): the partial derivatives of
// the reduced forward dynamics u̇ = FD(q_I, u, f) at the state (Data.ForwardDerivatives)
// and, when the port map is square, of the inverse dynamics f = ID(q_I, u, u̇) at the same
// state (Data.InverseDerivatives). Rows and columns follow "independent" (q_I, u, u̇) and
// "ports" (f).
type evalDerivJSON struct {
	Ports   []string    `json:"ports"`
	DUdotDq [][]float64 `json:"dudot_dq"`
	DUdotDu [][]float64 `json:"dudot_du"`
	DUdotDf [][]float64 `json:"dudot_df"`
	// The inverse dynamics blocks are null, and InverseNote says why, when the port map is
	// not square or is singular.
	DfDq        [][]float64 `json:"df_dq"`
	DfDu        [][]float64 `json:"df_du"`
	DfDudot     [][]float64 `json:"df_dudot"`
	InverseNote string      `json:"inverse_note,omitempty"`
	// Method names how each block was computed.
	Method string `json:"method"`
}

// analyticMethod and derivativesMethod are evalDerivJSON.Method with and without
// robocompiler.Derivatives.Analytic (models the tangent recursions do not cover).
const (
	derivativesMethod = "difference method: f and u partials exact (closed form and polarisation); q_I partials by Richardson-extrapolated central differences along the closure manifold"
	analyticMethod    = "analytic: closed form in f; tangent RNEA, lift and curvature derivatives in q_I and u"
)

// loopFormDerivatives is the usage error (exit 2) of --derivatives on the model of file
// src when it takes the loop form.
func loopFormDerivatives(src string) error {
	return cli.Usage(fmt.Errorf("%s: --derivatives is not available for this model: %w", src, robocompiler.ErrLoopFormDerivatives))
}

// evalDerivatives computes the "derivatives" object at the state evaluate left in s
// (port efforts f; tree efforts are refused: their derivatives are not computed). A model
// in the loop form is a usage error (exit 2): its partial derivatives are not available.
func evalDerivatives(s *assembled, out *evalJSON, path string) (*evalDerivJSON, error) {
	d, m := s.d, s.m
	if out.treeEfforts {
		return nil, cli.Invalid(fmt.Errorf("%s: tau: --derivatives takes actuator efforts only; the state gives tree joint efforts", path))
	}
	if d.LoopForm() {
		return nil, loopFormDerivatives(m.Graph.Source)
	}
	w := d.NewDerivatives()
	if err := d.ForwardDerivatives(w, out.efforts, nil); err != nil {
		return nil, cli.Numerical(fmt.Errorf("%s: derivatives at the state of %s: %w", m.Graph.Source, path, err))
	}
	n, nf := w.D, w.NF
	r := &evalDerivJSON{Ports: make([]string, nf), Method: derivativesMethod,
		DUdotDq: blockRows(w.DUdotDq, n, n), DUdotDu: blockRows(w.DUdotDU, n, n), DUdotDf: blockRows(w.DUdotDf, n, nf)}
	for i := range nf {
		r.Ports[i] = d.Kin.Ports[i].ID
	}
	if w.Analytic {
		r.Method = analyticMethod
	}
	// The inverse dynamics at u̇ = FD(q_I, u, f): the efforts f again.
	if err := d.SetState(d.U, append([]float64(nil), d.Udot...)); err != nil {
		return nil, cli.Numerical(err)
	}
	err := d.InverseDerivatives(w, nil)
	switch {
	case err == nil:
		r.DfDq, r.DfDu, r.DfDudot = blockRows(w.DfDq, nf, n), blockRows(w.DfDU, nf, n), blockRows(w.DfDUdot, nf, n)
	case nf != n || errors.Is(err, robocompiler.ErrSingularPortMap):
		r.InverseNote = err.Error()
	default:
		return nil, cli.Numerical(fmt.Errorf("%s: inverse dynamics derivatives at the state of %s: %w", m.Graph.Source, path, err))
	}
	return r, nil
}

// blockRows copies a row-major r×c slice into rows (never nil, so JSON prints []).
func blockRows(x []float64, r, c int) [][]float64 {
	out := make([][]float64, r)
	for i := range out {
		out[i] = append([]float64{}, x[i*c:i*c+c]...)
	}
	return out
}
