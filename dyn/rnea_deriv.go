package dyn

import (
	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/joint"
	"github.com/robocompiler/robocompiler/spatial"
)

// Tangent is the per-node scratch of RNEATangent: the directional derivatives of the body
// twists, of the RNEA accelerations and of the net joint wrenches. NewTangent allocates it.
type Tangent struct {
	tw, acc, f []spatial.Vec6
}

// NewTangent allocates the scratch of RNEATangent for d's model.
func (d *Data) NewTangent() *Tangent {
	n := len(d.pose)
	return &Tangent{tw: make([]spatial.Vec6, n), acc: make([]spatial.Vec6, n), f: make([]spatial.Vec6, n)}
}

// TangentSupported reports whether RNEATangent covers every tree joint of the model: joints
// whose motion subspace is constant in the joint frame (fixed, revolute, prismatic, helical,
// spherical, free), on edges in either direction. Universal and planar joints (a subspace
// that turns with the coordinates) are not covered.
func (d *Data) TangentSupported() bool {
	for _, e := range d.m.Edges {
		switch d.m.Joints[e.Joint].Model.Kind {
		case joint.Universal, joint.Planar:
			return false
		}
	}
	return true
}

// RNEATangent writes into dtau (len NVT) the exact directional derivative of the tree
// inverse dynamics τ = RNEA(q, v, a, fext) along the configuration direction dq (in
// velocity coordinates, q ⊕ ε·dq), the velocity direction dv and the acceleration direction
// da (each len NV, only the tree part read; nil means zero), with the external forces held
// fixed in the body frames: the forward-mode (tangent) recursion of RNEA, the
// directional form of Carpentier and Mansard's RNEA derivatives ∂τ/∂q·dq + ∂τ/∂v·dv +
// M_T·da. It reads the evaluation of the last RNEA(q, v, a, fext, ·) on d (poses, twists,
// accelerations and wrenches), so call that first with the same arguments; v and a are
// those arguments. It requires TangentSupported and allocates nothing.
//
// The recursion: the edge transform moves as X_{p←c}·exp(ε ξ) with ξ = S·dq_e (the joint's
// own motion in the child frame), so X⁻¹m moves by −ξ × X⁻¹m and X·f by X(ξ ×* f); a
// subspace column of a reversed edge, S_k = −Ad_{A X_J} S_J,k, moves by −ξ × S_k; the other
// columns and every velocity-product bias of these joints are constant.
func (d *Data) RNEATangent(t *Tangent, v, a, dq, dv, da []float64, dtau []float64) {
	m := d.m
	d.checkT("dyn: RNEATangent", "dtau", dtau)
	at := func(x []float64, i int) float64 {
		if x == nil {
			return 0
		}
		return x[i]
	}
	t.tw[compile.Ground], t.acc[compile.Ground] = spatial.Vec6{}, spatial.Vec6{}
	for e := range m.Edges {
		ed := &m.Edges[e]
		j := &m.Joints[ed.Joint]
		c, p := ed.Child, ed.Parent
		x := d.xup[c]
		var xi, sv, dsv, sdv, dsa, sda spatial.Vec6
		for k := range j.NV {
			i := j.V0 + k
			s := d.s[i]
			xi = xi.Add(s.Scale(at(dq, i)))
			sv = sv.Add(s.Scale(v[i]))
			sdv = sdv.Add(s.Scale(at(dv, i)))
			sda = sda.Add(s.Scale(at(da, i)))
		}
		if ed.Reversed && xi != (spatial.Vec6{}) {
			// δS_k = −ξ × S_k, so δS·v = −ξ × (S v) and δS·a = −ξ × (S a).
			dsv = spatial.CrossMotion(xi, sv).Scale(-1)
			var sa spatial.Vec6
			for k := range j.NV {
				sa = sa.Add(d.s[j.V0+k].Scale(at(a, j.V0+k)))
			}
			dsa = spatial.CrossMotion(xi, sa).Scale(-1)
		}
		twp := x.InvActMotion(d.twist[p])
		dtw := x.InvActMotion(t.tw[p]).Sub(spatial.CrossMotion(xi, twp)).Add(dsv).Add(sdv)
		t.tw[c] = dtw
		accp := x.InvActMotion(d.accG[p])
		dacc := x.InvActMotion(t.acc[p]).Sub(spatial.CrossMotion(xi, accp))
		dacc = dacc.Add(spatial.CrossMotion(dtw, sv)).Add(spatial.CrossMotion(d.twist[c], dsv.Add(sdv)))
		dacc = dacc.Add(dsa).Add(sda)
		t.acc[c] = dacc
		in := &m.Bodies[c-1].Inertia
		tw := d.twist[c]
		t.f[c] = in.MulMotion(dacc).Add(spatial.CrossForce(dtw, in.MulMotion(tw))).Add(spatial.CrossForce(tw, in.MulMotion(dtw)))
	}
	for e := len(m.Edges) - 1; e >= 0; e-- {
		ed := &m.Edges[e]
		j := &m.Joints[ed.Joint]
		c := ed.Child
		f, df := d.force[c], t.f[c]
		var xi spatial.Vec6
		for k := range j.NV {
			xi = xi.Add(d.s[j.V0+k].Scale(at(dq, j.V0+k)))
		}
		for k := range j.NV {
			i := j.V0 + k
			s := d.s[i]
			r := s.Dot(df) + j.Damping*at(dv, i) + j.Armature*at(da, i)
			if ed.Reversed {
				r += spatial.CrossMotion(xi, s).Scale(-1).Dot(f)
			}
			dtau[i] = r
		}
		if ed.Parent != compile.Ground {
			t.f[ed.Parent] = t.f[ed.Parent].Add(d.xup[c].ActForce(df.Add(spatial.CrossForce(xi, f))))
		}
	}
}
