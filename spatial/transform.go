package spatial

// Transform is a rigid transform with x_parent = R·x_child + P (R a 3x3
// rotation, P in metres).
type Transform struct {
	R Mat3
	P Vec3
}

// Identity returns the identity transform.
func Identity() Transform { return Transform{R: Identity3()} }

// The hot operations below are written on scalars: Go keeps arrays of more than one
// element in memory, so composing Vec3 and Mat3 helpers costs several times the
// arithmetic.

// Mul returns the composition t·u (first u, then t): child of u → parent of t.
func (t Transform) Mul(u Transform) Transform {
	var r Transform
	r.SetMul(&t, &u)
	return r
}

// SetMul sets r to the composition t·u (Mul without copying the operands: the hot
// loops' form). r may be t but not u.
func (r *Transform) SetMul(t, u *Transform) { setMul(r, t, u) }

// setMulGo is SetMul's arithmetic, row by row (setMul is this in SSE2 assembly on
// amd64, transform_amd64.s, equal bit for bit; this elsewhere).
func setMulGo(r, t, u *Transform) {
	for i := range 3 {
		a0, a1, a2 := t.R[i][0], t.R[i][1], t.R[i][2]
		r.R[i][0] = a0*u.R[0][0] + a1*u.R[1][0] + a2*u.R[2][0]
		r.R[i][1] = a0*u.R[0][1] + a1*u.R[1][1] + a2*u.R[2][1]
		r.R[i][2] = a0*u.R[0][2] + a1*u.R[1][2] + a2*u.R[2][2]
		r.P[i] = a0*u.P[0] + a1*u.P[1] + a2*u.P[2] + t.P[i]
	}
}

// Inv returns the inverse transform (Rᵀ, -Rᵀ P).
func (t Transform) Inv() Transform {
	var r Transform
	r.SetInv(&t)
	return r
}

// SetInv sets r to the inverse of t (Inv without copying: the hot loops' form). r may
// not be t.
func (r *Transform) SetInv(t *Transform) {
	// Entry by entry: a composite value would be assembled on the stack and copied whole,
	// which stalls on the entries just stored.
	a, p := &t.R, &t.P
	r.R[0][0], r.R[0][1], r.R[0][2] = a[0][0], a[1][0], a[2][0]
	r.R[1][0], r.R[1][1], r.R[1][2] = a[0][1], a[1][1], a[2][1]
	r.R[2][0], r.R[2][1], r.R[2][2] = a[0][2], a[1][2], a[2][2]
	r.P[0] = -(a[0][0]*p[0] + a[1][0]*p[1] + a[2][0]*p[2])
	r.P[1] = -(a[0][1]*p[0] + a[1][1]*p[1] + a[2][1]*p[2])
	r.P[2] = -(a[0][2]*p[0] + a[1][2]*p[1] + a[2][2]*p[2])
}

// Apply maps a point (m) from child to parent coordinates: R x + P.
func (t Transform) Apply(x Vec3) Vec3 {
	p := mulVec3(&t.R, &x)
	return Vec3{p[0] + t.P[0], p[1] + t.P[1], p[2] + t.P[2]}
}

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
