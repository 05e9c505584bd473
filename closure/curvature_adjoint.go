package closure

// CurvatureAdjoint writes y (len Rows) with zᵀ c = yᵀ γ for every drift γ, where c is
// Curvature(γ) — the adjoint of the curvature solve for the weight z (len NV) on the
// velocity coordinates — from the factorisation of the last successful Update. Rows
// outside the partition's selection get 0. With it, zᵀ Ė e_k = yᵀ (Ċ E e_k) for all k
// costs one solve instead of one per column. It allocates nothing.
func (l *Lift) CurvatureAdjoint(z, y []float64) {
	p := l.P
	clear(y)
	r := p.Rank
	if r == 0 || p.Mobility == 0 {
		return
	}
	// zᵀc = wᵀ R_s⁻¹ b with w_k = z[col_k]·colScale, b_i = −γ[row_i]·rowScale: so
	// y[row_i] = −(R_s⁻ᵀ w)_i·rowScale, R_s⁻ᵀ = Pᵀ L⁻ᵀ U⁻ᵀ.
	w := l.work[:r]
	for k, col := range l.dep {
		w[k] = z[col] * p.colScale[col]
	}
	l.lu.solveT(w)
	for i, row := range l.rows {
		y[row] = -w[i] * p.rowScale[row]
	}
}
