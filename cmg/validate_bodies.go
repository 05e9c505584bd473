package cmg

import (
	"math"
	"slices"
)

// checkBodies checks body ids (unique, not the ground's name) and mass properties.
func (v *validator) checkBodies() {
	v.checkIDs("bodies", "body", len(v.g.Bodies), func(i int) string { return v.g.Bodies[i].ID })
	for i, b := range v.g.Bodies {
		if b.ID == v.ground {
			v.report([]any{"bodies", i, "id"}, "body id %q is the ground's name; rename the body, or set \"ground\" to another name", b.ID)
		}
		if v.finite("bodies", i) {
			v.checkMass([]any{"bodies", i}, b)
		}
	}
}

// checkMass checks mass ≥ 0, no inertia without mass, and a physical inertia for a body
// with mass: positive diagonal, positive definite, triangle inequality.
func (v *validator) checkMass(path []any, b Body) {
	in := b.Inertia
	switch {
	case b.Mass < 0:
		v.report(appendPath(path, "mass"), "mass must be >= 0 kg (got %g)", b.Mass)
		return
	case b.Mass == 0:
		if in != [6]float64{} {
			v.report(appendPath(path, "mass"), "zero mass on a body that carries inertia; give the body's mass in kg, or zero its inertia for a massless body")
		}
		return
	}
	ipath := appendPath(path, "inertia")
	for k, name := range []string{"Ixx", "Iyy", "Izz"} {
		if in[k] <= 0 {
			v.report(ipath, "inertia diagonal %s = %g must be positive for a body with mass; give [Ixx, Iyy, Izz, Ixy, Ixz, Iyz] about the centre of mass in kg·m²", name, in[k])
			return
		}
	}
	l := eigSym3(in)
	if l[0] <= 0 {
		v.report(ipath, "inertia is not positive definite (smallest principal moment %.6g kg·m²); the products of inertia Ixy, Ixz, Iyz are too large for the diagonal", l[0])
		return
	}
	if l[0]+l[1] < l[2]-inertiaRelTol*(l[0]+l[1]+l[2]) {
		v.report(ipath, "inertia violates the triangle inequality in its principal axes (I1 + I2 = %.6g < I3 = %.6g kg·m²); no rigid body has these moments — check units and the order [Ixx, Iyy, Izz, Ixy, Ixz, Iyz]", l[0]+l[1], l[2])
	}
}

// eigSym3 returns the eigenvalues, ascending, of the symmetric matrix given as
// [a00, a11, a22, a01, a02, a12] (the closed-form trigonometric solution).
func eigSym3(a [6]float64) [3]float64 {
	p1 := a[3]*a[3] + a[4]*a[4] + a[5]*a[5]
	if p1 == 0 {
		l := [3]float64{a[0], a[1], a[2]}
		slices.Sort(l[:])
		return l
	}
	q := (a[0] + a[1] + a[2]) / 3
	d0, d1, d2 := a[0]-q, a[1]-q, a[2]-q
	p := math.Sqrt((d0*d0 + d1*d1 + d2*d2 + 2*p1) / 6)
	// r = det((A - qI)/p)/2, clamped against round-off.
	det := d0*(d1*d2-a[5]*a[5]) - a[3]*(a[3]*d2-a[5]*a[4]) + a[4]*(a[3]*a[5]-d1*a[4])
	r := math.Max(-1, math.Min(1, det/(2*p*p*p)))
	phi := math.Acos(r) / 3
	hi := q + 2*p*math.Cos(phi)
	lo := q + 2*p*math.Cos(phi+2*math.Pi/3)
	return [3]float64{lo, 3*q - hi - lo, hi}
}
