package kkt

import "github.com/robocompiler/robocompiler/spatial"

// The fixed-size kernels of the solves: spatial 6-vectors by pointer, accumulated in
// locals, in the same order of operations as spatial's value methods (Dot, MulVec,
// Sub(Scale)), so that the results are those of the plain expressions.

// dot6 returns a·b for rows of six.
func dot6(a, b *[6]float64) float64 {
	return a[0]*b[0] + a[1]*b[1] + a[2]*b[2] + a[3]*b[3] + a[4]*b[4] + a[5]*b[5]
}

// dotV returns a·b.
func dotV(a, b *spatial.Vec6) float64 { return dot6((*[6]float64)(a), (*[6]float64)(b)) }

// mulVec writes dst = h·v.
func mulVec(dst *spatial.Vec6, h *spatial.Mat6, v *spatial.Vec6) {
	for i := range dst {
		dst[i] = dot6(&h[i], (*[6]float64)(v))
	}
}

// subRows sets acc −= Σᵢ lam[i]·rows[i] (len(lam) ≥ len(rows)).
func subRows(acc *spatial.Vec6, rows []spatial.Vec6, lam []float64) {
	a0, a1, a2, a3, a4, a5 := acc[0], acc[1], acc[2], acc[3], acc[4], acc[5]
	lam = lam[:len(rows)]
	for i := range rows {
		r, l := &rows[i], lam[i]
		a0 -= r[0] * l
		a1 -= r[1] * l
		a2 -= r[2] * l
		a3 -= r[3] * l
		a4 -= r[4] * l
		a5 -= r[5] * l
	}
	*acc = spatial.Vec6{a0, a1, a2, a3, a4, a5}
}
