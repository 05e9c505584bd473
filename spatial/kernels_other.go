//go:build !amd64 || purego

package spatial

// setMul is setMulGo: purego builds and other architectures take the scalar code.
func setMul(r, t, u *Transform) { setMulGo(r, t, u) }
