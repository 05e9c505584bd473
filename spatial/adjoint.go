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
	w := t.R.MulVec(m.Angular())
	v := t.R.MulVec(m.Linear()).Add(t.P.Cross(w))
	return NewVec6(w, v)
}

// InvActMotion returns Ad⁻¹·m for a parent twist m = [w; v]: [Rᵀ w; Rᵀ(v - P × w)].
func (t Transform) InvActMotion(m Vec6) Vec6 {
	w := m.Angular()
	v := m.Linear().Sub(t.P.Cross(w))
	return NewVec6(t.mulT(w), t.mulT(v))
}

// ActForce returns Ad⁻ᵀ·f for a child wrench f = [n; f]: [R n + P × R f; R f].
func (t Transform) ActForce(f Vec6) Vec6 {
	fl := t.R.MulVec(f.Linear())
	n := t.R.MulVec(f.Angular()).Add(t.P.Cross(fl))
	return NewVec6(n, fl)
}

// InvActForce returns Adᵀ·f for a parent wrench f = [n; f]: [Rᵀ(n - P × f); Rᵀ f].
func (t Transform) InvActForce(f Vec6) Vec6 {
	fl := f.Linear()
	n := f.Angular().Sub(t.P.Cross(fl))
	return NewVec6(t.mulT(n), t.mulT(fl))
}

// mulT returns Rᵀ x without forming the transpose.
func (t Transform) mulT(x Vec3) Vec3 {
	r := &t.R
	return Vec3{
		r[0][0]*x[0] + r[1][0]*x[1] + r[2][0]*x[2],
		r[0][1]*x[0] + r[1][1]*x[1] + r[2][1]*x[2],
		r[0][2]*x[0] + r[1][2]*x[1] + r[2][2]*x[2],
	}
}
