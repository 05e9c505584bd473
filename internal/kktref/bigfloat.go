package kktref

import "math/big"

// Prec is the mantissa precision in bits of SolveBig's arithmetic (about 57 significant
// decimal digits).
const Prec = 192

// bigVec is a vector of extended-precision numbers, all at precision Prec.
type bigVec []big.Float

// newBigVec returns a zero vector of length n at precision Prec.
func newBigVec(n int) bigVec {
	v := make(bigVec, n)
	for i := range v {
		v[i].SetPrec(Prec)
	}
	return v
}

// bigFrom converts float64 values exactly.
func bigFrom(x []float64) bigVec {
	v := newBigVec(len(x))
	for i, xi := range x {
		v[i].SetFloat64(xi)
	}
	return v
}

// newBig returns a zero scalar at precision Prec.
func newBig() *big.Float { return new(big.Float).SetPrec(Prec) }

// dot returns aᵀb into z (z must not alias a or b), using t as scratch.
func dot(z, t *big.Float, a, b bigVec) *big.Float {
	z.SetInt64(0)
	for i := range a {
		t.Mul(&a[i], &b[i])
		z.Add(z, t)
	}
	return z
}

// axpy sets y ← y + c·x, using t as scratch.
func axpy(y bigVec, c *big.Float, x bigVec, t *big.Float) {
	for i := range y {
		t.Mul(c, &x[i])
		y[i].Add(&y[i], t)
	}
}

// toFloat64 rounds each entry to the nearest float64.
func toFloat64(v bigVec) []float64 {
	out := make([]float64, len(v))
	for i := range v {
		out[i], _ = v[i].Float64()
	}
	return out
}
