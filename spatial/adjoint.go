package spatial

// Ad returns the 6x6 twist adjoint [[R, 0], [skew(P)R, R]], mapping child
// twists [w; v] to parent twists.
func (t Transform) Ad() Mat6 {
	return NewMat6(t.R, Mat3{}, Skew(t.P).Mul(t.R), t.R)
}

// AdInv returns the adjoint of the inverse, [[Rᵀ, 0], [-Rᵀ skew(P), Rᵀ]],
// mapping parent twists to child twists.
func (t Transform) AdInv() Mat6 {
	rt := t.R.T()
	return NewMat6(rt, Mat3{}, rt.Mul(Skew(t.P)).Scale(-1), rt)
}

// ActMotion returns Ad·m for a child twist m = [w; v]: [R w; R v + P × R w].
func (t Transform) ActMotion(m Vec6) Vec6 {
	var r Vec6
	t.ActMotionTo(&r, &m)
	return r
}

// ActMotionTo sets dst to Ad·m (ActMotion without copying the transform or the twists:
// the hot loops' form). dst may be m.
func (t *Transform) ActMotionTo(dst, m *Vec6) {
	r, p := &t.R, &t.P
	m0, m1, m2, m3, m4, m5 := m[0], m[1], m[2], m[3], m[4], m[5]
	w0 := r[0][0]*m0 + r[0][1]*m1 + r[0][2]*m2
	w1 := r[1][0]*m0 + r[1][1]*m1 + r[1][2]*m2
	w2 := r[2][0]*m0 + r[2][1]*m1 + r[2][2]*m2
	dst[0], dst[1], dst[2] = w0, w1, w2
	dst[3] = r[0][0]*m3 + r[0][1]*m4 + r[0][2]*m5 + (p[1]*w2 - p[2]*w1)
	dst[4] = r[1][0]*m3 + r[1][1]*m4 + r[1][2]*m5 + (p[2]*w0 - p[0]*w2)
	dst[5] = r[2][0]*m3 + r[2][1]*m4 + r[2][2]*m5 + (p[0]*w1 - p[1]*w0)
}

// InvActMotion returns Ad⁻¹·m for a parent twist m = [w; v]: [Rᵀ w; Rᵀ(v - P × w)].
func (t Transform) InvActMotion(m Vec6) Vec6 {
	r, p := &t.R, &t.P
	v0 := m[3] - (p[1]*m[2] - p[2]*m[1])
	v1 := m[4] - (p[2]*m[0] - p[0]*m[2])
	v2 := m[5] - (p[0]*m[1] - p[1]*m[0])
	return Vec6{
		r[0][0]*m[0] + r[1][0]*m[1] + r[2][0]*m[2],
		r[0][1]*m[0] + r[1][1]*m[1] + r[2][1]*m[2],
		r[0][2]*m[0] + r[1][2]*m[1] + r[2][2]*m[2],
		r[0][0]*v0 + r[1][0]*v1 + r[2][0]*v2,
		r[0][1]*v0 + r[1][1]*v1 + r[2][1]*v2,
		r[0][2]*v0 + r[1][2]*v1 + r[2][2]*v2}
}

// ActForce returns Ad⁻ᵀ·f for a child wrench f = [n; f]: [R n + P × R f; R f].
func (t Transform) ActForce(f Vec6) Vec6 {
	r, p := &t.R, &t.P
	f0 := r[0][0]*f[3] + r[0][1]*f[4] + r[0][2]*f[5]
	f1 := r[1][0]*f[3] + r[1][1]*f[4] + r[1][2]*f[5]
	f2 := r[2][0]*f[3] + r[2][1]*f[4] + r[2][2]*f[5]
	return Vec6{
		r[0][0]*f[0] + r[0][1]*f[1] + r[0][2]*f[2] + (p[1]*f2 - p[2]*f1),
		r[1][0]*f[0] + r[1][1]*f[1] + r[1][2]*f[2] + (p[2]*f0 - p[0]*f2),
		r[2][0]*f[0] + r[2][1]*f[1] + r[2][2]*f[2] + (p[0]*f1 - p[1]*f0),
		f0, f1, f2}
}

// InvActForce returns Adᵀ·f for a parent wrench f = [n; f]: [Rᵀ(n - P × f); Rᵀ f].
func (t Transform) InvActForce(f Vec6) Vec6 {
	r, p := &t.R, &t.P
	n0 := f[0] - (p[1]*f[5] - p[2]*f[4])
	n1 := f[1] - (p[2]*f[3] - p[0]*f[5])
	n2 := f[2] - (p[0]*f[4] - p[1]*f[3])
	return Vec6{
		r[0][0]*n0 + r[1][0]*n1 + r[2][0]*n2,
		r[0][1]*n0 + r[1][1]*n1 + r[2][1]*n2,
		r[0][2]*n0 + r[1][2]*n1 + r[2][2]*n2,
		r[0][0]*f[3] + r[1][0]*f[4] + r[2][0]*f[5],
		r[0][1]*f[3] + r[1][1]*f[4] + r[2][1]*f[5],
		r[0][2]*f[3] + r[1][2]*f[4] + r[2][2]*f[5]}
}
