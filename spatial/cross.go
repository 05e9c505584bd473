package spatial

// CrossMotion returns the motion cross product a × b of twists a = [w; v]
// and b = [wb; vb]: [w × wb; w × vb + v × wb] (ad_a b).
func CrossMotion(a, b Vec6) Vec6 {
	var r Vec6
	r.SetCrossMotion(&a, &b)
	return r
}

// SetCrossMotion sets dst to a × b (CrossMotion through pointers: the hot loops' form).
// dst may be a or b.
func (dst *Vec6) SetCrossMotion(a, b *Vec6) {
	x0 := a[1]*b[2] - a[2]*b[1]
	x1 := a[2]*b[0] - a[0]*b[2]
	x2 := a[0]*b[1] - a[1]*b[0]
	x3 := (a[1]*b[5] - a[2]*b[4]) + (a[4]*b[2] - a[5]*b[1])
	x4 := (a[2]*b[3] - a[0]*b[5]) + (a[5]*b[0] - a[3]*b[2])
	x5 := (a[0]*b[4] - a[1]*b[3]) + (a[3]*b[1] - a[4]*b[0])
	dst[0], dst[1], dst[2], dst[3], dst[4], dst[5] = x0, x1, x2, x3, x4, x5
}

// AddCrossMotion sets dst to c + a × b (CrossMotion added to c, through pointers: the
// hot loops' form, with the same operations). dst may be c.
func (dst *Vec6) AddCrossMotion(c, a, b *Vec6) {
	x0 := a[1]*b[2] - a[2]*b[1]
	x1 := a[2]*b[0] - a[0]*b[2]
	x2 := a[0]*b[1] - a[1]*b[0]
	x3 := (a[1]*b[5] - a[2]*b[4]) + (a[4]*b[2] - a[5]*b[1])
	x4 := (a[2]*b[3] - a[0]*b[5]) + (a[5]*b[0] - a[3]*b[2])
	x5 := (a[0]*b[4] - a[1]*b[3]) + (a[3]*b[1] - a[4]*b[0])
	dst[0], dst[1], dst[2] = c[0]+x0, c[1]+x1, c[2]+x2
	dst[3], dst[4], dst[5] = c[3]+x3, c[4]+x4, c[5]+x5
}

// CrossForce returns the force cross product a ×* f of a twist a = [w; v]
// and a wrench f = [n; fl]: [w × n + v × fl; w × fl] (= -ad_aᵀ f).
func CrossForce(a, f Vec6) Vec6 {
	return Vec6{
		(a[1]*f[2] - a[2]*f[1]) + (a[4]*f[5] - a[5]*f[4]),
		(a[2]*f[0] - a[0]*f[2]) + (a[5]*f[3] - a[3]*f[5]),
		(a[0]*f[1] - a[1]*f[0]) + (a[3]*f[4] - a[4]*f[3]),
		a[1]*f[5] - a[2]*f[4],
		a[2]*f[3] - a[0]*f[5],
		a[0]*f[4] - a[1]*f[3]}
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
