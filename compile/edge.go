package compile

import "github.com/robocompiler/robocompiler/spatial"

// EdgeTransform returns X_parent←child(q) for tree edge e, where q is the augmented
// configuration (len NQ): A·Q(q)·B⁻¹, or B·Q(q)⁻¹·A⁻¹ for a reversed edge.
func (m *Model) EdgeTransform(e int, q []float64) spatial.Transform {
	ed := &m.Edges[e]
	j := &m.Joints[ed.Joint]
	var x spatial.Transform
	if ed.screwPlacement(j, q, &x, nil) {
		return x
	}
	return edgeTransform(ed, j, j.Model.Transform(q[j.Q0:j.Q0+j.NQ]))
}

// edgeTransform composes X_parent←child of edge ed (joint j) from the joint transform x,
// skipping identity joint frames.
func edgeTransform(ed *Edge, j *Joint, x spatial.Transform) spatial.Transform {
	if ed.Reversed {
		x = x.Inv()
		if !j.bIdentity {
			x = j.B.Mul(x)
		}
		if !j.aIdentity {
			x = x.Mul(j.AInv)
		}
		return x
	}
	if !j.aIdentity {
		x = j.A.Mul(x)
	}
	if !j.bIdentity {
		x = x.Mul(j.BInv)
	}
	return x
}

// EdgePlacement returns EdgeTransform(e, q) and writes the NV motion-subspace columns of
// tree edge e into S (room for NV columns): the twist of the child body relative to the
// parent, expressed in the child body frame, per unit joint velocity. For a joint with
// body twist S (frame Jc relative to Jb, in Jc) this is Ad_B·S, and for a reversed edge
// -Ad_A·Ad_Q·S. The joint transform Q(q) is evaluated once for both.
func (m *Model) EdgePlacement(e int, q []float64, S []spatial.Vec6) spatial.Transform {
	ed := &m.Edges[e]
	j := &m.Joints[ed.Joint]
	var sx spatial.Transform
	if ed.screwPlacement(j, q, &sx, S) {
		return sx
	}
	qj := q[j.Q0 : j.Q0+j.NQ]
	x := j.Model.Transform(qj)
	j.Model.MotionSubspace(qj, S[:j.NV])
	if !ed.Reversed {
		for k := 0; k < j.NV && !j.bIdentity; k++ {
			j.B.ActMotionTo(&S[k], &S[k])
		}
		return edgeTransform(ed, j, x)
	}
	aq := x
	if !j.aIdentity {
		aq = j.A.Mul(x)
	}
	for k := 0; k < j.NV; k++ {
		S[k] = aq.ActMotion(S[k]).Scale(-1)
	}
	return edgeTransform(ed, j, x)
}

// EdgeBias returns Ṡ·v for tree edge e in the child body frame (the joint's velocity-
// product acceleration; zero for joints with constant subspace), with v the augmented
// velocity.
func (m *Model) EdgeBias(e int, q, v []float64) spatial.Vec6 {
	ed := &m.Edges[e]
	j := &m.Joints[ed.Joint]
	qj, vj := q[j.Q0:j.Q0+j.NQ], v[j.V0:j.V0+j.NV]
	b := j.Model.BiasTwist(qj, vj)
	if b == (spatial.Vec6{}) {
		return b // a constant subspace
	}
	if !ed.Reversed {
		return j.B.ActMotion(b)
	}
	return j.A.Mul(j.Model.Transform(qj)).ActMotion(b).Scale(-1)
}
