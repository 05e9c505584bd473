//go:build !purego

package spatial

// setMul is setMulGo in SSE2 assembly (transform_amd64.s), equal bit for bit: each row of
// the product two entries per instruction, each lane setMulGo's sums in their order;
// purego builds and other architectures take kernels_other.go. r may be t but not u.
//
//go:noescape
func setMul(r, t, u *Transform)
