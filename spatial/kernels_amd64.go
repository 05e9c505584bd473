//go:build !purego

package spatial

// setMul is setMulGo in SSE2 assembly (transform_amd64.s), equal bit for bit: each row of
// the product two entries per instruction, each lane setMulGo's sums in their order;
// purego builds and other architectures take kernels_other.go. r may be t but not u.
//
//go:noescape
func setMul(r, t, u *Transform)

// actMotionTo is actMotionToGo in SSE2 assembly (transform_amd64.s), equal bit for bit:
// the twist's angular and linear parts and the rows of R two entries per instruction,
// each lane actMotionToGo's sums in their order. dst may be m.
//
//go:noescape
func actMotionTo(t *Transform, dst, m *Vec6)
