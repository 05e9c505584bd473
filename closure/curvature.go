package closure

import "gonum.org/v1/gonum/blas/blas64"

// Curvature writes c = Ė u (len NV) for the feasible velocity v = E u whose constraint
// drift γ = Ċ(q, v)·v (len Rows, Data.Drift) is given, using the factorisation of the last
// successful Update at the same configuration. Differentiating C E = 0 along the motion
// gives C (Ė u) = −γ; the independent rows of E are constant, so c has zero independent
// part and its dependent part solves R_p c_p = −γ_S on the selected rows (eq. 10 applied to
// the drift). It is exact — no differences — and allocates nothing.
func (l *Lift) Curvature(gamma, c []float64) {
	p := l.P
	for i := range c {
		c[i] = 0
	}
	r := p.Rank
	if r == 0 || p.Mobility == 0 {
		// No closure rows, or no motion (E is empty and every feasible velocity is zero).
		return
	}
	// Scaled right-hand side −D_r γ_S; the solution is D_c⁻¹ c_p.
	b := l.work[:r]
	for i, row := range l.rows {
		b[i] = -gamma[row] * p.rowScale[row]
	}
	l.lu.solve(blas64.General{Rows: r, Cols: 1, Stride: 1, Data: b})
	for k, col := range l.dep {
		c[col] = b[k] * p.colScale[col]
	}
}
