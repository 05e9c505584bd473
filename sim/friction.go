package sim

import (
	"fmt"
	"math"

	"github.com/robocompiler/robocompiler"
)

// coulomb is the smooth Coulomb friction effort −F·tanh(v/vs) opposing the speed v
// (F ≥ 0 the friction level, vs > 0 the regularisation speed below which it falls off
// linearly, reaching zero at rest); its power v·coulomb(...) is never positive.
func coulomb(friction, vs, v float64) float64 {
	if friction == 0 {
		return 0
	}
	return -friction * math.Tanh(v/vs)
}

// losses holds the joint and port friction of a rollout: viscous damping of the tree
// joints acts inside the tree dynamics (dyn, +Damping·v in h_T); the Coulomb friction of
// the tree joints enters as tree forces τ_T, and port damping and friction add to the
// port efforts.
type losses struct {
	damping  []float64 // per tree velocity (N·s/m or N·m·s/rad)
	friction []float64 // per tree velocity (N or N·m); nil when no tree joint has any
	vs       []float64 // per tree velocity (m/s or rad/s)
	tauT     []float64 // tree forces of the Coulomb friction (len NVT)
	ports    bool      // some port has damping or friction
}

// newLosses collects the damping and friction parameters of m. A cut joint (not in the spanning
// forest) with damping or friction is refused: its velocity is not a tree velocity, so
// the reduced dynamics would leave them out silently.
func newLosses(m *robocompiler.Model) (losses, error) {
	p := losses{damping: make([]float64, m.NVT)}
	for _, j := range m.Joints {
		if !j.Tree && (j.Damping != 0 || j.Friction != 0) {
			return p, fmt.Errorf("sim: joint %q is a cut joint of the spanning forest and declares damping %g and friction %g, which the reduced dynamics applies to tree joints only; keep it in the tree (hints.tree_joints) or move the friction to an actuator port",
				j.ID, j.Damping, j.Friction)
		}
	}
	for _, e := range m.Edges {
		j := &m.Joints[e.Joint]
		for k := range j.NV {
			p.damping[j.V0+k] = j.Damping
			if j.Friction != 0 && p.friction == nil {
				p.friction, p.vs, p.tauT = make([]float64, m.NVT), make([]float64, m.NVT), make([]float64, m.NVT)
			}
		}
	}
	if p.friction != nil {
		for _, e := range m.Edges {
			j := &m.Joints[e.Joint]
			for k := range j.NV {
				p.friction[j.V0+k], p.vs[j.V0+k] = j.Friction, j.FrictionVelocity
			}
		}
	}
	for _, pt := range m.Ports {
		if pt.Dynamics.Damping != 0 || pt.Dynamics.Friction != 0 {
			p.ports = true
		}
	}
	return p, nil
}

// joints writes the tree forces of the joints' Coulomb friction at the velocity v into
// tauT (nil when no joint has friction) and returns the power the joints dissipate
// (damping and friction, W ≥ 0).
func (p *losses) joints(v []float64) (tauT []float64, dissipated float64) {
	for i, c := range p.damping {
		dissipated += c * v[i] * v[i]
	}
	if p.friction == nil {
		return nil, dissipated
	}
	for i, f := range p.friction {
		p.tauT[i] = coulomb(f, p.vs[i], v[i])
		dissipated -= p.tauT[i] * v[i]
	}
	return p.tauT, dissipated
}

// addPorts adds each port's damping and Coulomb friction at the port speeds elldot to
// the efforts f and returns the power they dissipate (W ≥ 0).
func (p *losses) addPorts(d *drives, elldot, f []float64) (dissipated float64) {
	if !p.ports {
		return 0
	}
	for i, pd := range d.ports {
		fr := -pd.Damping*elldot[i] + coulomb(pd.Friction, pd.FrictionVelocity, elldot[i])
		f[i] += fr
		dissipated -= fr * elldot[i]
	}
	return dissipated
}
