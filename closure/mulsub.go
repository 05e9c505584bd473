package closure

// mulSub sets dst[q] = src[q] − Σ_j coef[j]·x[idx[j]·stride + q] for q < len(dst), the
// terms subtracted in the order of j (as a row-by-row axpy sweep would), dst and src of
// equal length and possibly the same. It keeps up to four partial results in registers
// across the sum instead of reloading dst for every term: the kernel of the bordered
// factorisation's solves and of the lift's residual, whose right-hand sides have a few
// columns.
func mulSub(dst, src, coef []float64, idx []int, x []float64, stride int) {
	m := len(dst)
	src = src[:m]
	idx = idx[:len(coef)]
	q := 0
	for ; q+4 <= m; q += 4 {
		s0, s1, s2, s3 := src[q], src[q+1], src[q+2], src[q+3]
		for j, c := range coef {
			o := idx[j]*stride + q
			xj := x[o : o+4 : o+4]
			s0 -= c * xj[0]
			s1 -= c * xj[1]
			s2 -= c * xj[2]
			s3 -= c * xj[3]
		}
		dst[q], dst[q+1], dst[q+2], dst[q+3] = s0, s1, s2, s3
	}
	if q+2 <= m {
		s0, s1 := src[q], src[q+1]
		for j, c := range coef {
			o := idx[j]*stride + q
			xj := x[o : o+2 : o+2]
			s0 -= c * xj[0]
			s1 -= c * xj[1]
		}
		dst[q], dst[q+1] = s0, s1
		q += 2
	}
	if q < m {
		s0 := src[q]
		for j, c := range coef {
			s0 -= c * x[idx[j]*stride+q]
		}
		dst[q] = s0
	}
}
