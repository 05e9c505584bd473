package sim

import (
	"github.com/robocompiler/robocompiler"
	"github.com/robocompiler/robocompiler/closure"
	"github.com/robocompiler/robocompiler/kin"
	"github.com/robocompiler/robocompiler/spatial"
)

// Feedforward is the reduced-dynamics feedforward of eq. 14, τ_r = M_r(q, u) u̇_ref +
// h_r(q, u), evaluated on a controller's own model at the plant's state. The model may
// differ from the plant's in its inertial parameters (an unmodelled payload) but must
// have the same coordinates, and the partition must be the plant's (the same independent
// velocity indices). It allocates nothing per evaluation.
type Feedforward struct {
	d *robocompiler.Data
}

// NewFeedforward allocates the feedforward of model m under partition p (the plant's),
// placed at the plant's feasible configuration q (len NQ).
func NewFeedforward(m *robocompiler.Model, q []float64, p *closure.Partition) (*Feedforward, error) {
	d := m.NewData()
	if err := d.Place(q, p); err != nil {
		return nil, err
	}
	return &Feedforward{d: d}, nil
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
	return nil
}
