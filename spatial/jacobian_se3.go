package spatial

// JlSE3 returns the 6x6 left Jacobian of SE(3) at ξ = [w; v]:
// (Ṫ T⁻¹)^∨ = J_l(ξ) ξ̇ for T = ExpSE3(ξ); J_l = [[J_l(w), 0], [Q(w, v), J_l(w)]].
func JlSE3(xi Vec6) Mat6 {
	w := xi.Angular()
	j := JlSO3(w)
	return NewMat6(j, Mat3{}, jacobianQ(w, xi.Linear()), j)
}

// JlInvSE3 returns the 6x6 inverse of JlSE3(ξ):
// [[J_l⁻¹, 0], [-J_l⁻¹ Q J_l⁻¹, J_l⁻¹]].
func JlInvSE3(xi Vec6) Mat6 { return JlInvSE3With(xi, JlInvSO3(xi.Angular())) }

// JlInvSE3With is JlInvSE3(ξ) given ji = JlInvSO3 of ξ's angular part (as LogSE3Jl
// returns it).
func JlInvSE3With(xi Vec6, ji Mat3) Mat6 {
	return NewMat6(ji, Mat3{}, JlInvSE3Coupling(xi), ji)
}

// JlInvSE3Coupling returns the lower-left block −J_l⁻¹ Q J_l⁻¹ of JlInvSE3(ξ); the
// diagonal blocks are JlInvSO3 of ξ's angular part and the upper-right block is zero.
func JlInvSE3Coupling(xi Vec6) Mat3 {
	var c Mat3
	JlInvSE3CouplingTo(&c, &xi)
	return c
}

// JlInvSE3CouplingTo writes JlInvSE3Coupling(ξ) into c (without copying the operand: the
// hot loops' form). J_l⁻¹(ξ) = f(ad_ξ) for f(x) = x/(eˣ − 1), and ad_ξ = [[W, 0], [V, W]]
// (W, V the skew matrices of w, v), so its lower-left block is the derivative of f at W
// along V. On skew matrices f(K) = I − K/2 + a(|k|) K² (JlInvSO3, a = jlInvCoeff), hence
//
//	C = −V/2 + a (WV + VW) + (a′(θ)/θ)(w·v) W²
//	  = −V/2 + a (v wᵀ + w vᵀ − 2 (w·v) I) + b (w·v)(w wᵀ − θ² I),  b = a′(θ)/θ,
//
// the same block as −J_l⁻¹ Q J_l⁻¹ in a fraction of the products.
func JlInvSE3CouplingTo(c *Mat3, xi *Vec6) {
	w0, w1, w2 := xi[0], xi[1], xi[2]
	v0, v1, v2 := xi[3], xi[4], xi[5]
	t2 := w0*w0 + w1*w1 + w2*w2
	a, b := jlInvCoeffs(t2)
	wv := w0*v0 + w1*v1 + w2*v2
	bw := b * wv
	dg := -2*a*wv - bw*t2 // the diagonal's common term
	c[0][0] = dg + 2*a*w0*v0 + bw*w0*w0
	c[1][1] = dg + 2*a*w1*v1 + bw*w1*w1
	c[2][2] = dg + 2*a*w2*v2 + bw*w2*w2
	s01 := a*(v0*w1+w0*v1) + bw*w0*w1
	s02 := a*(v0*w2+w0*v2) + bw*w0*w2
	s12 := a*(v1*w2+w1*v2) + bw*w1*w2
	c[0][1], c[1][0] = s01+0.5*v2, s01-0.5*v2
	c[0][2], c[2][0] = s02-0.5*v1, s02+0.5*v1
	c[1][2], c[2][1] = s12+0.5*v0, s12-0.5*v0
}

// JrSE3 returns the 6x6 right Jacobian of SE(3): (T⁻¹ Ṫ)^∨ = J_r(ξ) ξ̇;
// J_r(ξ) = J_l(-ξ).
func JrSE3(xi Vec6) Mat6 { return JlSE3(xi.Scale(-1)) }

// JrInvSE3 returns the 6x6 inverse of JrSE3(ξ), equal to JlInvSE3(-ξ).
func JrInvSE3(xi Vec6) Mat6 { return JlInvSE3(xi.Scale(-1)) }

// jacobianQ returns the 3x3 coupling block Q(w, v) of the SE(3) left
// Jacobian, with W = skew(w), V = skew(v), θ = |w|:
// Q = V/2 + c1 (WV + VW + WVW) + c2 (WWV + VWW - 3WVW) + c3 (WVWW + WWVW),
// c1 = (θ - sin θ)/θ³, c2 = (θ²/2 + cos θ - 1)/θ⁴,
// c3 = (2θ - 3 sin θ + θ cos θ)/(2θ⁵).
// With Wᵀ = -W and Vᵀ = -V: VW = (WV)ᵀ, VWW = -(WWV)ᵀ and WWVW = (WVWW)ᵀ, so three
// products with a skew matrix (rows or columns crossed with w) give every term.
func jacobianQ(w, v Vec3) Mat3 {
	th := w.Norm()
	wv := skewMul(&w, &v)
	wvw := mulSkew(&wv, &w)
	wwv := skewMulMat(&w, &wv)
	wvww := mulSkew(&wvw, &w)
	c1, c2, c3 := sincTail(th), coscTail(th), qTail(th)
	V := Skew(v)
	var q Mat3
	for i := range 3 {
		for j := range 3 {
			q[i][j] = V[i][j]*0.5 + (wv[i][j]+wv[j][i]+wvw[i][j])*c1 +
				(wwv[i][j]-wwv[j][i]-wvw[i][j]*3)*c2 + (wvww[i][j]+wvww[j][i])*c3
		}
	}
	return q
}

// mulSkew returns m·Skew(w): row i is (row i of m) × w.
func mulSkew(m *Mat3, w *Vec3) Mat3 {
	var r Mat3
	for i := range 3 {
		a := &m[i]
		r[i] = [3]float64{a[1]*w[2] - a[2]*w[1], a[2]*w[0] - a[0]*w[2], a[0]*w[1] - a[1]*w[0]}
	}
	return r
}

// skewMulMat returns Skew(w)·m: column j is w × (column j of m).
func skewMulMat(w *Vec3, m *Mat3) Mat3 {
	var r Mat3
	for j := range 3 {
		a0, a1, a2 := m[0][j], m[1][j], m[2][j]
		r[0][j] = w[1]*a2 - w[2]*a1
		r[1][j] = w[2]*a0 - w[0]*a2
		r[2][j] = w[0]*a1 - w[1]*a0
	}
	return r
}
