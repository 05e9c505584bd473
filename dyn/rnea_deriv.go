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
	twp, accp, sv, sa, itw []spatial.Vec6
	// Per node in the current direction: the joint's own motion ξ = S·dq, and whether
	// any tangent term reaches it (else its tangent twist, acceleration and wrench are 0).
	xi      []spatial.Vec6
	reached []bool
}

// NewTangent allocates the scratch of RNEATangent for d's model.
func (d *Data) NewTangent() *Tangent {
	n := len(d.pose)
	v := func() []spatial.Vec6 { return make([]spatial.Vec6, n) }
	return &Tangent{tw: v(), acc: v(), f: v(), twp: v(), accp: v(), sv: v(), sa: v(), itw: v(), xi: v(), reached: make([]bool, n)}
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
	t.tw[compile.Ground], t.acc[compile.Ground], t.reached[compile.Ground] = spatial.Vec6{}, spatial.Vec6{}, false
	for e := range m.Edges {
		ed := &m.Edges[e]
		j := &m.Joints[ed.Joint]
		c, p := ed.Child, ed.Parent
		x := &d.xup[c]
		var xi, dsv, sdv, dsa, sda spatial.Vec6
		moved, driven := false, false // xi ≠ 0; S·dv or S·da ≠ 0 (to the entries' zeros)
		for k := range j.NV {
			i := j.V0 + k
			s := &d.s[i]
			if dq != nil && dq[i] != 0 {
				xi, moved = xi.Add(s.Scale(dq[i])), true
			}
			if dv != nil && dv[i] != 0 {
				sdv, driven = sdv.Add(s.Scale(dv[i])), true
			}
			if da != nil && da[i] != 0 {
				sda, driven = sda.Add(s.Scale(da[i])), true
			}
		}
		t.xi[c] = xi
		var zero spatial.Vec6
		if !moved && !driven && !t.reached[p] {
			t.tw[c], t.acc[c], t.f[c] = zero, zero, zero // nothing reaches this subtree yet
			t.reached[c] = false
			continue
		}
		t.reached[c] = true
		sv := t.sv[c]
		if ed.Reversed && moved {
			// δS_k = −ξ × S_k, so δS·v = −ξ × (S v) and δS·a = −ξ × (S a).
			dsv = spatial.CrossMotion(sv, xi)
			dsa = spatial.CrossMotion(t.sa[c], xi)
		}
		dtw, dacc := dsv.Add(sdv), dsa.Add(sda)
		if t.reached[p] {
			var tp, ap spatial.Vec6
			invActMotion(&tp, x, &t.tw[p])
			invActMotion(&ap, x, &t.acc[p])
			dtw, dacc = dtw.Add(tp), dacc.Add(ap)
		}
		if moved {
			dtw = dtw.Sub(spatial.CrossMotion(xi, t.twp[c]))
			dacc = dacc.Sub(spatial.CrossMotion(xi, t.accp[c]))
		}
		spun := dtw != zero // else (a rigid tilt of the subtree) only δa reaches it
		if spun {
			dacc = dacc.Add(spatial.CrossMotion(dtw, sv))
		}
		if moved || driven {
			dacc = dacc.Add(spatial.CrossMotion(d.twist[c], dsv.Add(sdv)))
		}
		t.tw[c], t.acc[c] = dtw, dacc
		in := &m.Bodies[c-1].Inertia
		mulMotion(&t.f[c], in, &dacc)
		if spun {
			var idtw spatial.Vec6
			mulMotion(&idtw, in, &dtw)
			t.f[c] = t.f[c].Add(spatial.CrossForce(dtw, t.itw[c])).Add(spatial.CrossForce(d.twist[c], idtw))
		}
	}
	for e := len(m.Edges) - 1; e >= 0; e-- {
		ed := &m.Edges[e]
		j := &m.Joints[ed.Joint]
		c := ed.Child
		f, df, xi := d.force[c], t.f[c], t.xi[c]
		moved := xi != spatial.Vec6{}
		loaded := df != spatial.Vec6{} // children add theirs into t.f[c]
		if !loaded && !moved && (dv == nil || j.Damping == 0) && (da == nil || j.Armature == 0) {
			for k := range j.NV {
				dtau[j.V0+k] = 0
			}
			continue // no tangent wrench here: nothing to pass up
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
			if ed.Reversed && moved {
				r += spatial.CrossMotion(s, xi).Dot(f)
			}
			dtau[i] = r
		}
		if ed.Parent != compile.Ground && (loaded || moved) {
			if moved {
				df = df.Add(spatial.CrossForce(xi, f))
			}
			actForceAdd(&t.f[ed.Parent], &d.xup[c], &df)
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
		c, x := ed.Child, &d.xup[ed.Child]
		invActMotion(&t.twp[c], x, &d.twist[ed.Parent])
		invActMotion(&t.accp[c], x, &d.accG[ed.Parent])
		var sv, sa spatial.Vec6
		for k := range j.NV {
			s := d.s[j.V0+k]
			sv = sv.Add(s.Scale(v[j.V0+k]))
			if a != nil {
				sa = sa.Add(s.Scale(a[j.V0+k]))
			}
		}
		t.sv[c], t.sa[c] = sv, sa
		mulMotion(&t.itw[c], &m.Bodies[c-1].Inertia, &d.twist[c])
	}
}
