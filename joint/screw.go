package joint

import (
	"math"

	"github.com/robocompiler/robocompiler/spatial"
)

// Screw is the precomputed placement L·Q(q)^σ·Rt of a joint with at most one screw axis
// (fixed, revolute, prismatic, helical) between two constant frames L and Rt, with σ = ±1
// (σ = −1: the inverse Q(q)⁻¹, as on a reversed tree edge). By Rodrigues' formula
// Q(q) = (I + sin(nq)·K + (1 − cos(nq))·K², q·a), with K the skew matrix of the unit axis,
// n the axis length (rad per unit q) and a the translation per unit q, so
//
//	X(q) = X0 + sin(nq)·X1 + (1 − cos(nq))·X2 + q·(0, lin)
//
// costs a sincos and 24 products instead of the exponential and two transform products.
// Q(q) fixes its own axis, so the motion-subspace column of the placement is constant.
type Screw struct {
	n          float64 // rotation per unit q (rad); 0 without rotation
	x0, x1, x2 spatial.Transform
	lin        spatial.Vec3
	col        spatial.Vec6
}

// ScrewMaxAngle is the largest |n q| (rad) that Screw.AtTo evaluates: beyond it the angle
// has lost its fractional digits and the caller keeps the joint model's own evaluation.
const ScrewMaxAngle = 1 << 29

// Screw returns the precomputed placement l·Q(q)^σ·rt of the joint (σ = −1 when inverse
// is set), and false for a joint kind with more than one coordinate or a zero rotation
// axis.
func (m *Model) Screw(l, rt spatial.Transform, inverse bool) (Screw, bool) {
	var a spatial.Vec3 // translation per unit q
	n := 0.0
	switch m.Kind {
	case Fixed:
	case Prismatic:
		a = m.Axis
	case Revolute, Helical:
		n = m.Axis.Norm()
		if n == 0 {
			return Screw{}, false
		}
		if m.Kind == Helical {
			a = m.Axis.Scale(m.Pitch)
		}
	default:
		return Screw{}, false
	}
	sigma := 1.0
	if inverse {
		sigma = -1
	}
	s := Screw{n: n, x0: l.Mul(rt)}
	if n != 0 {
		k := spatial.Skew(m.Axis.Scale(1 / n))
		lk := l.R.Mul(k)
		lkk := lk.Mul(k)
		s.x1 = spatial.Transform{R: lk.Mul(rt.R).Scale(sigma), P: lk.MulVec(rt.P).Scale(sigma)}
		s.x2 = spatial.Transform{R: lkk.Mul(rt.R), P: lkk.MulVec(rt.P)}
	}
	s.lin = l.R.MulVec(a).Scale(sigma)
	if m.NV() == 1 {
		var c [1]spatial.Vec6
		m.MotionSubspace(nil, c[:]) // constant for these kinds
		s.col = rt.Inv().ActMotion(c[0]).Scale(sigma)
	}
	return s, true
}

// AtTo sets x to X(q) and reports false, leaving x unchanged, when |n q| > ScrewMaxAngle.
func (s *Screw) AtTo(x *spatial.Transform, q float64) bool {
	if s.n == 0 {
		*x = s.x0
	} else {
		th := s.n * q
		if !(math.Abs(th) <= ScrewMaxAngle) {
			return false
		}
		sn, c := math.Sincos(th)
		c = 1 - c
		x0, x1, x2 := &s.x0, &s.x1, &s.x2
		for i := range 3 {
			x.R[i][0] = x0.R[i][0] + (sn*x1.R[i][0] + c*x2.R[i][0])
			x.R[i][1] = x0.R[i][1] + (sn*x1.R[i][1] + c*x2.R[i][1])
			x.R[i][2] = x0.R[i][2] + (sn*x1.R[i][2] + c*x2.R[i][2])
			x.P[i] = x0.P[i] + (sn*x1.P[i] + c*x2.P[i])
		}
	}
	x.P[0] += q * s.lin[0]
	x.P[1] += q * s.lin[1]
	x.P[2] += q * s.lin[2]
	return true
}

// Column returns the placement's motion-subspace column σ·Ad_{rt⁻¹}·S, the twist of the
// placement's child frame relative to its parent frame per unit q, in the child frame
// (zero for a fixed joint).
func (s *Screw) Column() spatial.Vec6 { return s.col }
