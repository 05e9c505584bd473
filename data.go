package robocompiler

import (
	"github.com/robocompiler/robocompiler/closure"
	"github.com/robocompiler/robocompiler/dyn"
	"github.com/robocompiler/robocompiler/kin"
	"github.com/robocompiler/robocompiler/spatial"
)

// Data is the caller-owned workspace of one Model at one state: the tracker that keeps
// the configuration on the closure manifold, the interfaces and the dynamics, all
// evaluated into preallocated fields. It is not safe for concurrent use; give each
// goroutine its own (Model.NewData). After Assemble no stage allocates.
//
// The fields are valid after the stage named beside them and until the next call that
// changes the state; slices alias the workspace (copy what you keep).
type Data struct {
	// Q is the feasible configuration (len NQ; Assemble, Track, SetFullState). It aliases
	// the tracker's buffer: change it only through those calls.
	Q []float64
	// U are the independent speeds (len D = Mobility(); SetState), Udot their
	// accelerations (SetState for Inverse, Accelerations for Forward).
	U, Udot []float64
	// V is the feasible velocity E u and Curv the curvature Ė u (len NV each;
	// Interfaces); they alias Kin.V and Kin.Curv.
	V, Curv []float64
	// TauR is the reduced effort (len D): Lᵀ f + E_Tᵀ τ_T (Accelerations), or
	// M_r u̇ + h_r (Inverse).
	TauR []float64
	// A is the augmented acceleration E u̇ + c (len NV; Accelerations).
	A []float64
	// Tracker holds the closure workspace (Tracker.Data(): residual ρ, Jacobian C, drift)
	// and the lift (Tracker.Lift: partition, E, condition), both evaluated at Q after
	// every call that moves Q.
	Tracker *closure.Tracker
	// Kin holds the interfaces (Interfaces): poses and twists (Kin.Dyn), port
	// displacements Kin.Ell, their Jacobian Kin.JEll and the port map Kin.L (nf × D).
	Kin *kin.Data
	// Reduced holds M_T, h_T, M_r and h_r (Dynamics). For a loop-free model of more than
	// closure.DenseIdentityMax velocities it is the tree form (Reduced.Tree: MT and Mr
	// nil, M_T applied in O(n) by the articulated-body algorithm), and the lift's E = I
	// is not formed either (Lift().IdentityOnly()). In the loop form (LoopForm: a model
	// with loops of more than LoopFormMin velocities) MT and Mr are nil and HT, Hr are
	// evaluated in O(n).
	Reduced *dyn.Reduced
	// Assembly reports the last assembly (iterations, closure gap).
	Assembly *closure.Assembly
	// Warnings are the notes of the last assembly: one per seed coordinate projected into
	// its joint's limits (Model.ProjectSeed), nil when none moved.
	Warnings []string

	m    *Model
	loop *loopForm // the loop form, or nil (see LoopForm)
}

// NewData allocates a workspace for m. It holds no state until Assemble (or AssembleFrom)
// places it at a feasible configuration.
func (m *Model) NewData() *Data { return &Data{m: m} }

// Model returns the model whose state the workspace holds (after SwitchModel, the new one).
func (d *Data) Model() *Model { return d.m }

// Partition returns the current partition: rank, mobility and the independent velocity
// indices (it changes on computational reconfigurations during Track).
func (d *Data) Partition() *closure.Partition { return d.Tracker.Lift.P }

// Mobility returns the number of independent speeds D.
func (d *Data) Mobility() int { return len(d.U) }

// Closure returns the closure workspace, evaluated at Q: residual Rho (len Rows),
// Jacobian C (Rows × NV; nil in the loop form, see LoopForm, where DenseJacobian forms it).
func (d *Data) Closure() *closure.Data { return d.Tracker.Data() }

// Lift returns the lift at Q: the partition and E (NV × D; empty in the loop form, where
// DenseLift forms it).
func (d *Data) Lift() *closure.Lift { return d.Tracker.Lift }

// install places the workspace at the feasible configuration q with partition p: a new
// tracker (which evaluates the closure and the lift there), interfaces sharing its
// closure workspace and lift, and buffers sized by the mobility, with the speeds at rest.
func (d *Data) install(q []float64, p *closure.Partition) error {
	m := d.m.Model
	tr, loop, err := d.newTracker(q, p)
	if err != nil {
		return err
	}
	kd := kin.NewData(m, tr.Data(), tr.Lift)
	n := p.Mobility
	d.Tracker, d.Kin, d.Q, d.V, d.Curv = tr, kd, tr.Q, kd.V, kd.Curv
	tree := tr.Lift.IdentityOnly()
	if d.Reduced == nil || d.Reduced.N != m.NVT || d.Reduced.D != n || d.Reduced.Tree != tree || (loop != nil) != (d.loop != nil) {
		switch {
		case tree:
			d.Reduced = dyn.NewReducedTree(m.NVT) // O(n): no dense M_T, E or M_r
		case loop != nil:
			d.Reduced = loopReduced(m.NVT, n) // O(n): no dense M_T or M_r
		default:
			d.Reduced = dyn.NewReduced(m.NVT, n)
		}
		d.U, d.Udot, d.TauR = make([]float64, n), make([]float64, n), make([]float64, n)
	} else {
		clear(d.U)
		clear(d.Udot)
	}
	if len(d.A) != m.NV {
		d.A = make([]float64, m.NV)
	}
	d.loop = loop
	return nil
}

// Constraints evaluates the closure residual, its Jacobian and the lift at Q again. The
// tracker keeps them current through Assemble, Track and SetFullState, so Forward does
// not call it; it is the stage to time or to call after using the closure workspace at
// another configuration. It returns *closure.SingularError when the partition's dependent
// block is singular at Q. It updates the lift by closure.Lift.UpdateE: the condition
// estimate (Lift().RCond, NaN afterwards) is made only when the factorisation's pivots
// suggest a singular block, since the tracker has judged the partition at Q. In the loop
// form (LoopForm) it evaluates the residual only, in O(n).
func (d *Data) Constraints() error {
	if d.loop != nil {
		return d.loopConstraints()
	}
	return d.refresh()
}

// Interfaces evaluates the interfaces at the state (Q, U), in order: the feasible velocity
// V = E u, the curvature Curv = Ė u (from the closure drift), the tree kinematics (poses,
// twists, motion subspaces), the port displacements and their Jacobian, and the port map
// L = J_ℓ E.
func (d *Data) Interfaces() {
	if d.loop != nil {
		d.loopInterfaces()
		return
	}
	k := d.Kin
	k.Lifted(d.U)
	k.Curvature(d.Q)
	k.Kinematics(d.Q)
	k.PortMap()
}

// Dynamics evaluates, after Interfaces, the tree mass matrix M_T and bias h_T (with the
// external spatial forces fext: nil, or one body-frame wrench per node as dyn.Data's RNEA
// takes them, len Bodies+1) and the reduced dynamics M_r, h_r of eq. 14 into Reduced.
func (d *Data) Dynamics(fext []spatial.Vec6) error {
	if fext != nil {
		if err := checkLen("Dynamics", "fext", len(fext), len(d.m.Bodies)+1); err != nil {
			return err
		}
	}
	if d.loop != nil {
		return d.loopDynamics(fext)
	}
	d.Kin.Dyn.ReducedDynamics(d.Reduced, d.Q, d.V, d.Tracker.Lift.E, d.Curv, fext)
	return nil
}

// Accelerations solves, after Dynamics, the reduced forward dynamics for the port efforts
// f (len nf = len(Ports); nil: none) and generalised tree forces tauT (len NVT; nil:
// none): TauR = Lᵀ f + E_Tᵀ τ_T, Udot = M_r⁻¹ (TauR − h_r) and A = E u̇ + c. It returns
// dyn.ErrReducedNotPositiveDefinite when M_r is not positive definite.
func (d *Data) Accelerations(f, tauT []float64) error {
	if d.loop != nil {
		return d.loopAccelerations(f, tauT)
	}
	if err := d.efforts(f, tauT); err != nil {
		return err
	}
	if err := d.Reduced.Forward(d.TauR, d.Udot); err != nil {
		return err
	}
	if d.Tracker.Lift.IdentityOnly() {
		for i, c := range d.Curv {
			d.A[i] = d.Udot[i] + c
		}
		return nil
	}
	d.Reduced.Acceleration(d.Tracker.Lift.E, d.Curv, d.Udot, d.A)
	return nil
}

// efforts writes TauR = Lᵀ f + E_Tᵀ τ_T.
func (d *Data) efforts(f, tauT []float64) error {
	if f != nil {
		if err := checkLen("Accelerations", "f", len(f), len(d.Kin.Ports)); err != nil {
			return err
		}
		d.Kin.ReducedEffort(f, d.TauR)
	} else {
		clear(d.TauR)
	}
	if tauT == nil {
		return nil
	}
	if err := checkLen("Accelerations", "tauT", len(tauT), d.m.NVT); err != nil {
		return err
	}
	if d.Tracker.Lift.IdentityOnly() {
		for i, t := range tauT {
			d.TauR[i] += t
		}
		return nil
	}
	e := d.Tracker.Lift.E.RawMatrix()
	for i, t := range tauT {
		if t == 0 {
			continue
		}
		for k, x := range e.Data[i*e.Stride : i*e.Stride+len(d.TauR)] {
			d.TauR[k] += x * t
		}
	}
	return nil
}

// Forward is the forward pipeline at the state (Q, U) — the mj_forward of this project:
// Interfaces, Dynamics with the external forces fext, and Accelerations for the port
// efforts f (see those stages for the shapes). The result is Udot (and A, TauR, and every
// intermediate field).
func (d *Data) Forward(f []float64, fext []spatial.Vec6) error {
	d.Interfaces()
	if err := d.Dynamics(fext); err != nil {
		return err
	}
	return d.Accelerations(f, nil)
}

// Inverse is the reduced inverse dynamics at the state (Q, U, Udot): Interfaces, Dynamics
// with fext, and TauR = M_r u̇ + h_r, the reduced effort that produces Udot.
func (d *Data) Inverse(fext []spatial.Vec6) error {
	d.Interfaces()
	if err := d.Dynamics(fext); err != nil {
		return err
	}
	if d.loop != nil {
		return d.loopInverse()
	}
	d.Reduced.Inverse(d.Udot, d.TauR)
	return nil
}
