package joint

import (
	"math"
	"math/rand/v2"

	"github.com/robocompiler/robocompiler/spatial"
)

// Neutral writes the neutral configuration (NQ entries) into out: zeros and
// identity quaternions, so that Transform(out) is the identity.
func (m *Model) Neutral(out []float64) {
	clear(out[:m.NQ()])
	switch m.Kind {
	case Spherical:
		out[0] = 1
	case Free:
		out[3] = 1
	}
}

// Random writes a random configuration (NQ entries) into out: uniform within
// Lower/Upper when Limited, otherwise angles uniform in [-π, π], lengths
// uniform in [-1, 1] (m) and quaternions uniform on the unit sphere.
func (m *Model) Random(rng *rand.Rand, out []float64) {
	switch m.Kind {
	case Spherical:
		randQuat(rng, out[0:4])
		return
	case Free:
		for i := range 3 {
			out[i] = 2*rng.Float64() - 1
		}
		randQuat(rng, out[3:7])
		return
	}
	for i := range m.NQ() {
		lo, hi := -math.Pi, math.Pi
		switch {
		case m.Limited:
			lo, hi = m.Lower[i], m.Upper[i]
		case m.Kind == Prismatic || (m.Kind == Planar && i < 2):
			lo, hi = -1, 1
		}
		out[i] = lo + (hi-lo)*rng.Float64()
	}
}

// randQuat writes a uniformly distributed unit quaternion into out[0:4].
func randQuat(rng *rand.Rand, out []float64) {
	var q spatial.Quat
	for n := 0.0; n < 1e-6; n = math.Sqrt(q[0]*q[0] + q[1]*q[1] + q[2]*q[2] + q[3]*q[3]) {
		q = spatial.Quat{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}
	}
	q = q.Normalize()
	copy(out, q[:])
}

// WithinLimits reports whether the limited coordinates of q lie in
// [Lower - tol, Upper + tol]; always true when not Limited and for spherical
// and free joints.
func (m *Model) WithinLimits(q []float64, tol float64) bool {
	if !m.Limited || m.Kind == Spherical || m.Kind == Free {
		return true
	}
	for i := range m.NQ() {
		if q[i] < m.Lower[i]-tol || q[i] > m.Upper[i]+tol {
			return false
		}
	}
	return true
}

// Normalize rescales the quaternion part of q (spherical, free) to unit
// length in place; other kinds are left unchanged.
func (m *Model) Normalize(q []float64) {
	switch m.Kind {
	case Spherical:
		r := quatAt(q, 0).Normalize()
		copy(q[0:4], r[:])
	case Free:
		r := quatAt(q, 3).Normalize()
		copy(q[3:7], r[:])
	}
}
