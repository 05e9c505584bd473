package check

import (
	"math"

	"github.com/robocompiler/robocompiler/dyn"
	"github.com/robocompiler/robocompiler/spatial"
)

// treeDynamics is the dynamics reference of a tree form (a loop-free model above
// closure.DenseIdentityMax velocities, Reduced.Tree, whose dense KKT reference would need
// n² memory): the residual of the accelerations a (len NVT) in the equations of motion by
// RNEA, an algorithm independent of the articulated-body one that solved them,
// r = RNEA(q, v, a, fext) − τ_T = M_T (a − a_ref), gives δ_f of eq. 21 exactly, and one
// step of iterative refinement, a_ref = a − M_T⁻¹ r (M_T⁻¹ by the articulated-body
// algorithm at zero speed), gives δ_a. O(n) time and memory.
func (w *workspace) treeDynamics(q, v, a, tauT []float64, fext []spatial.Vec6) (deltaA, deltaF float64, err error) {
	m := w.m
	n := m.NVT
	dd := dyn.NewData(m)
	r, h := make([]float64, n), make([]float64, n)
	dd.RNEA(q, v, a, fext, r)
	dd.Bias(q, v, fext, h)
	num, den := 0.0, 1.0
	for i := range r {
		r[i] -= tauT[i]
		num = math.Max(num, math.Abs(r[i]))
		den = math.Max(den, math.Max(math.Abs(tauT[i]), math.Abs(h[i])))
	}
	corr, err := w.solveMass(dd, q, r)
	if err != nil {
		return 0, 0, err
	}
	aref := make([]float64, n)
	for i := range aref {
		aref[i] = a[i] - corr[i]
	}
	return deltaAOf(a, aref), num / den, nil
}

// deltaAOf is eq. 21's δ_a: max|a − aref| / max(1, max|aref|).
func deltaAOf(a, aref []float64) float64 {
	d, s := 0.0, 1.0
	for i := range aref {
		d = math.Max(d, math.Abs(a[i]-aref[i]))
		s = math.Max(s, math.Abs(aref[i]))
	}
	return d / s
}

// solveMass returns M_T(q)⁻¹ x by the articulated-body algorithm at zero speed, whose
// bias g(q) (gravity) is added to x first.
func (w *workspace) solveMass(dd *dyn.Data, q, x []float64) ([]float64, error) {
	m := w.m
	zero := make([]float64, m.NV)
	g := make([]float64, m.NVT)
	dd.Bias(q, zero, nil, g)
	for i := range g {
		g[i] += x[i]
	}
	out := make([]float64, m.NVT)
	err := dd.ABA(q, zero, g, nil, out)
	return out, err
}

// mulMass returns M_T(q) x by RNEA at zero speed minus its gravity bias.
func mulMass(dd *dyn.Data, q, x []float64, nv int) []float64 {
	n := len(x)
	zero := make([]float64, nv)
	xa := make([]float64, nv)
	copy(xa, x)
	out, g := make([]float64, n), make([]float64, n)
	dd.RNEA(q, zero, xa, nil, out)
	dd.Bias(q, zero, nil, g)
	for i := range out {
		out[i] -= g[i]
	}
	return out
}

// treeCondIterations is the number of power iterations of each extreme eigenvalue in
// treeCond.
const treeCondIterations = 40

// treeCond estimates the 2-norm condition number of the diagonally scaled tree mass matrix
// S M_T S, S = diag(M_T)^(-1/2), of a tree form by power iterations on S M_T S (RNEA)
// and its inverse (the articulated-body algorithm): O(n) time and memory per iteration,
// where the dense estimate of condMr needs n². It is +Inf when a solve fails.
func (w *workspace) treeCond(q []float64) float64 {
	m := w.m
	n := m.NVT
	if n == 0 {
		return 1
	}
	dd := dyn.NewData(m)
	s := make([]float64, n)
	dd.MassDiagonal(q, s)
	for i, x := range s {
		s[i] = 1 / math.Sqrt(x)
	}
	power := func(apply func([]float64) ([]float64, error)) (float64, error) {
		x := make([]float64, n)
		for i := range x {
			x[i] = 1 + 0.5*w.rng.Float64() // positive start: not orthogonal to the top eigenvector
		}
		lambda := 0.0
		for range treeCondIterations {
			norm := 0.0
			for _, y := range x {
				norm += y * y
			}
			norm = math.Sqrt(norm)
			for i := range x {
				x[i] /= norm
			}
			y, err := apply(x)
			if err != nil {
				return 0, err
			}
			lambda = 0
			for i := range x {
				lambda += x[i] * y[i]
			}
			x = y
		}
		return lambda, nil
	}
	scaled := func(f func([]float64) ([]float64, error)) func([]float64) ([]float64, error) {
		return func(x []float64) ([]float64, error) {
			y := make([]float64, n)
			for i := range y {
				y[i] = s[i] * x[i]
			}
			z, err := f(y)
			for i := range z {
				z[i] *= s[i]
			}
			return z, err
		}
	}
	big, err := power(scaled(func(x []float64) ([]float64, error) { return mulMass(dd, q, x, m.NV), nil }))
	if err != nil {
		return math.Inf(1)
	}
	// (S M S)⁻¹ = S⁻¹ M⁻¹ S⁻¹.
	inv := func(x []float64) ([]float64, error) {
		y := make([]float64, n)
		for i := range y {
			y[i] = x[i] / s[i]
		}
		z, err := w.solveMass(dd, q, y)
		for i := range z {
			z[i] /= s[i]
		}
		return z, err
	}
	small, err := power(inv)
	if err != nil || !(small > 0) {
		return math.Inf(1)
	}
	return big * small
}
