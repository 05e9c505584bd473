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
// JlInvSE3With instead of computing it again).
func LogSE3Jl(t Transform) (Vec6, Mat3, error) {
	w, err := LogSO3(t.R)
	if err == ErrNonFinite {
		return Vec6{}, Mat3{}, err
	}
	ji := JlInvSO3(w)
	v := ji.MulVec(t.P)
	if !isFinite(v.Dot(v)) {
		return Vec6{}, Mat3{}, ErrNonFinite
	}
	return NewVec6(w, v), ji, err
}

// isFinite reports whether x is neither NaN nor infinite.
func isFinite(x float64) bool { return x-x == 0 }
