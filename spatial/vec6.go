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
	for i := range 6 {
		a[i] += b[i]
	}
	return a
}

// Sub returns a - b.
func (a Vec6) Sub(b Vec6) Vec6 {
	for i := range 6 {
		a[i] -= b[i]
	}
	return a
}

// Scale returns s·a.
func (a Vec6) Scale(s float64) Vec6 {
	for i := range 6 {
		a[i] *= s
	}
	return a
}

// Dot returns the plain inner product aᵀb (the power mᵀf when pairing a
// twist with a wrench).
func (a Vec6) Dot(b Vec6) float64 {
	s := 0.0
	for i := range 6 {
		s += a[i] * b[i]
	}
	return s
}

// Norm returns the Euclidean length of the 6 components (mixes units).
func (a Vec6) Norm() float64 { return math.Sqrt(a.Dot(a)) }
