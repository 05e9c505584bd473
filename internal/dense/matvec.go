package dense

// MulVec writes y = A x for the row-major matrix A with row stride stride (≥ len(x)),
// len(y) rows and len(x) columns; each y_i is summed over k in increasing order. An A with
// no columns (len(x) = 0, a may then be empty) gives y = 0.
func MulVec(a []float64, stride int, x, y []float64) {
	if len(x) == 0 {
		clear(y)
		return
	}
	for i := range y {
		s := 0.0
		for k, v := range a[i*stride : i*stride+len(x)] {
			s += v * x[k]
		}
		y[i] = s
	}
}

// MulVecAdd writes y = b + A x (len(b) = len(y)) for A as in MulVec; each y_i starts from
// b_i and adds the products in increasing k. y may be b.
func MulVecAdd(a []float64, stride int, x, b, y []float64) {
	b = b[:len(y)]
	if len(x) == 0 {
		copy(y, b)
		return
	}
	for i := range y {
		s := b[i]
		for k, v := range a[i*stride : i*stride+len(x)] {
			s += v * x[k]
		}
		y[i] = s
	}
}

// MulTransVec writes y = Aᵀ x for the row-major matrix A with row stride stride
// (≥ len(y)), len(x) rows and len(y) columns, accumulating the rows of A into y in
// increasing row order. An empty x or y gives y = 0.
func MulTransVec(a []float64, stride int, x, y []float64) {
	clear(y)
	if len(y) == 0 {
		return
	}
	for i, xi := range x {
		for k, v := range a[i*stride : i*stride+len(y)] {
			y[k] += v * xi
		}
	}
}
