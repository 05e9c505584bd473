package closure

import (
	"fmt"

	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/internal/dense"
)

// ReconfigureRCond is the default reciprocal condition number of the scaled dependent
// block R_p below which a Tracker re-decides its rank and partition. It falls like the
// square root of the distance to a fold of the independent coordinates, so a caller
// stepping towards such a configuration raises TrackerOptions.RCondTol until the
// re-decision happens at least one step before the fold.
const ReconfigureRCond = 1e-4

// reconfigureDrop is the factor by which, with the default threshold, the reciprocal
// condition of a partition chosen below ReconfigureRCond/reconfigureDrop (a large
// mechanism whose best partition is that poorly conditioned: a ladder of more than about
// 30 four-bar loops) must fall from its value at the choice before the partition is
// re-decided (see Tracker.limit).
const reconfigureDrop = 0.1

// crossingBisections bounds the bisection that locates a sign change of det R_p inside
// one step (2⁻⁴⁰ of the step).
const crossingBisections = 40

// Tracker follows a motion of the independent coordinates on the closure manifold:
// predictor q⁻ = q ⊕ E(q)·Δu, then Newton correction of the dependent coordinates on the
// selected rows with the analytic Jacobian (optionally first simplified Newton on the
// LU of R_p(q) the lift already holds: TrackerOptions.Simplified); when correction fails
// it re-acquires by assembly from the prediction.
//
// After each step it watches the dependent block R_p. When R_p becomes ill-conditioned
// (Lift.RCond < TrackerOptions.RCondTol) or singular, or det R_p changes sign within the
// step, the rank
// is decided again: an unchanged rank is a computational reconfiguration (a new partition
// is chosen, keeping the requested independent coordinates when they are still valid
// there, and the step is accepted); a changed rank is a mechanism event returned as
// *RankChangeError with the state left at the start of the step. Steps allocate nothing
// unless a re-acquisition or a re-decision is needed.
type Tracker struct {
	// Q is the current feasible configuration (len NQ).
	Q []float64
	// Lift is the lift for the tracker's current partition, valid at Q after each step.
	Lift *Lift
	// Steps, Corrections (Newton iterations), Reacquisitions and Reconfigurations count
	// the work done.
	Steps, Corrections, Reacquisitions, Reconfigurations int
	// Events lists the computational reconfigurations, oldest first.
	Events []Reconfiguration

	m         *compile.Model
	d         *Data
	rcondTol  float64 // TrackerOptions.RCondTol
	chord     bool    // TrackerOptions.Simplified
	nw        *newton
	requested []int // the independent coordinates asked for (nil: automatic)
	dv, qp    []float64
	// chosen is Lift.RCond when the partition was installed; relative is set for the
	// default threshold (see limit).
	chosen   float64
	relative bool
	// The loop form (NewLoopTracker): the sparse solver of the current partition, its
	// constructor, the row scales and the residual rows a correction must close.
	loop    LoopSolver
	newLoop func(*Partition) (LoopSolver, error)
	rs      []float64
	check   []int
	qs      []float64 // the configuration a correction started from
}

// TrackerOptions are the settings of a Tracker.
type TrackerOptions struct {
	// RCondTol is the reciprocal condition number of the scaled R_p below which the
	// partition is re-decided. It falls like the square root of the distance to a fold, so
	// a caller stepping towards one raises it until the re-decision happens at least one
	// step before the fold. 0 means ReconfigureRCond, or reconfigureDrop (0.1) times R_p's
	// reciprocal condition when the partition was chosen if that is lower: on a large
	// mechanism whose best partition is conditioned below ReconfigureRCond (a ladder of
	// more than about 30 four-bar loops), re-deciding at every step would choose it again.
	RCondTol float64
	// Simplified makes each correction start as simplified (chord) Newton on the factors
	// of R_p the lift holds from the start of the step, turning to full Newton when one
	// such iteration does not converge. It saves a Jacobian and its LU per step when steps
	// are small (a rollout at 0.1 ms), but it stops at CorrectTol where full Newton's
	// quadratic last iteration lands at round-off, so results differ from the default's
	// by up to CorrectTol per step (which a stiff rollout may amplify). Off by default.
	Simplified bool
}

// NewTracker starts tracking from the feasible configuration q (copied) with partition p
// and the default options. When p was requested, its independent coordinates are the
// ones kept through computational reconfigurations whenever they remain valid.
func NewTracker(m *compile.Model, q []float64, p *Partition) (*Tracker, error) {
	return NewTrackerWith(m, q, p, TrackerOptions{})
}

// NewTrackerWith is NewTracker with the settings opts.
func NewTrackerWith(m *compile.Model, q []float64, p *Partition, opts TrackerOptions) (*Tracker, error) {
	relative := opts.RCondTol == 0
	if relative {
		opts.RCondTol = ReconfigureRCond
	}
	t := &Tracker{Q: append([]float64(nil), q...), m: m, d: NewData(m), rcondTol: opts.RCondTol, relative: relative,
		chord: opts.Simplified,
		dv:    make([]float64, m.NV), qp: make([]float64, m.NQ)}
	if p.Requested {
		t.requested = append([]int(nil), p.Independent...)
	}
	t.setPartition(p)
	t.d.Jacobian(t.Q)
	err := t.Lift.Update(t.d.C)
	t.chosen = t.Lift.RCond
	return t, err
}

// limit returns the reciprocal condition of R_p below which a step re-decides the
// partition: TrackerOptions.RCondTol when set; by default ReconfigureRCond, or
// reconfigureDrop times the partition's RCond when it was chosen (chosen) if that is
// lower. Such a partition is the best-conditioned the rank-revealing choice found (a
// size effect, not a nearby singular configuration: re-deciding at every step would
// choose it again); it is re-decided once its RCond has fallen tenfold — as it does
// approaching a singular configuration of the partition, like the square root of the
// distance (on the dense path a sign change of det R_p within a step is caught besides).
func (t *Tracker) limit() float64 {
	if t.relative {
		return min(t.rcondTol, t.chosen*reconfigureDrop)
	}
	return t.rcondTol
}

// setPartition installs partition p: its lift and its corrector.
func (t *Tracker) setPartition(p *Partition) {
	t.Lift = NewLift(p, t.m.NV)
	t.nw = newNewton(t.m, p.Rows, p.luOrder(), p.Enforced(t.m))
}

// Data returns the tracker's closure workspace, evaluated at Q after each step.
func (t *Tracker) Data() *Data { return t.d }

// Step moves the current independent coordinates (Lift.P.Independent, which a
// reconfiguration may change) by du (len Mobility; for 1-DoF coordinates this is their
// displacement) and restores closure. On failure, and on a rank change, the state is
// unchanged and the error says what happened.
func (t *Tracker) Step(du []float64) error {
	if t.loop != nil {
		return t.loopStep(du)
	}
	m := t.m
	if t.Lift.IdentityOnly() {
		copy(t.dv, du)
	} else {
		E := t.Lift.E.RawMatrix()
		dense.MulVec(E.Data, E.Stride, du, t.dv)
	}
	m.Integrate(t.Q, t.dv, 1, t.qp)
	if i := nonFinite(t.qp); i >= 0 {
		return fmt.Errorf("closure: tracking step: predicted coordinate %d is %v (du = %v)", i, t.qp[i], du)
	}
	if err := t.correct(t.qp); err != nil {
		t.restore()
		return err
	}
	sign := t.Lift.Sign
	err := t.Lift.Update(t.d.C)
	switch {
	case err == nil && t.Lift.RCond >= t.limit() && t.Lift.Sign == sign:
	case err == nil && t.Lift.RCond >= t.limit():
		// det R_p changed sign inside the step: decide the rank where it vanished.
		if err := t.crossing(); err != nil {
			t.restore()
			return err
		}
	default:
		if err := t.redecide(t.Lift.RCond); err != nil {
			t.restore()
			return err
		}
	}
	copy(t.Q, t.qp)
	t.Steps++
	return nil
}

// Reset moves the tracker to the configuration q (len NQ, copied), corrected onto the
// closure manifold with the independent coordinates held as when stepping, and
// re-evaluates C and the lift there, keeping the current partition. It is how an
// integrator returns to the start of a step. On failure the state is unchanged.
func (t *Tracker) Reset(q []float64) error {
	if i := nonFinite(q); i >= 0 {
		return fmt.Errorf("closure: tracker reset: coordinate %d is %v", i, q[i])
	}
	if t.loop != nil {
		return t.loopReset(q)
	}
	copy(t.qp, q)
	if err := t.correct(t.qp); err != nil {
		t.restore()
		return err
	}
	if err := t.Lift.Update(t.d.C); err != nil {
		t.restore()
		return err
	}
	copy(t.Q, t.qp)
	return nil
}

// correct restores closure at q in place (Newton, else re-acquisition by assembly with
// the independent coordinates held); the workspace then holds C at q. With
// TrackerOptions.Simplified, Newton starts as simplified Newton on the factors of R_p the
// lift holds from its last update (at Q, the start of a step: newton.correctChord).
func (t *Tracker) correct(q []float64) error {
	var it int
	var ok bool
	if t.chord {
		it, ok = t.nw.correctChord(t.d, q, t.Lift)
	} else {
		it, ok = t.nw.correct(t.d, q)
	}
	t.Corrections += it
	if ok {
		return nil
	}
	a, err := Assemble(t.m, q, AssembleOptions{Hold: t.Lift.P.Independent})
	if err != nil {
		return err
	}
	copy(q, a.Q)
	t.Reacquisitions++
	t.d.Jacobian(q)
	return nil
}

// restore re-evaluates the workspace and the lift at Q after a rejected step.
func (t *Tracker) restore() {
	t.d.Jacobian(t.Q)
	_ = t.Lift.Update(t.d.C) // it succeeded at Q before the step
}

// crossing locates by bisection of the step (from Q along the stored predictor t.dv)
// the configuration where det R_p changes sign, and decides the rank there. A changed
// rank is a *RankChangeError; an unchanged one means the corrector passed a singular
// configuration of this partition only, a computational reconfiguration at the end of
// the step (see redecide).
func (t *Tracker) crossing() error {
	end := append([]float64(nil), t.qp...)
	lo, hi := 0.0, 1.0
	t.d.Jacobian(t.Q)
	_ = t.Lift.Update(t.d.C)
	s0, rc := t.Lift.Sign, t.Lift.RCond
	q := make([]float64, t.m.NQ)
	best := append([]float64(nil), t.Q...)
	for range crossingBisections {
		mid := (lo + hi) / 2
		t.m.Integrate(t.Q, t.dv, mid, q)
		if t.correct(q) != nil {
			break
		}
		copy(best, q)
		err := t.Lift.Update(t.d.C)
		rc = t.Lift.RCond
		if err != nil {
			break // exactly singular: the crossing itself
		}
		if t.Lift.Sign == s0 {
			lo = mid
		} else {
			hi = mid
		}
	}
	t.d.Jacobian(best)
	at, err := ChoosePartition(t.m, t.d.C, nil, 0)
	if err != nil {
		return err
	}
	if at.Rank != t.Lift.P.Rank {
		return t.rankChange(at, best)
	}
	copy(t.qp, end)
	t.d.Jacobian(t.qp)
	return t.redecide(rc)
}

// redecide decides the rank at t.qp (the workspace holds C there) after R_p became
// ill-conditioned or singular (reciprocal condition rc): a changed rank is a *RankChangeError;
// otherwise a new partition is installed — the requested independent coordinates when
// they are valid here and their R_p is conditioned at least as well as RCondTol asks or
// as the automatic choice's, else the automatic choice — and recorded.
func (t *Tracker) redecide(rc float64) error {
	old := t.Lift.P
	auto, err := ChoosePartition(t.m, t.d.C, nil, 0)
	if err != nil {
		return err
	}
	if auto.Rank != old.Rank {
		return t.rankChange(auto, t.qp)
	}
	names := t.m.CoordinateNames()
	ev := Reconfiguration{Step: t.Steps + 1, RCond: rc, Requested: pick(names, t.requested)}
	l := NewLift(auto, t.m.NV)
	if err := l.Update(t.d.C); err != nil {
		return err
	}
	if t.requested != nil {
		if p, err := ChoosePartition(t.m, t.d.C, t.requested, 0); err == nil {
			if lr := NewLift(p, t.m.NV); lr.Update(t.d.C) == nil && lr.RCond >= min(t.rcondTol, l.RCond) {
				ev.Kept = true
				t.install(p, lr, &ev)
				return nil
			}
		}
	}
	t.install(auto, l, &ev)
	return nil
}

// install makes p (with its updated lift l) the tracker's partition and records ev.
func (t *Tracker) install(p *Partition, l *Lift, ev *Reconfiguration) {
	if t.loop == nil {
		t.setPartition(p)
	}
	t.Lift = l
	t.chosen = l.RCond
	ev.Independent = pick(t.m.CoordinateNames(), p.Independent)
	ev.NewRCond = l.RCond
	t.Events = append(t.Events, *ev)
	t.Reconfigurations++
}

// rankChange builds the mechanism event for a rank decided as at.Rank at q where the
// tracker had t.Lift.P.Rank: the rows whose pivots crossed the rank cut, and their cuts.
func (t *Tracker) rankChange(at *Partition, q []float64) *RankChangeError {
	e := &RankChangeError{Step: t.Steps + 1, From: t.Lift.P.Rank, To: at.Rank}
	lo, hi := min(e.From, e.To), max(e.From, e.To)
	hi = min(hi, len(at.Pivots))
	seen := map[string]bool{}
	for _, r := range at.Pivots[lo:hi] {
		e.Rows = append(e.Rows, r)
		if c := RowOwner(t.m, r); !seen[c] {
			seen[c] = true
			e.Cuts = append(e.Cuts, c)
		}
	}
	e.Q = append([]float64(nil), q...)
	return e
}
