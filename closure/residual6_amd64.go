//go:build !purego

package closure

// residual6 is residual6Rows's kernel in SSE2 assembly (residual6_amd64.s); its bounds
// are residual6Rows's to check.
//
//go:noescape
func residual6(res []float64, resStride int, src []float64, srcStride int, ptr []int, vals []float64, cols []int, x []float64, xStride int)
