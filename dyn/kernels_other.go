//go:build !amd64 || purego

package dyn

import "github.com/robocompiler/robocompiler/spatial"

// transformedAdd is transformedAddGo: purego builds and other architectures take the
// scalar code.
func transformedAdd(out, a *spatial.Inertia, x *spatial.Transform) { transformedAddGo(out, a, x) }
