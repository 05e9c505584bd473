package kktref

import "math"

// DeltaA returns the normalised acceleration discrepancy of eq. 21,
// ‖a − aref‖∞ / max(1, ‖aref‖∞) (dimensionless when a is in SI units). a and aref have
// the same length.
func DeltaA(a, aref []float64) float64 {
	d, r := 0.0, 1.0
	for i := range aref {
		d = math.Max(d, math.Abs(a[i]-aref[i]))
		r = math.Max(r, math.Abs(aref[i]))
	}
	return d / r
}

// DeltaF returns the force-equivalent discrepancy of eq. 21,
// ‖M(a − aref)‖∞ / max(1, ‖tau‖∞, ‖h‖∞), with M n×n row-major, n = len(a).
func DeltaF(M, a, aref, tau, h []float64) float64 {
	n := len(a)
	d := 0.0
	for i := range n {
		s := 0.0
		for j := range n {
			s += M[i*n+j] * (a[j] - aref[j])
		}
		d = math.Max(d, math.Abs(s))
	}
	r := 1.0
	for i := range n {
		r = math.Max(r, math.Max(math.Abs(tau[i]), math.Abs(h[i])))
	}
	return d / r
}

// ResidualC returns the acceleration-level constraint residual ‖Jc a + gamma‖∞, with Jc
// m×n row-major, m = len(gamma), n = len(a); in the units of the constraint rows.
func ResidualC(Jc, a, gamma []float64) float64 {
	n := len(a)
	r := 0.0
	for i := range gamma {
		s := gamma[i]
		for j := range n {
			s += Jc[i*n+j] * a[j]
		}
		r = math.Max(r, math.Abs(s))
	}
	return r
}
