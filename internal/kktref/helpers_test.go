package kktref

import (
	"math"
	"math/rand/v2"
)

// problem is one constrained-dynamics instance M a + h = tau + Jcᵀλ, Jc a + gamma = 0.
type problem struct {
	n, m                 int
	M, h, tau, Jc, gamma []float64
	base                 int // number of independent rows (the exact rank of Jc)
}

// randomProblem draws an SPD M (condition ~10), h, tau, a Jc with `base` independent
// random rows followed by `extra` rows that are random combinations of them, and a
// consistent gamma = −Jc a0.
func randomProblem(rng *rand.Rand, n, base, extra int) problem {
	p := problem{n: n, m: base + extra, base: base}
	B := randn(rng, n*n)
	p.M = make([]float64, n*n)
	for i := range n {
		for j := range n {
			s := 0.0
			for k := range n {
				s += B[k*n+i] * B[k*n+j]
			}
			p.M[i*n+j] = s / float64(n)
		}
		p.M[i*n+i] += 1
	}
	p.h, p.tau = randn(rng, n), randn(rng, n)
	rows := randn(rng, base*n)
	p.Jc = append(p.Jc, rows...)
	for range extra {
		c := randn(rng, base)
		for j := range n {
			s := 0.0
			for k := range base {
				s += c[k] * rows[k*n+j]
			}
			p.Jc = append(p.Jc, s)
		}
	}
	a0 := randn(rng, n)
	p.gamma = make([]float64, p.m)
	for i := range p.m {
		for j := range n {
			p.gamma[i] -= p.Jc[i*n+j] * a0[j]
		}
	}
	return p
}

func randn(rng *rand.Rand, k int) []float64 {
	x := make([]float64, k)
	for i := range x {
		x[i] = rng.NormFloat64()
	}
	return x
}

func maxAbsDiff(a, b []float64) float64 {
	d := 0.0
	for i := range a {
		d = math.Max(d, math.Abs(a[i]-b[i]))
	}
	return d
}
