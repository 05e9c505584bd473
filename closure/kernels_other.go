//go:build !amd64 || purego

package closure

// residual6 is residual6Rows's kernel: mulSub and the row's gate, row by row.
func residual6(res []float64, resStride int, src []float64, srcStride int, ptr []int, vals []float64, cols []int, x []float64, xStride int, raMax, xmax []float64, tol float64) bool {
	refine := false
	for i := range len(ptr) - 1 {
		lo, hi := ptr[i], ptr[i+1]
		ri := res[i*resStride : i*resStride+6]
		mulSub(ri, src[i*srcStride:i*srcStride+6], vals[lo:hi], cols[lo:hi], x, xStride)
		if !(maxAbs(ri) <= tol*(raMax[i]+absDot(vals[lo:hi], cols[lo:hi], xmax))) {
			refine = true
		}
	}
	return refine
}

// eliminateRows is eliminate's sweep over rows k+1…r−1 of a (row stride w).
func eliminateRows(a []float64, w, k, r int, inv, piv float64, exact bool) {
	right := a[k*w+k+1 : k*w+w]
	for i := k + 1; i < r; i++ {
		ri := a[i*w : i*w+w : i*w+w]
		x := ri[k]
		if x == 0 {
			continue
		}
		l := x * inv
		if !exact {
			l = x / piv
		}
		ri[k] = l
		ri = ri[k+1:]
		ri = ri[:len(right)]
		for j := 0; j < len(ri)-1; j += 2 { // pairs of entries (bounds proven by the loop)
			ri[j] -= l * right[j]
			ri[j+1] -= l * right[j+1]
		}
		if n := len(ri); n%2 == 1 {
			ri[n-1] -= l * right[n-1]
		}
	}
}

// backSub6 is backSub for six columns.
func backSub6(x []float64, xs int, a []float64, cols []int, spec []int, inv []float64) {
	backSub(x, xs, 6, a, cols, spec, inv)
}
