//go:build !purego

package dyn

import "github.com/robocompiler/robocompiler/spatial"

// transformedAdd is transformedAddGo in SSE2 assembly (transformedadd_amd64.s), equal
// bit for bit: two entries per instruction where the scalar code's sums pair up, each
// lane with the scalar code's operations in their order; purego builds and other
// architectures take kernels_other.go.
//
//go:noescape
func transformedAdd(out, a *spatial.Inertia, x *spatial.Transform)
