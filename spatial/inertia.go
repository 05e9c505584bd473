package spatial

// Inertia is a rigid-body spatial inertia expressed in some frame: Mass (kg),
// H = Mass·com (kg·m, com in that frame) and I, the 3x3 rotational inertia
// about the frame origin (kg·m²).
type Inertia struct {
	Mass float64
	H    Vec3
	I    Mat3
}

// NewInertia returns the spatial inertia of a body of the given mass (kg)
// with centre of mass com (m) and 3x3 rotational inertia Icom (kg·m²) about
// the centre of mass, both in the frame: I = Icom - mass·skew(com)².
func NewInertia(mass float64, com Vec3, Icom Mat3) Inertia {
	c := Skew(com)
	return Inertia{Mass: mass, H: com.Scale(mass), I: Icom.Sub(c.Mul(c).Scale(mass))}
}

// Add returns the inertia of two bodies rigidly joined (both in the same frame).
func (a Inertia) Add(b Inertia) Inertia {
	return Inertia{Mass: a.Mass + b.Mass, H: a.H.Add(b.H), I: a.I.Add(b.I)}
}

// MulMotion returns the momentum [n; f] = I·v (N·m·s; N·s) of the twist
// v = [w; vo] (vo the velocity of the frame origin): n = I w + h × vo,
// f = m vo - h × w.
func (a Inertia) MulMotion(v Vec6) Vec6 {
	w, vo := v.Angular(), v.Linear()
	n := a.I.MulVec(w).Add(a.H.Cross(vo))
	f := vo.Scale(a.Mass).Sub(a.H.Cross(w))
	return NewVec6(n, f)
}

// Mat6 returns the 6x6 matrix [[I, skew(h)], [skew(h)ᵀ, m·I3]].
func (a Inertia) Mat6() Mat6 {
	h := Skew(a.H)
	return NewMat6(a.I, h, h.T(), Identity3().Scale(a.Mass))
}

// Transformed re-expresses an inertia given in the child frame of X in the
// parent frame (X maps child to parent): matrix form Ad⁻ᵀ M Ad⁻¹.
func (a Inertia) Transformed(X Transform) Inertia {
	hr := X.R.MulVec(a.H)
	ph, hh := Skew(X.P), Skew(hr)
	i := X.R.Mul(a.I).Mul(X.R.T())
	i = i.Sub(ph.Mul(hh).Add(hh.Mul(ph))).Sub(ph.Mul(ph).Scale(a.Mass))
	return Inertia{Mass: a.Mass, H: hr.Add(X.P.Scale(a.Mass)), I: i}
}

// COM returns the centre of mass H/Mass (m); zero for a massless inertia.
func (a Inertia) COM() Vec3 {
	if a.Mass == 0 {
		return Vec3{}
	}
	return a.H.Scale(1 / a.Mass)
}

// IAtCOM returns the 3x3 rotational inertia about the centre of mass (kg·m²):
// I + skew(h)²/m; for a massless inertia it returns I.
func (a Inertia) IAtCOM() Mat3 {
	if a.Mass == 0 {
		return a.I
	}
	h := Skew(a.H)
	return a.I.Add(h.Mul(h).Scale(1 / a.Mass))
}
