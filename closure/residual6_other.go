//go:build !amd64 || purego

package closure

// residual6 is residual6Rows's kernel: mulSub row by row.
func residual6(res []float64, resStride int, src []float64, srcStride int, ptr []int, vals []float64, cols []int, x []float64, xStride int) {
	for i := range len(ptr) - 1 {
		lo, hi := ptr[i], ptr[i+1]
		mulSub(res[i*resStride:i*resStride+6], src[i*srcStride:i*srcStride+6], vals[lo:hi], cols[lo:hi], x, xStride)
	}
}
