package sim

import (
	"github.com/robocompiler/robocompiler"
	"github.com/robocompiler/robocompiler/spatial"
)

// Losses are the joint and port damping and friction of a model exactly as a rollout
// applies them, for an engine that integrates the same model itself (sim/simbody): one
// implementation of the friction laws for both. It allocates nothing per evaluation.
type Losses struct {
	loss   losses
	drv    drives
	elldot []float64 // port speeds
}

// NewLosses collects the damping and friction of m's joints and ports; a lossy cut joint
// of a type New refuses is refused here too, with its name.
func NewLosses(m *robocompiler.Model) (*Losses, error) {
	loss, err := newLosses(m)
	if err != nil {
		return nil, err
	}
	return &Losses{loss: loss, drv: newDrives(m.Ports), elldot: make([]float64, len(m.Ports))}, nil
}

// Apply evaluates the losses at the state of d's last Interfaces, all but the tree joints'
// viscous damping, which belongs in the engine's own dynamics (as +Damping·v in our h_T):
// it adds the ports' damping and Coulomb friction to the port efforts f (len nf, N or
// N·m), and returns the tree forces of the tree joints' Coulomb friction (len NVT, nil when
// no joint has any; the losses' own buffer), the external forces fext (per node, body
// frames; nil for none) with the cut joints' damping and friction wrenches added (fext
// itself when no cut joint is lossy, else the losses' own buffer), and the power that all
// joint and port damping and friction dissipate, tree damping included (W ≥ 0).
func (l *Losses) Apply(d *robocompiler.Data, f []float64, fext []spatial.Vec6) (tauT []float64, fextOut []spatial.Vec6, dissipated float64) {
	portSpeeds(d, l.elldot)
	dissipated = l.loss.addPorts(&l.drv, l.elldot, f)
	tauT, dj := l.loss.joints(d.V)
	fextOut, dc := l.loss.cutWrenches(d.Kin.Dyn, fext)
	return tauT, fextOut, dissipated + dj + dc
}
