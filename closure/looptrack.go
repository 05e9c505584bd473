package closure

import (
	"fmt"

	"github.com/robocompiler/robocompiler/compile"
	"gonum.org/v1/gonum/mat"
)

// LoopSolver solves a tracker's linear systems without the dense closure Jacobian and
// lift: in maximal coordinates, in O(n) time and memory for mechanisms of bounded width
// (the front door's loop form gives its trackers a kkt.Solver). It is bound to one
// partition and evaluates its geometry from the tracker's closure workspace c.
type LoopSolver interface {
	// Partition returns the partition the solver was built for.
	Partition() *Partition
	// Velocity writes v = E u (len NV) for the independent speeds u (len D) at the
	// configuration q (len NQ).
	Velocity(c *Data, q, u, v []float64) error
	// Correction writes the Newton correction dv (len NV) at q of the residual rho (len
	// Rows, evaluated at q): independent entries zero, selected rows C_S dv = −ρ_S.
	Correction(c *Data, q, rho, dv []float64) error
	// Chord is Correction with the factors of the last placement (simplified Newton),
	// for a residual evaluated near it.
	Chord(rho, dv []float64) error
	// RCond places and factors the system at q and returns its reciprocal condition
	// estimate (an error when the dependent block is singular there).
	RCond(c *Data, q []float64) (float64, error)
	// Invalidate forgets the placement (after c was evaluated at another configuration).
	Invalidate()
}

// chordContraction is the factor by which each simplified Newton iteration of a loop
// tracker's correction must reduce the selected rows' residual; a correction that
// contracts less turns to full Newton (a factorisation per iterate).
const chordContraction = 0.1

// maxNewton is the most Newton iterations of one tracking correction.
const maxNewton = 10

// NewLoopTracker is NewTrackerWith for a model whose closure Jacobian and lift are too
// large to form (the front door's loop form): its workspace holds no Jacobian (C is nil),
// its Lift holds the partition and the condition estimate but no E, and steps solve their
// linear systems with the LoopSolver that newLoop builds for a partition: the predictor
// v = E Δu by LoopSolver.Velocity, the correction by simplified Newton on the factors of
// the step's start (LoopSolver.Chord) while it contracts by chordContraction per
// iteration, else full Newton (LoopSolver.Correction). Lift.RCond is the solver's
// estimate (LoopSolver.RCond, not the dense 1-norm one) and Lift.Sign is 0: the loop form
// detects a singular configuration of its partition by the estimate alone, not by a sign
// change of det R_p within a step. A re-decision of the partition forms the dense
// Jacobian once (ChoosePartition's pivoted QR) and frees it, as does a re-acquisition
// (Assemble) after a correction that did not converge.
func NewLoopTracker(m *compile.Model, q []float64, p *Partition, opts TrackerOptions, newLoop func(*Partition) (LoopSolver, error)) (*Tracker, error) {
	relative := opts.RCondTol == 0
	if relative {
		opts.RCondTol = ReconfigureRCond
	}
	t := &Tracker{Q: append([]float64(nil), q...), m: m, d: NewDataWith(m, EvalOptions{NoJacobian: true}),
		rcondTol: opts.RCondTol, relative: relative, dv: make([]float64, m.NV), qp: make([]float64, m.NQ), qs: make([]float64, m.NQ),
		newLoop: newLoop, rs: RowScales(m)}
	if p.Requested {
		t.requested = append([]int(nil), p.Independent...)
	}
	s, err := newLoop(p)
	if err != nil {
		return nil, err
	}
	t.setLoop(p, s)
	t.d.Residual(t.Q)
	err = t.loopUpdate(t.Q)
	t.chosen = t.Lift.RCond
	return t, err
}

// Loop returns the loop form's solver of the current partition (nil for a dense tracker).
func (t *Tracker) Loop() LoopSolver { return t.loop }

// setLoop installs partition p with its loop solver s: a lift without E.
func (t *Tracker) setLoop(p *Partition, s LoopSolver) {
	t.loop = s
	t.Lift = &Lift{P: p, E: &mat.Dense{}}
	t.check = p.Enforced(t.m)
}

// loopUpdate places and factors the loop solver at q and records its condition estimate
// in the lift: a *SingularError when the dependent block is singular there.
func (t *Tracker) loopUpdate(q []float64) error {
	l := t.Lift
	rc, err := t.loop.RCond(t.d, q)
	l.RCond, l.Sign = rc, 0
	if err != nil || !(rc >= SingularTol) {
		l.RCond = 0
		return &SingularError{RCond: rc}
	}
	return nil
}

// loopStep is Step in the loop form.
func (t *Tracker) loopStep(du []float64) error {
	if err := t.loop.Velocity(t.d, t.Q, du, t.dv); err != nil {
		return err
	}
	t.m.Integrate(t.Q, t.dv, 1, t.qp)
	if i := nonFinite(t.qp); i >= 0 {
		return fmt.Errorf("closure: tracking step: predicted coordinate %d is %v (du = %v)", i, t.qp[i], du)
	}
	if err := t.loopCorrect(t.qp); err != nil {
		t.loopRestore()
		return err
	}
	if err := t.loopUpdate(t.qp); err != nil || t.Lift.RCond < t.limit() {
		if err := t.loopRedecide(t.Lift.RCond); err != nil {
			t.loopRestore()
			return err
		}
	}
	copy(t.Q, t.qp)
	t.Steps++
	return nil
}

// loopReset is Reset in the loop form.
func (t *Tracker) loopReset(q []float64) error {
	copy(t.qp, q)
	if err := t.loopCorrect(t.qp); err != nil {
		t.loopRestore()
		return err
	}
	if err := t.loopUpdate(t.qp); err != nil {
		t.loopRestore()
		return err
	}
	copy(t.Q, t.qp)
	return nil
}

// loopRestore re-evaluates the workspace and the solver at Q after a rejected step.
func (t *Tracker) loopRestore() {
	t.loop.Invalidate()
	t.d.Residual(t.Q)
	_ = t.loopUpdate(t.Q) // it succeeded at Q before the step
}

// loopCorrect restores closure at q in place, as correct: Newton on the partition's
// selected rows over its dependent velocities, simplified (on the factors of the solver's
// current placement, the start of the step) while it contracts by chordContraction per
// iteration, then full; else re-acquisition by assembly. The workspace then holds ρ at q.
func (t *Tracker) loopCorrect(q []float64) error {
	d, rows, save := t.d, t.Lift.P.Rows, t.qs
	copy(save, q)
	d.Residual(q)
	chord, prev := true, 0.0
	for it := 0; it <= maxNewton; it++ {
		sel, _ := maxResidual(d.Rho, rows, t.rs)
		if sel <= CorrectTol {
			if r, _ := maxResidual(d.Rho, t.check, nil); r <= GapTol {
				t.Corrections += it
				return nil
			}
			break
		}
		if it == maxNewton {
			break
		}
		chord = chord && (it == 0 || sel < chordContraction*prev)
		prev = sel
		var err error
		if chord {
			err = t.loop.Chord(d.Rho, t.dv)
		} else {
			err = t.loop.Correction(d, q, d.Rho, t.dv)
		}
		if err != nil {
			break
		}
		t.m.Integrate(q, t.dv, 1, q)
		d.Residual(q)
	}
	t.Corrections += maxNewton
	copy(q, save)
	a, err := Assemble(t.m, q, AssembleOptions{Hold: t.Lift.P.Independent})
	if err != nil {
		return err
	}
	copy(q, a.Q)
	t.Reacquisitions++
	t.loop.Invalidate()
	d.Residual(q)
	return nil
}

// loopRedecide is redecide in the loop form: the rank and the partitions are chosen on
// the dense Jacobian at t.qp, formed for the decision only (garbage afterwards); the
// condition estimates are the loop solvers'.
func (t *Tracker) loopRedecide(rc float64) error {
	old := t.Lift.P
	dd := NewData(t.m)
	dd.Jacobian(t.qp)
	auto, err := ChoosePartition(t.m, dd.C, nil, 0)
	if err != nil {
		return err
	}
	if auto.Rank != old.Rank {
		return t.rankChange(auto, t.qp)
	}
	var req *Partition
	if t.requested != nil {
		req, _ = ChoosePartition(t.m, dd.C, t.requested, 0)
	}
	names := t.m.CoordinateNames()
	ev := Reconfiguration{Step: t.Steps + 1, RCond: rc, Requested: pick(names, t.requested)}
	candidate := func(p *Partition) (LoopSolver, float64, error) {
		s, err := t.newLoop(p)
		if err != nil {
			return nil, 0, err
		}
		r, err := s.RCond(t.d, t.qp)
		if err == nil && !(r >= SingularTol) {
			err = &SingularError{RCond: r}
		}
		return s, r, err
	}
	sa, ra, err := candidate(auto)
	if err != nil {
		return err
	}
	p, s, r := auto, sa, ra
	if req != nil {
		if sr, rr, err := candidate(req); err == nil && rr >= min(t.rcondTol, ra) {
			p, s, r, ev.Kept = req, sr, rr, true
		}
	}
	t.setLoop(p, s) // placed and factored at t.qp by candidate
	t.Lift.RCond = r
	t.install(p, t.Lift, &ev)
	return nil
}

// Refresh evaluates the residual and the loop solver's factors and condition estimate at
// Q, after Q was set directly (the front door's SetConfiguration); a *SingularError when
// the dependent block is singular there. Only for a tracker of NewLoopTracker.
func (t *Tracker) Refresh() error {
	t.loop.Invalidate()
	t.d.Residual(t.Q)
	return t.loopUpdate(t.Q)
}
