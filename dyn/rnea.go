package dyn

import (
	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/spatial"
)

// RNEA computes the tree inverse dynamics by the recursive Newton–Euler algorithm:
//
//	tau = M_T(q) a_T + h_T(q, v) − Σ_b J_bᵀ fext_b     (len NVT, N·m or N)
//
// with q, v, a the augmented configuration, velocity and acceleration (len NQ, NV, NV;
// only the tree part is read). M_T includes armature, h_T includes Coriolis/centrifugal
// terms, gravity and +Damping·v (see the package documentation). fext is nil or holds
// one spatial force [n; f] per node (len(Bodies)+1; index 0 is ignored), each acting on
// that body and expressed in its frame, moment about its origin (see WorldWrench). Poses
// and twists are left in d as by ForwardKinematics.
func (d *Data) RNEA(q, v, a []float64, fext []spatial.Vec6, tau []float64) {
	d.checkV("dyn: RNEA", "a", a)
	d.checkQ("dyn: RNEA", q)
	d.checkV("dyn: RNEA", "v", v)
	d.checkF("dyn: RNEA", fext)
	d.checkT("dyn: RNEA", "tau", tau)
	d.positions(q)
	d.velocities(v)
	d.rnea(q, v, a, fext, tau)
}

// Bias computes h_T(q, v) − Σ_b J_bᵀ fext_b = RNEA(q, v, 0, fext) (len NVT): velocity
// products, gravity and damping, minus the generalised external force. Arguments as for
// RNEA.
func (d *Data) Bias(q, v []float64, fext []spatial.Vec6, h []float64) {
	d.checkQ("dyn: Bias", q)
	d.checkV("dyn: Bias", "v", v)
	d.checkF("dyn: Bias", fext)
	d.checkT("dyn: Bias", "h", h)
	d.positions(q)
	d.velocities(v)
	d.rnea(q, v, nil, fext, h)
}

// rnea is RNEA at the current poses (of q) and twists (of v), with a == nil meaning zero
// acceleration; the caller has checked the lengths.
func (d *Data) rnea(q, v, a []float64, fext []spatial.Vec6, tau []float64) {
	m := d.m
	// Gravity as a fictitious upward acceleration of the ground.
	g := m.Gravity
	d.accelerations(q, v, a, spatial.NewVec6(spatial.Vec3{}, g.Neg()), d.accG)
	for e := range m.Edges {
		c := m.Edges[e].Child
		f := &d.force[c]
		netForce(f, &m.Bodies[c-1].Inertia, &d.twist[c], &d.accG[c])
		if fext != nil {
			*f = f.Sub(fext[c])
		}
	}
	for e := len(m.Edges) - 1; e >= 0; e-- {
		ed := &m.Edges[e]
		j := &m.Joints[ed.Joint]
		c := ed.Child
		f := d.force[c]
		for k := range j.NV {
			i := j.V0 + k
			t := d.s[i].Dot(f) + j.Damping*v[i]
			if a != nil {
				t += j.Armature * a[i]
			}
			tau[i] = t
		}
		if ed.Parent != compile.Ground {
			d.force[ed.Parent] = d.force[ed.Parent].Add(d.xup[c].ActForce(f))
		}
	}
}
