package mjcf

import (
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/robocompiler/robocompiler/spatial"
)

// massProps are a body's mass (kg), centre of mass (m, body frame) and rotational
// inertia about the centre of mass with axes parallel to the body frame (kg·m²).
type massProps struct {
	mass float64
	com  spatial.Vec3
	icom spatial.Mat3
}

// cmgInertia returns icom as [Ixx, Iyy, Izz, Ixy, Ixz, Iyz].
func (m massProps) cmgInertia() [6]float64 {
	i := m.icom
	return [6]float64{i[0][0], i[1][1], i[2][2], i[0][1], i[0][2], i[1][2]}
}

// readInertial reads an <inertial> element placed by the accumulated frame X. MuJoCo
// gives the inertia in the inertial frame (pos and orientation): diaginertia is the
// principal inertia along that frame's axes, so I_body = R·diag·Rᵀ about pos; fullinertia
// is the full matrix [Ixx Iyy Izz Ixy Ixz Iyz] with axes parallel to the body frame
// (MuJoCo diagonalises it and discards any quat, and rejects other orientation forms).
func (b *builder) readInertial(n *node, X spatial.Transform) (massProps, error) {
	b.checkAttrs(n, "inertial")
	a := ownAttrs(n)
	var mp massProps
	if !a.has("pos") {
		return mp, errAt(n, "pos", "required attribute missing")
	}
	if !a.has("mass") {
		return mp, errAt(n, "mass", "required attribute missing")
	}
	pos, err := a.vec3("pos", [3]float64{})
	if err != nil {
		return mp, err
	}
	if mp.mass, err = a.float("mass", 0); err != nil {
		return mp, err
	}
	if mp.mass < 0 {
		return mp, errAt(n, "mass", "negative mass %g", mp.mass)
	}
	diag, err := a.floats("diaginertia", 3, 3)
	if err != nil {
		return mp, err
	}
	full, err := a.floats("fullinertia", 6, 6)
	if err != nil {
		return mp, err
	}
	switch {
	case diag != nil && full != nil:
		return mp, errAt(n, "fullinertia", "give either diaginertia or fullinertia, not both")
	case diag == nil && full == nil:
		return mp, errAt(n, "diaginertia", "required attribute missing (or give fullinertia)")
	case full != nil:
		for _, k := range []string{"axisangle", "euler", "xyaxes", "zaxis"} {
			if a.has(k) {
				return mp, errAt(n, k, "fullinertia and an inertial orientation cannot both be given")
			}
		}
		if a.has("quat") {
			b.warn(n, "quat is ignored with fullinertia (MuJoCo derives the principal frame from fullinertia)")
		}
		mp.icom = spatial.Mat3{
			{full[0], full[3], full[4]},
			{full[3], full[1], full[5]},
			{full[4], full[5], full[2]},
		}
	default:
		for i, d := range diag {
			if d < 0 {
				return mp, errAt(n, "diaginertia", "negative principal inertia %g (element %d)", d, i+1)
			}
		}
		r, _, err := b.rotation(a)
		if err != nil {
			return mp, err
		}
		d := spatial.Mat3{{diag[0], 0, 0}, {0, diag[1], 0}, {0, 0, diag[2]}}
		mp.icom = r.Mul(d).Mul(r.T())
	}
	mp.com = X.Apply(spatial.Vec3(pos))
	mp.icom = X.R.Mul(mp.icom).Mul(X.R.T())
	return mp, nil
}

// fromInertia converts a summed spatial inertia (body frame) into massProps.
func fromInertia(in spatial.Inertia) massProps {
	return massProps{mass: in.Mass, com: in.COM(), icom: in.IAtCOM()}
}

// boundInertia raises the principal inertias of the symmetric matrix i to at least lo
// (compiler boundinertia), keeping the principal axes.
func boundInertia(i spatial.Mat3, lo float64) spatial.Mat3 {
	s := mat.NewSymDense(3, []float64{
		i[0][0], i[0][1], i[0][2],
		i[1][0], i[1][1], i[1][2],
		i[2][0], i[2][1], i[2][2],
	})
	var e mat.EigenSym
	if !e.Factorize(s, true) {
		return i
	}
	vals := e.Values(nil)
	var v mat.Dense
	e.VectorsTo(&v)
	var out spatial.Mat3
	for k := range 3 {
		d := math.Max(vals[k], lo)
		for r := range 3 {
			for c := range 3 {
				out[r][c] += d * v.At(r, k) * v.At(c, k)
			}
		}
	}
	return out
}

// bodyMass computes a body's mass properties: from <inertial>, or from its primitive
// geoms when compiler inertiafromgeom is "true", or "auto" without <inertial>. A body
// with neither is massless.
func (b *builder) bodyMass(n *node, inertial *placed, geoms []*geom) (massProps, error) {
	fromGeoms := b.comp.inertiaFromGeom == "true" || (b.comp.inertiaFromGeom == "auto" && inertial == nil)
	var mp massProps
	if inertial != nil && !fromGeoms {
		var err error
		if mp, err = b.readInertial(inertial.n, inertial.frame); err != nil {
			return mp, err
		}
	} else if inertial != nil {
		b.checkAttrs(inertial.n, "inertial")
		b.warn(inertial.n, "ignored: compiler inertiafromgeom=\"true\" takes the inertia from the geoms")
	}
	if fromGeoms {
		var sum spatial.Inertia
		skipped := 0
		for _, g := range geoms {
			grp, err := g.a.float("group", 0)
			if err != nil {
				return mp, err
			}
			if int(grp) < b.comp.groupLo || int(grp) > b.comp.groupHi {
				continue
			}
			if sh, err := g.a.boolean("shellinertia", false); err != nil {
				return mp, err
			} else if sh {
				b.warn(g.n, "shellinertia is not supported; the geom's inertia is computed as a solid")
			}
			in, ok, err := g.inertia()
			if err != nil {
				return mp, err
			}
			if !ok {
				if g.typ != "plane" {
					skipped++
				}
				continue
			}
			sum = sum.Add(in)
		}
		if skipped > 0 {
			b.warn(n, "%d %s geom(s) without <inertial>: their mass is not computed (mesh files are not read); the body's mass comes from its primitive geoms only", skipped, "mesh/sdf/hfield")
		}
		mp = fromInertia(sum)
	}
	if b.comp.boundMass > 0 && mp.mass < b.comp.boundMass {
		mp.mass = b.comp.boundMass
	}
	if b.comp.boundInertia > 0 {
		mp.icom = boundInertia(mp.icom, b.comp.boundInertia)
	}
	return mp, nil
}
