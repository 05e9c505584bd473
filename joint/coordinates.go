package joint

import (
	"math"

	"github.com/robocompiler/robocompiler/spatial"
)

// Coordinates writes into out (NQ entries) the coordinates q with Transform(q) = t, for
// a relative placement t that the joint admits (its other components are ignored: t is
// read through the joint's own rows). Angles are chosen on the 2π branch nearest to near
// (NQ entries; nil means the middle of the limits when Limited, else 0, i.e. in
// (−π, π]); quaternions have w ≥ 0. For a
// helical joint with a pitch the angle is read from the translation along the axis,
// which has no branch ambiguity.
func (m *Model) Coordinates(t spatial.Transform, near, out []float64) {
	ref := func(i int) float64 {
		switch {
		case near != nil:
			return near[i]
		case m.Limited:
			return 0.5 * (m.Lower[i] + m.Upper[i])
		}
		return 0
	}
	switch m.Kind {
	case Revolute:
		out[0] = nearestAngle(angleAbout(m.Axis, t.R), ref(0))
	case Prismatic:
		out[0] = m.Axis.Dot(t.P)
	case Helical:
		if m.Pitch != 0 {
			out[0] = m.Axis.Dot(t.P) / m.Pitch
		} else {
			out[0] = nearestAngle(angleAbout(m.Axis, t.R), ref(0))
		}
	case Universal:
		// R = Rot(a1, q0)·Rot(a2, q1): R a2 = Rot(a1, q0) a2 and Rᵀ a1 = Rot(a2, −q1) a1.
		a1, a2 := m.Axis, m.Axis2
		a3 := a1.Cross(a2)
		ra2, rta1 := t.R.MulVec(a2), t.R.T().MulVec(a1)
		out[0] = nearestAngle(math.Atan2(a3.Dot(ra2), a2.Dot(ra2)), ref(0))
		out[1] = nearestAngle(math.Atan2(a3.Dot(rta1), a1.Dot(rta1)), ref(1))
	case Spherical:
		r := spatial.QuatFromMat3(t.R)
		copy(out[:4], r[:])
	case Planar:
		e1, e2, n := m.planeBasis()
		out[0], out[1] = e1.Dot(t.P), e2.Dot(t.P)
		out[2] = nearestAngle(angleAbout(n, t.R), ref(2))
	case Free:
		copy(out[:3], t.P[:])
		r := spatial.QuatFromMat3(t.R)
		copy(out[3:7], r[:])
	}
}

// angleAbout returns the angle in (−π, π] of the rotation r about the unit axis a, read
// from the image of a unit vector perpendicular to a.
func angleAbout(a spatial.Vec3, r spatial.Mat3) float64 {
	p := perpendicular(a)
	rp := r.MulVec(p)
	return math.Atan2(a.Dot(p.Cross(rp)), p.Dot(rp))
}

// perpendicular returns a unit vector perpendicular to the unit vector a.
func perpendicular(a spatial.Vec3) spatial.Vec3 {
	e := spatial.Vec3{1, 0, 0}
	if math.Abs(a[0]) > 0.6 {
		e = spatial.Vec3{0, 1, 0}
	}
	p := e.Sub(a.Scale(a.Dot(e)))
	return p.Scale(1 / p.Norm())
}

// nearestAngle returns θ + 2πk closest to ref.
func nearestAngle(theta, ref float64) float64 {
	return theta + 2*math.Pi*math.Round((ref-theta)/(2*math.Pi))
}
