package sim

import (
	"github.com/robocompiler/robocompiler"
	"github.com/robocompiler/robocompiler/closure"
	"github.com/robocompiler/robocompiler/kin"
	"github.com/robocompiler/robocompiler/spatial"
)

// Feedforward is the reduced-dynamics feedforward of eq. 14, τ_r = M_r(q, u) u̇_ref +
// h_r(q, u), evaluated on a controller's own model at the plant's state, with the
// model's friction compensated: h_r holds the joints' viscous damping, and the joints'
// Coulomb friction τ_T,fric and the ports' damping and friction f_fric (as the rollout
// applies them) are subtracted, τ_r −= E_Tᵀ τ_T,fric + Lᵀ f_fric. The model may differ
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
	if err := d.Inverse(fext); err != nil {
		return err
	}
	copy(tauR, d.TauR)
	f.compensate(tauR)
	return nil
}

// compensate subtracts from tauR the reduced effort of the model's joint Coulomb
// friction and port damping and friction at the state of the last Inverse.
func (f *Feedforward) compensate(tauR []float64) {
	d := f.d
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
	for i, p := range d.Kin.Ports {
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
