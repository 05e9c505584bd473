package closure

// mulSub sets dst[q] = src[q] − Σ_j coef[j]·x[idx[j]·stride + q] for q < len(dst), the
// terms subtracted in the order of j (as a row-by-row axpy sweep would), dst and src of
// equal length and possibly the same, x not overlapping dst. It keeps up to eight partial
// results in registers across the sum instead of reloading dst for every term: the kernel
// of the bordered factorisation's solves and of the lift's residual, whose right-hand
// sides have a few columns.
func mulSub(dst, src, coef []float64, idx []int, x []float64, stride int) {
	m := len(dst)
	src = src[:m]
	idx = idx[:len(coef)]
	for q := 0; q < m; {
		switch rem := m - q; {
		case rem >= 8:
			s0, s1, s2, s3 := src[q], src[q+1], src[q+2], src[q+3]
			s4, s5, s6, s7 := src[q+4], src[q+5], src[q+6], src[q+7]
			for j, c := range coef {
				o := idx[j]*stride + q
				xj := x[o : o+8 : o+8]
				s0 -= c * xj[0]
				s1 -= c * xj[1]
				s2 -= c * xj[2]
				s3 -= c * xj[3]
				s4 -= c * xj[4]
				s5 -= c * xj[5]
				s6 -= c * xj[6]
				s7 -= c * xj[7]
			}
			d := dst[q : q+8 : q+8]
			d[0], d[1], d[2], d[3], d[4], d[5], d[6], d[7] = s0, s1, s2, s3, s4, s5, s6, s7
			q += 8
		case rem >= 6:
			s0, s1, s2, s3, s4, s5 := src[q], src[q+1], src[q+2], src[q+3], src[q+4], src[q+5]
			for j, c := range coef {
				o := idx[j]*stride + q
				xj := x[o : o+6 : o+6]
				s0 -= c * xj[0]
				s1 -= c * xj[1]
				s2 -= c * xj[2]
				s3 -= c * xj[3]
				s4 -= c * xj[4]
				s5 -= c * xj[5]
			}
			d := dst[q : q+6 : q+6]
			d[0], d[1], d[2], d[3], d[4], d[5] = s0, s1, s2, s3, s4, s5
			q += 6
		case rem >= 4:
			s0, s1, s2, s3 := src[q], src[q+1], src[q+2], src[q+3]
			for j, c := range coef {
				o := idx[j]*stride + q
				xj := x[o : o+4 : o+4]
				s0 -= c * xj[0]
				s1 -= c * xj[1]
				s2 -= c * xj[2]
				s3 -= c * xj[3]
			}
			d := dst[q : q+4 : q+4]
			d[0], d[1], d[2], d[3] = s0, s1, s2, s3
			q += 4
		case rem >= 2:
			s0, s1 := src[q], src[q+1]
			for j, c := range coef {
				o := idx[j]*stride + q
				xj := x[o : o+2 : o+2]
				s0 -= c * xj[0]
				s1 -= c * xj[1]
			}
			dst[q], dst[q+1] = s0, s1
			q += 2
		default:
			s0 := src[q]
			for j, c := range coef {
				s0 -= c * x[idx[j]*stride+q]
			}
			dst[q] = s0
			q++
		}
	}
}

// residual6Rows is mulSub for n = len(ptr)−1 rows of 6 columns in one sweep, with the
// lift's refinement gate: row i of res (row stride resStride) takes src's row i (stride
// srcStride) minus the terms vals[j]·x[cols[j]·xStride+·], j from ptr[i] to ptr[i+1]−1,
// bit for bit as mulSub, and refine reports a row with an entry r not within
// tol·(raMax[i] + absDot(vals[ptr[i]:ptr[i+1]], cols[…], xmax)) (a NaN never is). ptr is
// nondecreasing and every cols[j] < n (x has n rows of stride xStride, xmax n entries),
// as rp0 is over R_p. It reports ok = false, writing nothing, when a slice is too short
// for that.
func residual6Rows(res []float64, resStride int, src []float64, srcStride int, ptr []int, vals []float64, cols []int, x []float64, xStride int, raMax, xmax []float64, tol float64) (ok, refine bool) {
	n := len(ptr) - 1
	if n <= 0 {
		return n == 0, false
	}
	last := func(stride int) int { return (n-1)*stride + 6 }
	if min(resStride, srcStride, xStride) < 6 || len(res) < last(resStride) || len(src) < last(srcStride) ||
		len(x) < last(xStride) || ptr[0] < 0 || ptr[n] > min(len(vals), len(cols)) || len(raMax) < n || len(xmax) < n {
		return false, false
	}
	return true, residual6(res, resStride, src, srcStride, ptr, vals, cols, x, xStride, raMax, xmax, tol)
}
