package spatial

import "math"

// Quat is a quaternion (w, x, y, z) with scalar part first; unit quaternions
// represent rotations (q and -q are the same rotation).
type Quat [4]float64

// Mat3 returns the rotation matrix of q normalised to unit length (the zero
// quaternion gives the identity).
func (q Quat) Mat3() Mat3 {
	n2 := q[0]*q[0] + q[1]*q[1] + q[2]*q[2] + q[3]*q[3]
	if n2 == 0 {
		return Identity3()
	}
	s := 2 / n2
	w, x, y, z := q[0], q[1], q[2], q[3]
	return Mat3{
		{1 - s*(y*y+z*z), s * (x*y - w*z), s * (x*z + w*y)},
		{s * (x*y + w*z), 1 - s*(x*x+z*z), s * (y*z - w*x)},
		{s * (x*z - w*y), s * (y*z + w*x), 1 - s*(x*x+y*y)},
	}
}

// Mul returns the Hamilton product q ⊗ p (rotation q followed, in the body
// frame, by p: (q⊗p).Mat3() = q.Mat3()·p.Mat3()).
func (q Quat) Mul(p Quat) Quat {
	return Quat{
		q[0]*p[0] - q[1]*p[1] - q[2]*p[2] - q[3]*p[3],
		q[0]*p[1] + q[1]*p[0] + q[2]*p[3] - q[3]*p[2],
		q[0]*p[2] - q[1]*p[3] + q[2]*p[0] + q[3]*p[1],
		q[0]*p[3] + q[1]*p[2] - q[2]*p[1] + q[3]*p[0],
	}
}

// Conj returns the conjugate (w, -x, -y, -z), the inverse of a unit quaternion.
func (q Quat) Conj() Quat { return Quat{q[0], -q[1], -q[2], -q[3]} }

// Normalize returns q scaled to unit length (the zero quaternion gives the
// identity (1, 0, 0, 0)).
func (q Quat) Normalize() Quat {
	n := math.Sqrt(q[0]*q[0] + q[1]*q[1] + q[2]*q[2] + q[3]*q[3])
	if n == 0 {
		return Quat{1, 0, 0, 0}
	}
	return Quat{q[0] / n, q[1] / n, q[2] / n, q[3] / n}
}

// QuatFromMat3 returns the unit quaternion, with w >= 0, of the rotation
// matrix r, choosing the best-conditioned pivot (robust for all angles).
func QuatFromMat3(r Mat3) Quat {
	tr := r[0][0] + r[1][1] + r[2][2]
	var q Quat
	switch {
	case tr >= r[0][0] && tr >= r[1][1] && tr >= r[2][2]:
		s := 2 * math.Sqrt(1+tr)
		q = Quat{0.25 * s, (r[2][1] - r[1][2]) / s, (r[0][2] - r[2][0]) / s, (r[1][0] - r[0][1]) / s}
	case r[0][0] >= r[1][1] && r[0][0] >= r[2][2]:
		s := 2 * math.Sqrt(1+r[0][0]-r[1][1]-r[2][2])
		q = Quat{(r[2][1] - r[1][2]) / s, 0.25 * s, (r[0][1] + r[1][0]) / s, (r[0][2] + r[2][0]) / s}
	case r[1][1] >= r[2][2]:
		s := 2 * math.Sqrt(1+r[1][1]-r[0][0]-r[2][2])
		q = Quat{(r[0][2] - r[2][0]) / s, (r[0][1] + r[1][0]) / s, 0.25 * s, (r[1][2] + r[2][1]) / s}
	default:
		s := 2 * math.Sqrt(1+r[2][2]-r[0][0]-r[1][1])
		q = Quat{(r[1][0] - r[0][1]) / s, (r[0][2] + r[2][0]) / s, (r[1][2] + r[2][1]) / s, 0.25 * s}
	}
	if q[0] < 0 {
		q = Quat{-q[0], -q[1], -q[2], -q[3]}
	}
	return q.Normalize()
}

// QuatExp returns the unit quaternion of the rotation vector w (rad):
// (cos(θ/2), sin(θ/2) w/θ) with θ = |w|.
func QuatExp(w Vec3) Quat {
	th := w.Norm()
	s := 0.5 * sinc(0.5*th)
	return Quat{math.Cos(0.5 * th), s * w[0], s * w[1], s * w[2]}
}

// QuatLog returns the rotation vector (rad, principal branch |θ| <= π) of the
// unit quaternion q, the inverse of QuatExp; q and -q give the same result.
func QuatLog(q Quat) Vec3 {
	if q[0] < 0 {
		q = Quat{-q[0], -q[1], -q[2], -q[3]}
	}
	u := Vec3{q[1], q[2], q[3]}
	s := u.Norm()
	var f float64
	if s < 1e-4 && q[0] > 0.5 {
		// 2·atan(s/w)/s = (2/w)(1 - r²/3 + r⁴/5 - …), r = s/w.
		r2 := s * s / (q[0] * q[0])
		f = 2 / q[0] * (1 - r2/3*(1-0.6*r2))
	} else {
		f = 2 * math.Atan2(s, q[0]) / s
	}
	return u.Scale(f)
}
