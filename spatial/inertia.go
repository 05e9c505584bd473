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
	i, h, m := &a.I, &a.H, a.Mass
	return Vec6{
		i[0][0]*v[0] + i[0][1]*v[1] + i[0][2]*v[2] + (h[1]*v[5] - h[2]*v[4]),
		i[1][0]*v[0] + i[1][1]*v[1] + i[1][2]*v[2] + (h[2]*v[3] - h[0]*v[5]),
		i[2][0]*v[0] + i[2][1]*v[1] + i[2][2]*v[2] + (h[0]*v[4] - h[1]*v[3]),
		m*v[3] - (h[1]*v[2] - h[2]*v[1]),
		m*v[4] - (h[2]*v[0] - h[0]*v[2]),
		m*v[5] - (h[0]*v[1] - h[1]*v[0])}
}

// Mat6 returns the 6x6 matrix [[I, skew(h)], [skew(h)ᵀ, m·I3]].
func (a Inertia) Mat6() Mat6 {
	h := Skew(a.H)
	return NewMat6(a.I, h, h.T(), Identity3().Scale(a.Mass))
}

// Transformed re-expresses an inertia given in the child frame of X in the
// parent frame (X maps child to parent): matrix form Ad⁻ᵀ M Ad⁻¹.
func (a Inertia) Transformed(X Transform) Inertia {
	r, p, m := &X.R, &X.P, a.Mass
	hr := mulVec3(r, &a.H)
	rt := r.T()
	var ri, i Mat3
	mul3(&ri, r, &a.I)
	mul3(&i, &ri, &rt)
	s1, s2, s3 := skewMul(p, &hr), skewMul(&hr, p), skewMul(p, p)
	for j := range 3 {
		for k := range 3 {
			i[j][k] = i[j][k] - (s1[j][k] + s2[j][k]) - s3[j][k]*m
		}
	}
	return Inertia{Mass: m, H: Vec3{hr[0] + m*p[0], hr[1] + m*p[1], hr[2] + m*p[2]}, I: i}
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
