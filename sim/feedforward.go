package sim

import (
	"fmt"

	"github.com/robocompiler/robocompiler"
	"github.com/robocompiler/robocompiler/closure"
	"github.com/robocompiler/robocompiler/kin"
	"github.com/robocompiler/robocompiler/spatial"
)

// Feedforward is the reduced-dynamics feedforward of eq. 14, τ_r = M_r(q, u) u̇_ref +
// h_r(q, u), evaluated on a controller's own model at the plant's state, with the
// model's friction compensated: h_r holds the joints' viscous damping, and the joints'
// Coulomb friction τ_T,fric and the ports' damping and friction f_fric (as the rollout
// applies them) are subtracted, τ_r −= E_Tᵀ τ_T,fric + Lᵀ f_fric, and the cut joints'
// damping and friction wrenches are included with the external forces. The model may differ
// from the plant's in its inertial parameters (an unmodelled payload) but must have the
// same coordinates, and the partition must be the plant's (the same independent
// velocity indices). It allocates nothing per evaluation.
type Feedforward struct {
	d      *robocompiler.Data
	loss   losses
	elldot []float64 // port speeds, then the ports' friction efforts
}

// NewFeedforward allocates the feedforward of model m under partition p (the plant's),
// placed at the plant's feasible configuration q (len NQ).
func NewFeedforward(m *robocompiler.Model, q []float64, p *closure.Partition) (*Feedforward, error) {
	loss, err := newLosses(m)
	if err != nil {
		return nil, err
	}
	d := m.NewData()
	if err := d.Place(q, p); err != nil {
		return nil, err
	}
	if d.LoopForm() && loss.ports {
		return nil, fmt.Errorf("feedforward: port damping or friction on a model in the loop form (more than %d velocities with loops) is not supported: the loop form forms no port map L", robocompiler.LoopFormMin)
	}
	return &Feedforward{d: d, loss: loss, elldot: make([]float64, len(m.Ports))}, nil
}

// Data returns the feedforward model's interfaces, evaluated at the last Effort's state
// (its port map L converts τ_r into port efforts).
func (f *Feedforward) Data() *kin.Data { return f.d.Kin }

// Effort writes into tauR (len D) the reduced effort M_r u̇ + h_r at the feasible state
// (q, u) (len NQ, D) that produces the independent acceleration udot (len D) on the
// feedforward model, with the external spatial forces fext (per node, body frames, as in
// Command.Fext; nil for none) included in h_r.
func (f *Feedforward) Effort(q, u, udot []float64, fext []spatial.Vec6, tauR []float64) error {
	d := f.d
	if err := d.SetConfiguration(q); err != nil {
		return err
	}
	if err := d.SetState(u, udot); err != nil {
		return err
	}
	if len(f.loss.cuts) > 0 {
		d.Interfaces() // the poses and twists the cut joints' friction wrenches need
		fext, _ = f.loss.cutWrenches(d.Kin.Dyn, fext)
	}
	if err := d.Inverse(fext); err != nil {
		return err
	}
	copy(tauR, d.TauR)
	f.compensate(tauR)
	return nil
}

// EffortAt is Effort at the plant's state (plant.Q, plant.U), reusing the plant's
// evaluation there instead of repeating it: the joint placements, the lift E, the velocity V, the
// curvature Curv and the port map of plant's last Interfaces, which must be at that state (as a
// Controller receives the plant). The feedforward model must have the plant's kinematics
// (it may differ in inertial and friction parameters only). With cut-joint friction,
// whose wrenches need the feedforward model's own poses, or in the loop form (no M_r to
// reuse), it is Effort. Data is otherwise not updated.
func (f *Feedforward) EffortAt(plant *robocompiler.Data, udot []float64, fext []spatial.Vec6, tauR []float64) error {
	d := f.d
	if len(f.loss.cuts) > 0 || d.LoopForm() {
		return f.Effort(plant.Q, plant.U, udot, fext, tauR)
	}
	if len(udot) != len(d.Udot) {
		return fmt.Errorf("Feedforward.EffortAt: len(udot) = %d; want %d", len(udot), len(d.Udot))
	}
	if fext != nil && len(fext) != len(d.Model().Bodies)+1 {
		return fmt.Errorf("Feedforward.EffortAt: len(fext) = %d; want %d", len(fext), len(d.Model().Bodies)+1)
	}
	x, sub := plant.Closure().EdgePlacements(plant.Q) // the plant's joints, already placed
	d.Kin.Dyn.ForwardKinematicsPlaced(plant.Q, plant.V, x, sub)
	r := d.Reduced
	d.Kin.Dyn.ReducedDynamics(r, plant.Q, plant.V, plant.Lift().E, plant.Curv, fext)
	r.Inverse(udot, tauR)
	f.compensateAt(plant, tauR)
	return nil
}

// EffortAtState is EffortAt for a controller of a rollout, at the state st it was given
// with the plant's workspace: when the feedforward model is the plant's own (the same
// robocompiler.Model, hence the same inertias and friction) and has no lossy cut joint,
// it evaluates the plant's reduced dynamics with fext in the plant's workspace (as the
// rollout would after the controller) and reads M_r and h_r there, and the rollout then
// reuses that evaluation when the command's wrenches are still fext; otherwise it is
// EffortAt. The controller must not evaluate the plant's dynamics itself afterwards
// (with other wrenches) in the same call.
func (f *Feedforward) EffortAtState(st *State, plant *robocompiler.Data, udot []float64, fext []spatial.Vec6, tauR []float64) error {
	d := f.d
	if st == nil || st.sim == nil || st.sim.d != plant || plant.Model() != d.Model() || len(f.loss.cuts) > 0 || plant.LoopForm() {
		return f.EffortAt(plant, udot, fext, tauR)
	}
	if len(udot) != len(plant.Udot) {
		return fmt.Errorf("Feedforward.EffortAtState: len(udot) = %d; want %d", len(udot), len(plant.Udot))
	}
	if err := st.sim.plantDynamics(fext); err != nil {
		return err
	}
	plant.Reduced.Inverse(udot, tauR)
	f.compensateAt(plant, tauR)
	return nil
}

// compensate subtracts from tauR the reduced effort of the model's joint Coulomb
// friction and port damping and friction at the state of the last Inverse.
func (f *Feedforward) compensate(tauR []float64) { f.compensateAt(f.d, tauR) }

// compensateAt is compensate with the lift, velocity and port map of d's last Interfaces
// (the feedforward's own, or the plant's) and the feedforward model's friction.
func (f *Feedforward) compensateAt(d *robocompiler.Data, tauR []float64) {
	e := d.Lift().E.RawMatrix()
	if tauT, _ := f.loss.joints(d.V); tauT != nil {
		for i, t := range tauT {
			for k, x := range e.Data[i*e.Stride : i*e.Stride+len(tauR)] {
				tauR[k] -= x * t
			}
		}
	}
	if !f.loss.ports {
		return
	}
	portSpeeds(d, f.elldot)
	for i, p := range f.d.Kin.Ports {
		v := f.elldot[i]
		f.elldot[i] = -p.Dynamics.Damping*v + coulomb(p.Dynamics.Friction, p.Dynamics.FrictionVelocity, v)
	}
	l := d.Kin.L.RawMatrix()
	for i, fr := range f.elldot {
		for k, x := range l.Data[i*l.Stride : i*l.Stride+len(tauR)] {
			tauR[k] -= x * fr
		}
	}
}
