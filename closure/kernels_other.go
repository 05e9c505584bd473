//go:build !amd64 || purego

package closure

import (
	"math"

	"github.com/robocompiler/robocompiler/internal/dense"
	"github.com/robocompiler/robocompiler/spatial"
)

// residual6 is residual6Rows's kernel: mulSub and the row's gate, row by row.
func residual6(res []float64, resStride int, src []float64, srcStride int, ptr []int, vals []float64, cols []int, x []float64, xStride int, raMax, xmax []float64, tol float64) bool {
	refine := false
	for i := range len(ptr) - 1 {
		lo, hi := ptr[i], ptr[i+1]
		ri := res[i*resStride : i*resStride+6]
		mulSub(ri, src[i*srcStride:i*srcStride+6], vals[lo:hi], cols[lo:hi], x, xStride)
		if !(dense.MaxAbs(ri) <= tol*(raMax[i]+absDot(vals[lo:hi], cols[lo:hi], xmax))) {
			refine = true
		}
	}
	return refine
}

// eliminateBlocks takes the blocks spec[5b:5b+5] = (off, w, c, r, base) of a (r rows of
// length w at a[off:]) through partial pivoting of their first c columns, column k of
// every block before column k+1 of any: per block and column, pivotSwap (whose row goes to
// piv[base+k]), then eliminate (whose reciprocal goes to inv[base+k]). It returns false at
// a column that is zero on and below the diagonal of its block.
func eliminateBlocks(a []float64, spec []int, kmax int, piv []int, inv []float64) bool {
	for k := range kmax {
		for b := 0; b+5 <= len(spec); b += 5 {
			off, w, c, r, base := spec[b], spec[b+1], spec[b+2], spec[b+3], spec[b+4]
			if k >= c {
				continue
			}
			blk := a[off : off+r*w]
			p := pivotSwap(blk, w, k, r)
			if p < 0 {
				return false
			}
			piv[base+k] = p
			inv[base+k] = eliminate(blk, w, k, r)
		}
	}
	return true
}

// pivotSwap chooses the partial pivot of column k among rows k..r−1 of the row-major
// block a (row stride w): the first row of largest magnitude. It swaps that row with row
// k and returns its index, or −1 when the column is zero there.
func pivotSwap(a []float64, w, k, r int) int {
	p, best := k, math.Abs(a[k*w+k])
	for i := k + 1; i < r; i++ {
		if v := math.Abs(a[i*w+k]); v > best {
			p, best = i, v
		}
	}
	if best == 0 {
		return -1
	}
	if p != k {
		rk, rp := a[k*w:k*w+w:k*w+w], a[p*w:p*w+w:p*w+w]
		rp = rp[:len(rk)]
		for j := range rk {
			rk[j], rp[j] = rp[j], rk[j]
		}
	}
	return p
}

// eliminate subtracts the multiples of pivot row k (whose diagonal entry is column k) of
// the row-major matrix a (r rows of length w) from rows k+1…r−1 that make their column k
// zero, storing the multipliers there, and returns the pivot's reciprocal, by which it
// multiplies as LAPACK's Dgetf2 does when the pivot's magnitude is at least the smallest
// normal number (whose reciprocal may overflow below it: it divides there).
func eliminate(a []float64, w, k, r int) float64 {
	piv := a[k*w+k]
	inv, exact := 1/piv, math.Abs(piv) >= 0x1p-1022
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
	return inv
}

// rateCols6 is logRateCols's loop, column by column.
func rateCols6(h *[36]float64, sb []spatial.Vec6, cols []int, signs []float64, c []float64, stride int) {
	st := stride
	signs = signs[:len(cols)]
	for n, k := range cols {
		t, sign := &sb[k], signs[n]
		t0, t1, t2, t3, t4, t5 := sign*t[0], sign*t[1], sign*t[2], sign*t[3], sign*t[4], sign*t[5]
		col := c[k : k+5*st+1]
		col[0] = h[0]*t0 + h[1]*t1 + h[2]*t2
		col[st] = h[6]*t0 + h[7]*t1 + h[8]*t2
		col[2*st] = h[12]*t0 + h[13]*t1 + h[14]*t2
		col[3*st] = h[18]*t0 + h[19]*t1 + h[20]*t2 + h[21]*t3 + h[22]*t4 + h[23]*t5
		col[4*st] = h[24]*t0 + h[25]*t1 + h[26]*t2 + h[27]*t3 + h[28]*t4 + h[29]*t5
		col[5*st] = h[30]*t0 + h[31]*t1 + h[32]*t2 + h[33]*t3 + h[34]*t4 + h[35]*t5
	}
}

// backSub6 is backSub for six columns.
func backSub6(x []float64, xs int, a []float64, cols []int, spec []int, inv []float64) {
	backSub(x, xs, 6, a, cols, spec, inv)
}
