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
	// The primal terms every direction shares, per node (PrepareTangent): the parent's
	// twist and acceleration in the node's frame and the joint's S·v and S·a.
	twp, accp, sv, sa []spatial.Vec6
}

// NewTangent allocates the scratch of RNEATangent for d's model.
func (d *Data) NewTangent() *Tangent {
	n := len(d.pose)
	v := func() []spatial.Vec6 { return make([]spatial.Vec6, n) }
	return &Tangent{tw: v(), acc: v(), f: v(), twp: v(), accp: v(), sv: v(), sa: v()}
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
// accelerations and wrenches) and the terms all directions share, so call RNEA and then
// PrepareTangent(t, v, a) first. It requires TangentSupported and allocates nothing.
//
// The recursion: the edge transform moves as X_{p←c}·exp(ε ξ) with ξ = S·dq_e (the joint's
// own motion in the child frame), so X⁻¹m moves by −ξ × X⁻¹m and X·f by X(ξ ×* f); a
// subspace column of a reversed edge, S_k = −Ad_{A X_J} S_J,k, moves by −ξ × S_k; the other
// columns and every velocity-product bias of these joints are constant.
func (d *Data) RNEATangent(t *Tangent, dq, dv, da []float64, dtau []float64) {
	m := d.m
	d.checkT("dyn: RNEATangent", "dtau", dtau)
	t.tw[compile.Ground], t.acc[compile.Ground] = spatial.Vec6{}, spatial.Vec6{}
	for e := range m.Edges {
		ed := &m.Edges[e]
		j := &m.Joints[ed.Joint]
		c, p := ed.Child, ed.Parent
		x := d.xup[c]
		var xi, dsv, sdv, dsa, sda spatial.Vec6
		for k := range j.NV {
			i := j.V0 + k
			s := d.s[i]
			if dq != nil {
				xi = xi.Add(s.Scale(dq[i]))
			}
			if dv != nil {
				sdv = sdv.Add(s.Scale(dv[i]))
			}
			if da != nil {
				sda = sda.Add(s.Scale(da[i]))
			}
		}
		sv := t.sv[c]
		if ed.Reversed && xi != (spatial.Vec6{}) {
			// δS_k = −ξ × S_k, so δS·v = −ξ × (S v) and δS·a = −ξ × (S a).
			dsv = spatial.CrossMotion(xi, sv).Scale(-1)
			dsa = spatial.CrossMotion(xi, t.sa[c]).Scale(-1)
		}
		dtw := x.InvActMotion(t.tw[p]).Sub(spatial.CrossMotion(xi, t.twp[c])).Add(dsv).Add(sdv)
		t.tw[c] = dtw
		dacc := x.InvActMotion(t.acc[p]).Sub(spatial.CrossMotion(xi, t.accp[c]))
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
		if dq != nil {
			for k := range j.NV {
				xi = xi.Add(d.s[j.V0+k].Scale(dq[j.V0+k]))
			}
		}
		for k := range j.NV {
			i := j.V0 + k
			s := d.s[i]
			r := s.Dot(df)
			if dv != nil {
				r += j.Damping * dv[i]
			}
			if da != nil {
				r += j.Armature * da[i]
			}
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

// PrepareTangent computes into t the terms of RNEATangent that every direction shares,
// from the evaluation of the last RNEA(q, v, a, fext, ·) on d (v and a its velocity and
// acceleration, len NV; nil a is zero). Call it after each such RNEA and before the
// directions' RNEATangent.
func (d *Data) PrepareTangent(t *Tangent, v, a []float64) {
	m := d.m
	for e := range m.Edges {
		ed := &m.Edges[e]
		j := &m.Joints[ed.Joint]
		c, x := ed.Child, d.xup[ed.Child]
		t.twp[c], t.accp[c] = x.InvActMotion(d.twist[ed.Parent]), x.InvActMotion(d.accG[ed.Parent])
		var sv, sa spatial.Vec6
		for k := range j.NV {
			s := d.s[j.V0+k]
			sv = sv.Add(s.Scale(v[j.V0+k]))
			if a != nil {
				sa = sa.Add(s.Scale(a[j.V0+k]))
			}
		}
		t.sv[c], t.sa[c] = sv, sa
	}
}
