package spatial

// Mat6 is a row-major 6x6 matrix acting on angular-first spatial vectors.
type Mat6 [6][6]float64

// Identity6 returns the 6x6 identity.
func Identity6() Mat6 {
	var m Mat6
	for i := range 6 {
		m[i][i] = 1
	}
	return m
}

// NewMat6 assembles the 6x6 block matrix [[a, b], [c, d]] from 3x3 blocks.
func NewMat6(a, b, c, d Mat3) Mat6 {
	var m Mat6
	for i := range 3 {
		for j := range 3 {
			m[i][j] = a[i][j]
			m[i][j+3] = b[i][j]
			m[i+3][j] = c[i][j]
			m[i+3][j+3] = d[i][j]
		}
	}
	return m
}

// Mul returns the 6x6 product m·b.
func (m Mat6) Mul(b Mat6) Mat6 {
	var r Mat6
	for i := range 6 {
		for j := range 6 {
			s := 0.0
			for k := range 6 {
				s += m[i][k] * b[k][j]
			}
			r[i][j] = s
		}
	}
	return r
}

// MulVec returns the 6-vector m·v.
func (m Mat6) MulVec(v Vec6) Vec6 {
	var r Vec6
	for i := range 6 {
		s := 0.0
		for k := range 6 {
			s += m[i][k] * v[k]
		}
		r[i] = s
	}
	return r
}

// T returns the transpose mᵀ.
func (m Mat6) T() Mat6 {
	var r Mat6
	for i := range 6 {
		for j := range 6 {
			r[i][j] = m[j][i]
		}
	}
	return r
}

// Add returns m + b.
func (m Mat6) Add(b Mat6) Mat6 {
	for i := range 6 {
		for j := range 6 {
			m[i][j] += b[i][j]
		}
	}
	return m
}

// Sub returns m - b.
func (m Mat6) Sub(b Mat6) Mat6 {
	for i := range 6 {
		for j := range 6 {
			m[i][j] -= b[i][j]
		}
	}
	return m
}
