package spatial

// Mat3 is a row-major 3x3 matrix: m[row][col].
type Mat3 [3][3]float64

// Identity3 returns the 3x3 identity.
func Identity3() Mat3 { return Mat3{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}} }

// Skew returns the 3x3 cross-product matrix [a]× with Skew(a)·b = a × b.
func Skew(a Vec3) Mat3 {
	return Mat3{
		{0, -a[2], a[1]},
		{a[2], 0, -a[0]},
		{-a[1], a[0], 0},
	}
}

// Outer returns the 3x3 outer product a bᵀ.
func Outer(a, b Vec3) Mat3 {
	var m Mat3
	for i := range 3 {
		for j := range 3 {
			m[i][j] = a[i] * b[j]
		}
	}
	return m
}

// Mul returns the 3x3 product m·b.
func (m Mat3) Mul(b Mat3) Mat3 {
	var r Mat3
	mul3(&r, &m, &b)
	return r
}

// mul3 writes a·b into r (which must not alias a or b). Go keeps arrays of more than one
// element in memory, so the hot products take pointers and are written on scalars
// rather than composed from helpers.
func mul3(r, a, b *Mat3) {
	for i := range 3 {
		a0, a1, a2 := a[i][0], a[i][1], a[i][2]
		r[i] = [3]float64{a0*b[0][0] + a1*b[1][0] + a2*b[2][0], a0*b[0][1] + a1*b[1][1] + a2*b[2][1], a0*b[0][2] + a1*b[1][2] + a2*b[2][2]}
	}
}

// skewMul returns Skew(a)·Skew(b), the terms of mul3 without its zero products.
func skewMul(a, b *Vec3) Mat3 {
	return Mat3{
		{-a[2]*b[2] - a[1]*b[1], a[1] * b[0], a[2] * b[0]},
		{a[0] * b[1], -a[2]*b[2] - a[0]*b[0], a[2] * b[1]},
		{a[0] * b[2], a[1] * b[2], -a[1]*b[1] - a[0]*b[0]},
	}
}

// MulVec returns the 3-vector m·v.
func (m Mat3) MulVec(v Vec3) Vec3 { return mulVec3(&m, &v) }

// mulVec3 returns m·v (see mul3).
func mulVec3(m *Mat3, v *Vec3) Vec3 {
	return Vec3{
		m[0][0]*v[0] + m[0][1]*v[1] + m[0][2]*v[2],
		m[1][0]*v[0] + m[1][1]*v[1] + m[1][2]*v[2],
		m[2][0]*v[0] + m[2][1]*v[1] + m[2][2]*v[2],
	}
}

// T returns the transpose mᵀ.
func (m Mat3) T() Mat3 {
	return Mat3{
		{m[0][0], m[1][0], m[2][0]},
		{m[0][1], m[1][1], m[2][1]},
		{m[0][2], m[1][2], m[2][2]},
	}
}

// Add returns m + b.
func (m Mat3) Add(b Mat3) Mat3 {
	for i := range 3 {
		for j := range 3 {
			m[i][j] += b[i][j]
		}
	}
	return m
}

// Sub returns m - b.
func (m Mat3) Sub(b Mat3) Mat3 {
	for i := range 3 {
		for j := range 3 {
			m[i][j] -= b[i][j]
		}
	}
	return m
}

// Scale returns s·m.
func (m Mat3) Scale(s float64) Mat3 {
	for i := range 3 {
		for j := range 3 {
			m[i][j] *= s
		}
	}
	return m
}

// Det returns the determinant of m.
func (m Mat3) Det() float64 {
	return m[0][0]*(m[1][1]*m[2][2]-m[1][2]*m[2][1]) -
		m[0][1]*(m[1][0]*m[2][2]-m[1][2]*m[2][0]) +
		m[0][2]*(m[1][0]*m[2][1]-m[1][1]*m[2][0])
}
