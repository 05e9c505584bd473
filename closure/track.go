package closure

import (
	"github.com/robocompiler/robocompiler/compile"
)

// Tracker follows a motion of the independent coordinates on the closure manifold:
// predictor q⁻ = q ⊕ E(q)·Δu, then Newton correction of the dependent coordinates on the
// selected rows with the analytic Jacobian; when correction fails it re-acquires by
// assembly from the prediction. Steps allocate nothing unless a re-acquisition is needed.
type Tracker struct {
	// Q is the current feasible configuration (len NQ).
	Q []float64
	// Lift is the lift for the tracker's partition, valid at Q after each step.
	Lift *Lift
	// Steps, Corrections (Newton iterations) and Reacquisitions count the work done.
	Steps, Corrections, Reacquisitions int

	m      *compile.Model
	d      *Data
	nw     *newton
	dv, qp []float64
}

// NewTracker starts tracking from the feasible configuration q (copied) with partition p.
func NewTracker(m *compile.Model, q []float64, p *Partition) (*Tracker, error) {
	t := &Tracker{Q: append([]float64(nil), q...), Lift: NewLift(p, m.NV), m: m, d: NewData(m),
		dv: make([]float64, m.NV), qp: make([]float64, m.NQ)}
	t.nw = newNewton(m, p.Rows, p.Dependent, seq(m.Rows))
	t.d.Jacobian(t.Q)
	return t, t.Lift.Update(t.d.C)
}

// Data returns the tracker's closure workspace, evaluated at Q after each step.
func (t *Tracker) Data() *Data { return t.d }

// Step moves the independent coordinates by du (len Mobility; for 1-DoF independent
// coordinates this is their displacement) and restores closure. On failure the state is
// unchanged and the error says how far the corrector got.
func (t *Tracker) Step(du []float64) error {
	m, E := t.m, t.Lift.E.RawMatrix()
	for i := range t.dv {
		s := 0.0
		for k, x := range du {
			s += E.Data[i*E.Stride+k] * x
		}
		t.dv[i] = s
	}
	m.Integrate(t.Q, t.dv, 1, t.qp)
	it, ok := t.nw.correct(t.d, t.qp)
	t.Corrections += it
	if !ok {
		a, err := Assemble(m, t.qp, AssembleOptions{Hold: t.Lift.P.Independent})
		if err != nil {
			t.d.Jacobian(t.Q)
			return err
		}
		copy(t.qp, a.Q)
		t.Reacquisitions++
		t.d.Jacobian(t.qp)
	}
	if err := t.Lift.Update(t.d.C); err != nil {
		t.d.Jacobian(t.Q)
		return err
	}
	copy(t.Q, t.qp)
	t.Steps++
	return nil
}
