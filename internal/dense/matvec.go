package dense

// MulVec writes y = A x for the row-major matrix A with row stride stride (≥ len(x)),
// len(y) rows and len(x) columns; each y_i is summed over k in increasing order. An A with
// no columns (len(x) = 0, a may then be empty) gives y = 0.
func MulVec(a []float64, stride int, x, y []float64) {
	if len(x) == 0 {
		clear(y)
		return
	}
	mulVecFrom(a, stride, x, nil, y)
}

// MulVecAdd writes y = b + A x (len(b) = len(y)) for A as in MulVec; each y_i starts from
// b_i and adds the products in increasing k. y may be b.
func MulVecAdd(a []float64, stride int, x, b, y []float64) {
	b = b[:len(y)]
	if len(x) == 0 {
		copy(y, b)
		return
	}
	mulVecFrom(a, stride, x, b, y)
}

// mulVecFrom writes y_i = b_i + Σ_k A_ik x_k (b nil: 0) with the sum in increasing k, four
// rows side by side so that their sums overlap in the adder (each row keeps its order).
func mulVecFrom(a []float64, stride int, x, b, y []float64) {
	n := len(x)
	i := 0
	for ; i+4 <= len(y) && n >= 4; i += 4 { // short rows: their sums are short chains
		r0 := a[i*stride : i*stride+n]
		r1 := a[(i+1)*stride : (i+1)*stride+n]
		r2 := a[(i+2)*stride : (i+2)*stride+n]
		r3 := a[(i+3)*stride : (i+3)*stride+n]
		r0, r1, r2, r3 = r0[:len(x)], r1[:len(x)], r2[:len(x)], r3[:len(x)]
		var s0, s1, s2, s3 float64
		if b != nil {
			s0, s1, s2, s3 = b[i], b[i+1], b[i+2], b[i+3]
		}
		for k, v := range x {
			s0 += r0[k] * v
			s1 += r1[k] * v
			s2 += r2[k] * v
			s3 += r3[k] * v
		}
		y[i], y[i+1], y[i+2], y[i+3] = s0, s1, s2, s3
	}
	for ; i < len(y); i++ {
		s := 0.0
		if b != nil {
			s = b[i]
		}
		for k, v := range a[i*stride : i*stride+n] {
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
