package robocompiler

import (
	"github.com/robocompiler/robocompiler/closure"
	"github.com/robocompiler/robocompiler/dyn"
	"github.com/robocompiler/robocompiler/kkt"
	"github.com/robocompiler/robocompiler/spatial"
)

// LoopFormMin is the velocity count above which a model with closure rows takes the loop
// form (Data.LoopForm): its interfaces and dynamics are solved in maximal coordinates
// (package kkt) in O(n) time and memory for mechanisms of bounded width, instead of the
// dense E_Tᵀ M_T E_T path whose cost grows like n³. It equals closure.DenseIdentityMax,
// the size above which loop-free models take the tree form. Models the loop form does not
// cover (couplings, joint armature, a massless body; see kkt.New) keep the dense path.
const LoopFormMin = closure.DenseIdentityMax

// loopFormMin is LoopFormMin, changed only by tests that force one path or the other.
var loopFormMin = LoopFormMin

// loopForm is the loop form's state in a Data.
type loopForm struct {
	s *kkt.Solver
	// err is the failure of the last Interfaces (a singular constraint system), returned
	// by the next Dynamics.
	err error
	// fext are the external wrenches of the last Dynamics, for Accelerations.
	fext []spatial.Vec6
	// tau and y are tree-force scratch (len NVT).
	tau, y []float64
}

// LoopForm reports that the workspace holds the loop form: a model with closure rows and
// more than LoopFormMin velocities that kkt.New accepts. Then no matrix of the closure is
// formed: the tracker (closure.NewLoopTracker) predicts, corrects and estimates the
// condition through the loop form's solver, Closure().C is nil and Lift().E empty
// (DenseLift forms E on request), Lift().RCond is the solver's estimate and
// Lift().Sign 0; Constraints evaluates the residual ρ only (O(n)); Interfaces evaluates
// V, Curv, the tree kinematics and the port displacements, but not the port map Kin.L;
// Dynamics evaluates Reduced.HT and Reduced.Hr (O(n)) while Reduced.MT and Reduced.Mr
// are nil (DenseTreeMass and DenseReducedMass form them on request); Accelerations and
// Inverse solve in maximal coordinates.
func (d *Data) LoopForm() bool { return d.loop != nil }

// newTracker returns the closure tracker of the workspace at the feasible configuration
// q under partition p and, when the model takes the loop form there, the loop form (its
// tracker sharing the loop form's solver); otherwise the dense tracker and nil.
func (d *Data) newTracker(q []float64, p *closure.Partition) (*closure.Tracker, *loopForm, error) {
	m := d.m.Model
	if m.Rows == 0 || m.NV <= loopFormMin || p.Mobility == 0 {
		tr, err := closure.NewTrackerWith(m, q, p, d.m.Tracking)
		return tr, nil, err
	}
	s, err := kkt.New(m, p)
	if err != nil { // a model the loop form does not cover
		tr, err := closure.NewTrackerWith(m, q, p, d.m.Tracking)
		return tr, nil, err
	}
	first := true
	tr, err := closure.NewLoopTracker(m, q, p, d.m.Tracking, func(p *closure.Partition) (closure.LoopSolver, error) {
		if first { // the solver made above
			first = false
			return s, nil
		}
		return kkt.New(m, p)
	})
	if err != nil {
		return nil, nil, err
	}
	return tr, &loopForm{s: s, tau: make([]float64, m.NVT), y: make([]float64, m.NVT)}, nil
}

// loopReduced returns the loop form's reduced dynamics: the biases only.
func loopReduced(nvt, n int) *dyn.Reduced {
	return &dyn.Reduced{N: nvt, D: n, HT: make([]float64, nvt), Hr: make([]float64, n)}
}

// solver returns the loop form's solver for the current partition: the tracker's, which
// a computational reconfiguration replaces.
func (l *loopForm) solver(d *Data) (*kkt.Solver, error) {
	if s := d.Tracker.Loop().(*kkt.Solver); s != l.s {
		l.s = s
	}
	return l.s, nil
}

// loopConstraints is Constraints in the loop form: the residual at Q.
func (d *Data) loopConstraints() error {
	d.Tracker.Data().Residual(d.Q)
	d.loop.s.Invalidate() // the next Interfaces places and factors at Q again
	return nil
}

// refresh evaluates the closure Jacobian and the lift at Q whatever the form (after Q
// was set directly); in the loop form the residual and the solver's factors.
func (d *Data) refresh() error {
	c := d.Tracker.Data()
	if d.loop != nil {
		return d.Tracker.Refresh()
	}
	if d.m.Rows > 0 {
		c.Jacobian(d.Q)
	}
	return d.Tracker.Lift.UpdateE(c.C)
}

// lifted writes V = E U at Q whatever the form: in the loop form by the loop form's
// solver, that of the lift the interfaces hold (Kin.Lift; in adoptLift, the previous
// partition's).
func (d *Data) lifted() error {
	if d.loop == nil {
		d.Kin.Lifted(d.U)
		return nil
	}
	return d.loop.s.Velocity(d.Tracker.Data(), d.Q, d.U, d.V)
}

// loopDenseLift writes the lift E (NV × D, row-major) at Q in the loop form, column by
// column (O(n·D)).
func (d *Data) loopDenseLift(E []float64) error {
	s, err := d.loop.solver(d)
	if err != nil {
		return err
	}
	nv, n := d.m.NV, d.Mobility()
	u, v := make([]float64, n), make([]float64, nv)
	for j := range n {
		clear(u)
		u[j] = 1
		if err := s.Velocity(d.Tracker.Data(), d.Q, u, v); err != nil {
			return err
		}
		for i, x := range v {
			E[i*n+j] = x
		}
	}
	return nil
}

// loopInterfaces is Interfaces in the loop form.
func (d *Data) loopInterfaces() {
	l, c := d.loop, d.Tracker.Data()
	s, err := l.solver(d)
	if err == nil {
		err = s.Velocity(c, d.Q, d.U, d.V)
	}
	d.Kin.Kinematics(d.Q)
	if err == nil {
		err = s.Acceleration(c, d.Q, d.V, nil, d.Curv)
	}
	l.err = err
}

// loopDynamics is Dynamics in the loop form: h_T − Σ Jᵀ fext by RNEA and
// h_r = E_Tᵀ(h_T + M_T c_T) by RNEA at the curvature and one transposed solve.
func (d *Data) loopDynamics(fext []spatial.Vec6) error {
	l := d.loop
	if l.err != nil {
		return l.err
	}
	l.fext = fext
	k := d.Kin.Dyn
	k.Bias(d.Q, d.V, fext, d.Reduced.HT)
	k.RNEA(d.Q, d.V, d.Curv, fext, l.y)
	return l.s.ReducedForce(d.Tracker.Data(), d.Q, l.y, d.Reduced.Hr)
}

// loopAccelerations is Accelerations in the loop form: the port efforts become tree
// efforts (kin.Data.TreeEffort, equal to Lᵀ f by virtual work), TauR = E_Tᵀ τ_T by a
// transposed solve, and the accelerations A by the maximal-coordinate dynamics.
func (d *Data) loopAccelerations(f, tauT []float64) error {
	l := d.loop
	if l.err != nil {
		return l.err
	}
	s, c := l.s, d.Tracker.Data()
	var tau []float64
	if f != nil || tauT != nil {
		tau = l.tau
		clear(tau)
		if f != nil {
			if err := checkLen("Accelerations", "f", len(f), len(d.Kin.Ports)); err != nil {
				return err
			}
			d.Kin.TreeEffort(d.Q, f, tau)
		}
		if tauT != nil {
			if err := checkLen("Accelerations", "tauT", len(tauT), d.m.NVT); err != nil {
				return err
			}
			for i, t := range tauT {
				tau[i] += t
			}
		}
		if err := s.ReducedForce(c, d.Q, tau, d.TauR); err != nil {
			return err
		}
	} else {
		clear(d.TauR)
	}
	if err := s.Forward(c, d.Q, d.V, d.Curv, tau, l.fext, d.A); err != nil {
		return err
	}
	for k, i := range d.Partition().Independent {
		d.Udot[k] = d.A[i]
	}
	return nil
}

// loopInverse is the reduced inverse dynamics in the loop form: A = E u̇ + c by the
// pinned solve, then TauR = E_Tᵀ RNEA(q, v, A, fext) by a transposed solve.
func (d *Data) loopInverse() error {
	l := d.loop
	if l.err != nil {
		return l.err
	}
	s, c := l.s, d.Tracker.Data()
	if err := s.Acceleration(c, d.Q, d.V, d.Udot, d.A); err != nil {
		return err
	}
	d.Kin.Dyn.RNEA(d.Q, d.V, d.A, l.fext, l.y)
	return s.ReducedForce(c, d.Q, l.y, d.TauR)
}

// loopReducedMass writes M_r = E_Tᵀ M_T E_T (D × D, row-major) at Q column by column: the
// lift of a unit independent speed, M_T times it by RNEA at rest without gravity's share,
// and E_Tᵀ of that by a transposed solve: O(n·D) time and O(n) memory besides M.
func (d *Data) loopReducedMass(M []float64) error {
	s, err := d.loop.solver(d)
	if err != nil {
		return err
	}
	m, c, n := d.m, d.Tracker.Data(), d.Mobility()
	u, v, zero := make([]float64, n), make([]float64, m.NV), make([]float64, m.NV)
	g, y, col := make([]float64, m.NVT), make([]float64, m.NVT), make([]float64, n)
	k := d.Kin.Dyn
	k.Bias(d.Q, zero, nil, g) // gravity (and nothing else at rest)
	for j := range n {
		clear(u)
		u[j] = 1
		if err := s.Velocity(c, d.Q, u, v); err != nil {
			return err
		}
		k.RNEA(d.Q, zero, v, nil, y)
		for i := range y {
			y[i] -= g[i]
		}
		if err := s.ReducedForce(c, d.Q, y, col); err != nil {
			return err
		}
		for i, x := range col {
			M[i*n+j] = x
		}
	}
	d.Kin.Dyn.ForwardKinematics(d.Q, d.V) // leave the tree's twists at the state
	return nil
}

// loopImpact sets U to the impact projection u = M_r⁻¹ E_Tᵀ M_T v_T of the tree velocity
// vT (len NVT) in the loop form (SwitchModel): the forward dynamics at rest, without the
// curvature, for the tree effort RNEA(q, 0, v_T) = M_T v_T + g(q), whose gravity share
// cancels the bias.
func (d *Data) loopImpact(vT []float64) error {
	s, err := d.loop.solver(d)
	if err != nil {
		return err
	}
	m := d.m
	zero, a := make([]float64, m.NV), make([]float64, m.NV)
	copy(a, vT)
	d.Kin.Dyn.RNEA(d.Q, zero, a, nil, d.loop.tau)
	if err := s.Forward(d.Tracker.Data(), d.Q, zero, zero, d.loop.tau, nil, a); err != nil {
		return err
	}
	for k, i := range d.Partition().Independent {
		d.U[k] = a[i]
	}
	return nil
}
