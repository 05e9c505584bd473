package sim

import (
	"github.com/robocompiler/robocompiler/closure"
	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/dyn"
	"github.com/robocompiler/robocompiler/kin"
	"github.com/robocompiler/robocompiler/spatial"
)

// Feedforward is the reduced-dynamics feedforward of eq. 14, τ_r = M_r(q, u) u̇_ref +
// h_r(q, u), evaluated on a controller's own model at the plant's state. The model may
// differ from the plant's in its inertial parameters (an unmodelled payload) but must
// have the same coordinates, and the partition must be the plant's (the same independent
// velocity indices). It allocates nothing per evaluation.
type Feedforward struct {
	kd *kin.Data
	r  *dyn.Reduced
}

// NewFeedforward allocates the feedforward of model m under partition p.
func NewFeedforward(m *compile.Model, p *closure.Partition) *Feedforward {
	return &Feedforward{kd: kin.NewData(m, p), r: dyn.NewReduced(m.NVT, p.Mobility)}
}

// Data returns the feedforward model's interfaces, evaluated at the last Effort's state
// (its port map L converts τ_r into port efforts).
func (f *Feedforward) Data() *kin.Data { return f.kd }

// Effort writes into tauR (len D) the reduced effort M_r u̇ + h_r at the feasible state
// (q, u) (len NQ, D) that produces the independent acceleration udot (len D) on the
// feedforward model, with the external spatial forces fext (per node, body frames, as in
// Command.Fext; nil for none) included in h_r.
func (f *Feedforward) Effort(q, u, udot []float64, fext []spatial.Vec6, tauR []float64) error {
	k := f.kd
	if err := k.Update(q, u); err != nil {
		return err
	}
	k.Dyn.ReducedDynamics(f.r, q, k.V, k.Lift.E, k.Curv, fext)
	f.r.Inverse(udot, tauR)
	return nil
}
