package closure

import (
	"math"

	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/joint"
	"github.com/robocompiler/robocompiler/spatial"
)

// screwPlacement is the precomputed placement of a joint with one screw axis (fixed,
// revolute, prismatic, helical) between two constant frames L and Rt: the transform
// L·Q(q)·Rt, with Q(q) the joint transform (or its inverse, for a reversed tree edge), is
//
//	X(q) = X0 + sin(nq)·X1 + (1 − cos(nq))·X2 + q·(0, lin)
//
// by Rodrigues' formula Q(q) = (I + sin(nq)·K + (1 − cos(nq))·K², q·a) with K the skew
// matrix of the unit axis, n the axis length and a the translation per unit q. Its motion
// subspace column is constant (Q fixes its own axis), so one evaluation costs a sincos
// and 24 products instead of the exponential and two transform products.
type screwPlacement struct {
	ok         bool    // the joint has one screw axis (or none) and the fast path applies
	n          float64 // rotation per unit q (rad); 0 without rotation
	x0, x1, x2 spatial.Transform
	lin        spatial.Vec3
	s          spatial.Vec6 // the motion-subspace column (NV = 1)
}

// newScrewPlacement precomputes the placement L·Q(q)^σ·Rt of joint model jm (σ = −1:
// the inverse Q(q)⁻¹) and its subspace column s (already in the placement's child
// frame). It returns a placement with ok unset for other joint kinds.
func newScrewPlacement(jm *joint.Model, l, rt spatial.Transform, inverse bool, s spatial.Vec6) screwPlacement {
	var a spatial.Vec3 // translation per unit q
	n := 0.0
	switch jm.Kind {
	case joint.Fixed:
	case joint.Revolute:
		n = jm.Axis.Norm()
	case joint.Prismatic:
		a = jm.Axis
	case joint.Helical:
		n, a = jm.Axis.Norm(), jm.Axis.Scale(jm.Pitch)
	default:
		return screwPlacement{}
	}
	if jm.Kind != joint.Fixed && jm.Kind != joint.Prismatic && n == 0 {
		return screwPlacement{} // a degenerate axis: leave it to the joint model
	}
	sigma := 1.0
	if inverse {
		sigma = -1
	}
	p := screwPlacement{ok: true, n: n, x0: l.Mul(rt), s: s}
	if n != 0 {
		k := spatial.Skew(jm.Axis.Scale(1 / n))
		lk := l.R.Mul(k)
		lkk := lk.Mul(k)
		p.x1 = spatial.Transform{R: lk.Mul(rt.R).Scale(sigma), P: lk.MulVec(rt.P).Scale(sigma)}
		p.x2 = spatial.Transform{R: lkk.Mul(rt.R), P: lkk.MulVec(rt.P)}
	}
	p.lin = l.R.MulVec(a).Scale(sigma)
	return p
}

// at returns X(q).
func (p *screwPlacement) at(q float64) spatial.Transform {
	x := p.x0
	if p.n != 0 {
		s, c := math.Sincos(p.n * q)
		c = 1 - c
		for i := range 3 {
			x.R[i][0] += s*p.x1.R[i][0] + c*p.x2.R[i][0]
			x.R[i][1] += s*p.x1.R[i][1] + c*p.x2.R[i][1]
			x.R[i][2] += s*p.x1.R[i][2] + c*p.x2.R[i][2]
			x.P[i] += s*p.x1.P[i] + c*p.x2.P[i]
		}
	}
	x.P[0] += q * p.lin[0]
	x.P[1] += q * p.lin[1]
	x.P[2] += q * p.lin[2]
	return x
}

// edgeScrew precomputes the placement of tree edge e of m (compile.Model.EdgePlacement):
// A·Q(q)·B⁻¹ with column Ad_B·S, or B·Q(q)⁻¹·A⁻¹ with column −Ad_A·S for a reversed edge.
func edgeScrew(m *compile.Model, e int) screwPlacement {
	ed := &m.Edges[e]
	j := &m.Joints[ed.Joint]
	s, ok := screwColumn(j)
	if !ok {
		return screwPlacement{}
	}
	if ed.Reversed {
		return newScrewPlacement(&j.Model, j.B, j.AInv, true, j.A.ActMotion(s).Scale(-1))
	}
	return newScrewPlacement(&j.Model, j.A, j.BInv, false, j.B.ActMotion(s))
}

// cutScrew precomputes the placement FrameA·Q(q) of comparison c's cut joint and its
// joint-frame column S.
func cutScrew(m *compile.Model, c *compile.Comparison) screwPlacement {
	if c.Joint < 0 {
		return screwPlacement{}
	}
	j := &m.Joints[c.Joint]
	s, ok := screwColumn(j)
	if !ok {
		return screwPlacement{}
	}
	return newScrewPlacement(&j.Model, c.FrameA, spatial.Identity(), false, s)
}

// screwColumn returns the constant joint-frame subspace column of joint j when it owns
// at most one coordinate (zero for a fixed joint), and false otherwise.
func screwColumn(j *compile.Joint) (spatial.Vec6, bool) {
	var s [1]spatial.Vec6
	if j.NQ != j.Model.NQ() || j.NV != j.Model.NV() || j.NV > 1 {
		return s[0], false
	}
	if j.NV == 1 {
		j.Model.MotionSubspace(nil, s[:]) // constant for these kinds
	}
	return s[0], true
}

// screwCoordinate returns the coordinate of a screw joint at q (0 for a fixed joint).
func screwCoordinate(j *compile.Joint, q []float64) float64 {
	if j.NQ == 0 {
		return 0
	}
	return q[j.Q0]
}
