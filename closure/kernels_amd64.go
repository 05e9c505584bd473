//go:build !purego

package closure

import "github.com/robocompiler/robocompiler/spatial"

// The SSE2 kernels (residual6_amd64.s, eliminate_amd64.s, backsub_amd64.s,
// ratecols_amd64.s); purego builds and other architectures take kernels_other.go.

// residual6 is residual6Rows's kernel in SSE2 assembly (residual6_amd64.s); its bounds
// are residual6Rows's to check.
//
//go:noescape
func residual6(res []float64, resStride int, src []float64, srcStride int, ptr []int, vals []float64, cols []int, x []float64, xStride int, raMax, xmax []float64, tol float64) bool

// eliminateBlocks is the interleaved partial-pivoting elimination of blocks in SSE2
// assembly (eliminate_amd64.s); its bounds are factorBlocks's to check.
//
//go:noescape
func eliminateBlocks(a []float64, spec []int, kmax int, piv []int, inv []float64) bool

// rateCols6 is logRateCols's kernel in SSE2 assembly (ratecols_amd64.s), two columns at
// a time; its bounds are logRateCols's to check.
//
//go:noescape
func rateCols6(h *[36]float64, sb []spatial.Vec6, cols []int, signs []float64, c []float64, stride int)

// backSub6 is solveSparse's back substitution over the groups' own unknowns for six
// right-hand sides in SSE2 assembly (backsub_amd64.s); its bounds are solveSparse's to
// check.
//
//go:noescape
func backSub6(x []float64, xs int, a []float64, cols []int, spec []int, inv []float64)
