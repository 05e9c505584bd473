package mjcf

import (
	"math"

	"github.com/robocompiler/robocompiler/spatial"
)

// geom is a resolved <geom>: its type, sizes and placement in the body frame.
type geom struct {
	n    *node
	a    *attrs
	typ  string
	size []float64
	half float64           // half-length along z for capsule and cylinder (from size or fromto)
	X    spatial.Transform // geom frame in the body frame
	// oriented reports whether the geom's frame was given an orientation.
	oriented bool
}

// readGeom resolves a <geom> placed by the accumulated frame X. fromto (capsule,
// cylinder, box, ellipsoid) places the geom at the segment's midpoint with its z axis
// along the segment and sets the half-length, overriding pos and orientation.
func (b *builder) readGeom(n *node, X spatial.Transform, class string) (*geom, error) {
	a, err := b.resolve(n, "geom", class)
	if err != nil {
		return nil, err
	}
	b.checkAttrs(n, "geom")
	g := &geom{n: n, a: a}
	if g.typ, err = a.oneOf("type", "sphere", "plane", "hfield", "sphere", "capsule", "ellipsoid", "cylinder", "box", "mesh", "sdf"); err != nil {
		return nil, err
	}
	if g.size, err = a.floats("size", 1, 3); err != nil {
		return nil, err
	}
	for len(g.size) < 3 {
		g.size = append(g.size, 0)
	}
	for i, s := range g.size {
		if s < 0 {
			return nil, errAt(n, "size", "negative size %g (element %d)", s, i+1)
		}
	}
	g.half = g.size[1]
	ft, err := a.floats("fromto", 6, 6)
	if err != nil {
		return nil, err
	}
	var local spatial.Transform
	if ft != nil && (g.typ == "capsule" || g.typ == "cylinder" || g.typ == "box" || g.typ == "ellipsoid") {
		from := spatial.Vec3{ft[0], ft[1], ft[2]}
		to := spatial.Vec3{ft[3], ft[4], ft[5]}
		d := to.Sub(from)
		if d.Norm() < minNorm {
			return nil, errAt(n, "fromto", "the two end points coincide")
		}
		local = spatial.Transform{R: zAxisRotation(d), P: from.Add(to).Scale(0.5)}
		g.half = d.Norm() / 2
		if g.typ == "box" || g.typ == "ellipsoid" {
			g.size[2] = g.half
		}
		g.oriented = true
	} else {
		if ft != nil {
			b.warn(n, "fromto is only meaningful for capsule, cylinder, box and ellipsoid; ignored for %s", g.typ)
		}
		if local, g.oriented, err = b.pose(a); err != nil {
			return nil, err
		}
	}
	g.X = X.Mul(local)
	return g, nil
}

// inertia returns the geom's spatial inertia in the body frame from its primitive shape
// (solid, uniform density; the mass attribute, when given, overrides density·volume).
// ok is false for shapes whose volume is not computed here (mesh, sdf, hfield, plane).
func (g *geom) inertia() (in spatial.Inertia, ok bool, err error) {
	r, h := g.size[0], g.half
	var vol float64
	var k [3]float64 // principal inertia per unit mass
	switch g.typ {
	case "sphere":
		vol = 4.0 / 3 * math.Pi * r * r * r
		k = [3]float64{0.4 * r * r, 0.4 * r * r, 0.4 * r * r}
	case "capsule":
		// A cylinder of half-length h plus two hemispheres whose centres sit at ±h.
		vc := math.Pi * r * r * 2 * h
		vs := 4.0 / 3 * math.Pi * r * r * r
		vol = vc + vs
		if vol == 0 {
			break
		}
		perp := vc*(3*r*r+4*h*h)/12 + vs*(0.4*r*r+h*h+0.75*h*r)
		ax := vc*r*r/2 + vs*0.4*r*r
		k = [3]float64{perp / vol, perp / vol, ax / vol}
	case "cylinder":
		vol = math.Pi * r * r * 2 * h
		k = [3]float64{(3*r*r + 4*h*h) / 12, (3*r*r + 4*h*h) / 12, r * r / 2}
	case "box":
		x, y, z := g.size[0], g.size[1], g.size[2]
		vol = 8 * x * y * z
		k = [3]float64{(y*y + z*z) / 3, (x*x + z*z) / 3, (x*x + y*y) / 3}
	case "ellipsoid":
		x, y, z := g.size[0], g.size[1], g.size[2]
		vol = 4.0 / 3 * math.Pi * x * y * z
		k = [3]float64{(y*y + z*z) / 5, (x*x + z*z) / 5, (x*x + y*y) / 5}
	default:
		return in, false, nil
	}
	m, err := g.a.float("mass", -1)
	if err != nil {
		return in, false, err
	}
	if m < 0 {
		if g.a.has("mass") {
			return in, false, errAt(g.n, "mass", "negative mass %g", m)
		}
		rho, err := g.a.float("density", 1000)
		if err != nil {
			return in, false, err
		}
		m = rho * vol
	}
	d := spatial.Mat3{{m * k[0], 0, 0}, {0, m * k[1], 0}, {0, 0, m * k[2]}}
	return spatial.NewInertia(m, spatial.Vec3{}, d).Transformed(g.X), true, nil
}

// readGeoms resolves the geoms of one body.
func (b *builder) readGeoms(ps []placed) ([]*geom, error) {
	out := make([]*geom, 0, len(ps))
	for _, gp := range ps {
		g, err := b.readGeom(gp.n, gp.frame, gp.class)
		if err != nil {
			return nil, err
		}
		out = append(out, g)
	}
	return out, nil
}
