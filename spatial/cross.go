package spatial

// CrossMotion returns the motion cross product a × b of twists a = [w; v]
// and b = [wb; vb]: [w × wb; w × vb + v × wb] (ad_a b).
func CrossMotion(a, b Vec6) Vec6 {
	w, v := a.Angular(), a.Linear()
	wb, vb := b.Angular(), b.Linear()
	return NewVec6(w.Cross(wb), w.Cross(vb).Add(v.Cross(wb)))
}

// CrossForce returns the force cross product a ×* f of a twist a = [w; v]
// and a wrench f = [n; fl]: [w × n + v × fl; w × fl] (= -ad_aᵀ f).
func CrossForce(a, f Vec6) Vec6 {
	w, v := a.Angular(), a.Linear()
	n, fl := f.Angular(), f.Linear()
	return NewVec6(w.Cross(n).Add(v.Cross(fl)), w.Cross(fl))
}

// CrossMotionMat returns the 6x6 matrix ad_a = [[skew(w), 0], [skew(v), skew(w)]].
func CrossMotionMat(a Vec6) Mat6 {
	w, v := Skew(a.Angular()), Skew(a.Linear())
	return NewMat6(w, Mat3{}, v, w)
}

// CrossForceMat returns the 6x6 matrix [[skew(w), skew(v)], [0, skew(w)]] = -ad_aᵀ.
func CrossForceMat(a Vec6) Mat6 {
	w, v := Skew(a.Angular()), Skew(a.Linear())
	return NewMat6(w, v, Mat3{}, w)
}
