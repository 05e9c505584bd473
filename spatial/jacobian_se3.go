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
	w := xi.Angular()
	q := jacobianQ(w, xi.Linear())
	var jq, c Mat3
	mul3(&jq, &ji, &q)
	mul3(&c, &jq, &ji)
	return NewMat6(ji, Mat3{}, c.Scale(-1), ji)
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
func jacobianQ(w, v Vec3) Mat3 {
	th := w.Norm()
	W, V := Skew(w), Skew(v)
	wv, vw := skewMul(&w, &v), skewMul(&v, &w)
	var wvw, wwv, vww, wvww, wwvw Mat3
	mul3(&wvw, &wv, &W)
	mul3(&wwv, &W, &wv)
	mul3(&vww, &vw, &W)
	mul3(&wvww, &wvw, &W)
	mul3(&wwvw, &W, &wvw)
	c1, c2, c3 := sincTail(th), coscTail(th), qTail(th)
	var q Mat3
	for i := range 3 {
		for j := range 3 {
			q[i][j] = V[i][j]*0.5 + (wv[i][j]+vw[i][j]+wvw[i][j])*c1 +
				(wwv[i][j]+vww[i][j]-wvw[i][j]*3)*c2 + (wvww[i][j]+wwvw[i][j])*c3
		}
	}
	return q
}
