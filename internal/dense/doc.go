// Package dense holds the small dense kernels shared by the library packages: a Cholesky
// factorisation and solve, and matrix–vector products, all on row-major []float64 storage
// (element (i, j) of a matrix with row stride s is a[i*s+j]), allocation-free, and written
// with plain loops because at the sizes of a mechanism (tens of coordinates) they beat a
// BLAS call's overhead. It also holds the shape-check helper of the library's convention
// (docs/conventions.md): a slice of the wrong length passed by a Go caller is a programming
// error and panics; data-dependent failures are returned as errors (or, here, as false).
package dense
