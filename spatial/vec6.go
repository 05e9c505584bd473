package spatial

import "math"

// Vec6 is a spatial vector, angular part first: a twist [w; v] (rad/s, m/s)
// or a wrench [n; f] (N·m, N).
type Vec6 [6]float64

// NewVec6 returns the spatial vector [ang; lin].
func NewVec6(ang, lin Vec3) Vec6 {
	return Vec6{ang[0], ang[1], ang[2], lin[0], lin[1], lin[2]}
}

// Angular returns the first three components.
func (a Vec6) Angular() Vec3 { return Vec3{a[0], a[1], a[2]} }

// Linear returns the last three components.
func (a Vec6) Linear() Vec3 { return Vec3{a[3], a[4], a[5]} }

// Add returns a + b.
func (a Vec6) Add(b Vec6) Vec6 {
	return Vec6{a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3], a[4] + b[4], a[5] + b[5]}
}

// Sub returns a - b.
func (a Vec6) Sub(b Vec6) Vec6 {
	return Vec6{a[0] - b[0], a[1] - b[1], a[2] - b[2], a[3] - b[3], a[4] - b[4], a[5] - b[5]}
}

// Scale returns s·a.
func (a Vec6) Scale(s float64) Vec6 {
	return Vec6{a[0] * s, a[1] * s, a[2] * s, a[3] * s, a[4] * s, a[5] * s}
}

// Dot returns the plain inner product aᵀb (the power mᵀf when pairing a
// twist with a wrench).
func (a Vec6) Dot(b Vec6) float64 {
	return 0.0 + a[0]*b[0] + a[1]*b[1] + a[2]*b[2] + a[3]*b[3] + a[4]*b[4] + a[5]*b[5]
}

// Norm returns the Euclidean length of the 6 components (mixes units).
func (a Vec6) Norm() float64 { return math.Sqrt(a.Dot(a)) }
