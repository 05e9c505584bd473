package spatial

// ExpSE3 returns the transform exp(ξ) of the twist coordinates ξ = [w; v]
// (rad; m): rotation ExpSO3(w), translation JlSO3(w)·v.
func ExpSE3(xi Vec6) Transform {
	w := xi.Angular()
	return Transform{R: ExpSO3(w), P: JlSO3(w).MulVec(xi.Linear())}
}

// LogSE3 returns ξ = [w; v] with ExpSE3(ξ) = t on the principal branch
// |w| <= π: w = LogSO3(R), v = JlInvSO3(w)·P. Errors are those of LogSO3
// (ErrLogBranch comes with a best-effort value); non-finite P gives
// ErrNonFinite.
func LogSE3(t Transform) (Vec6, error) {
	xi, _, err := LogSE3Jl(t)
	return xi, err
}

// LogSE3Jl is LogSE3 that also returns the inverse left Jacobian of SO(3) at the rotation
// part w of the result, JlInvSO3(w), which it computes on the way (pass it to
// JlInvSE3With instead of computing it again); on ErrNonFinite, with the zero result, it
// is JlInvSO3(0) = I.
func LogSE3Jl(t Transform) (Vec6, Mat3, error) {
	var xi Vec6
	var ji Mat3
	err := LogSE3JlTo(&t, &xi, &ji)
	return xi, ji, err
}

// LogSE3JlTo is LogSE3Jl writing ξ and JlInvSO3 into xi and ji (without copying the
// transform or the results: the hot loops' form).
func LogSE3JlTo(t *Transform, xi *Vec6, ji *Mat3) error {
	w := (*Vec3)(xi[:3]) // the rotation part, written in place
	err := logSO3(&t.R, w)
	if err == ErrNonFinite {
		*xi, *ji = Vec6{}, Identity3() // JlInvSO3 of the zero it returns
		return err
	}
	quadSkewTo(ji, w, -0.5, jlInvCoeff(w[0]*w[0]+w[1]*w[1]+w[2]*w[2]))
	// v = ji·P (mulVec3's sums), entry by entry.
	p := &t.P
	v0 := ji[0][0]*p[0] + ji[0][1]*p[1] + ji[0][2]*p[2]
	v1 := ji[1][0]*p[0] + ji[1][1]*p[1] + ji[1][2]*p[2]
	v2 := ji[2][0]*p[0] + ji[2][1]*p[1] + ji[2][2]*p[2]
	if !isFinite(v0*v0 + v1*v1 + v2*v2) {
		*xi, *ji = Vec6{}, Identity3()
		return ErrNonFinite
	}
	xi[3], xi[4], xi[5] = v0, v1, v2
	return err
}

// isFinite reports whether x is neither NaN nor infinite.
func isFinite(x float64) bool { return x-x == 0 }
