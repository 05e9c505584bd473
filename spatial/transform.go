package spatial

// Transform is a rigid transform with x_parent = R·x_child + P (R a 3x3
// rotation, P in metres).
type Transform struct {
	R Mat3
	P Vec3
}

// Identity returns the identity transform.
func Identity() Transform { return Transform{R: Identity3()} }

// Mul returns the composition t·u (first u, then t): child of u → parent of t.
func (t Transform) Mul(u Transform) Transform {
	return Transform{R: t.R.Mul(u.R), P: t.R.MulVec(u.P).Add(t.P)}
}

// Inv returns the inverse transform (Rᵀ, -Rᵀ P).
func (t Transform) Inv() Transform {
	rt := t.R.T()
	return Transform{R: rt, P: rt.MulVec(t.P).Neg()}
}

// Apply maps a point (m) from child to parent coordinates: R x + P.
func (t Transform) Apply(x Vec3) Vec3 { return t.R.MulVec(x).Add(t.P) }

// ApplyVec maps a direction (free vector) from child to parent coordinates: R x.
func (t Transform) ApplyVec(x Vec3) Vec3 { return t.R.MulVec(x) }

// FromRows builds a transform from the top three rows of a row-major 4x4
// homogeneous matrix: m = [R00 R01 R02 P0  R10 R11 R12 P1  R20 R21 R22 P2].
func FromRows(m [12]float64) Transform {
	var t Transform
	for i := range 3 {
		t.R[i] = [3]float64{m[4*i], m[4*i+1], m[4*i+2]}
		t.P[i] = m[4*i+3]
	}
	return t
}

// Rows returns the top three rows of the row-major 4x4 homogeneous matrix,
// the inverse of FromRows.
func (t Transform) Rows() [12]float64 {
	var m [12]float64
	for i := range 3 {
		m[4*i], m[4*i+1], m[4*i+2], m[4*i+3] = t.R[i][0], t.R[i][1], t.R[i][2], t.P[i]
	}
	return m
}
