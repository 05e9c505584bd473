package mjcf

import (
	"math"

	"github.com/robocompiler/robocompiler/spatial"
)

// minNorm is the length below which an axis or quaternion is rejected as degenerate.
const minNorm = 1e-10

// rotation returns the rotation given by the orientation specifier of a (quat,
// axisangle, euler, xyaxes or zaxis), following MuJoCo: quat is (w, x, y, z), normalised;
// axisangle and euler angles are in the compiler's angle unit; euler follows the
// compiler's eulerseq, where a lowercase letter rotates about the moving (intrinsic)
// axis — the rotation is post-multiplied — and an uppercase letter about the fixed
// (extrinsic) axis — pre-multiplied; xyaxes gives the frame's x axis and a y axis that
// is orthogonalised against it; zaxis gives the frame's z axis, reached by the minimal
// rotation from (0, 0, 1). present is false when a has no specifier (identity).
func (b *builder) rotation(a *attrs) (r spatial.Mat3, present bool, err error) {
	var which string
	for _, k := range []string{"quat", "axisangle", "euler", "xyaxes", "zaxis"} {
		if a.has(k) {
			if which != "" {
				return spatial.Identity3(), false, errAt(a.n, k, "orientation given twice (%s and %s): use one specifier", which, k)
			}
			which = k
		}
	}
	if which == "" {
		return spatial.Identity3(), false, nil
	}
	var q spatial.Quat
	switch which {
	case "quat":
		v, err := a.floats("quat", 4, 4)
		if err != nil {
			return r, false, err
		}
		q = spatial.Quat{v[0], v[1], v[2], v[3]}
		if math.Sqrt(v[0]*v[0]+v[1]*v[1]+v[2]*v[2]+v[3]*v[3]) < minNorm {
			return r, false, errAt(a.n, "quat", "zero quaternion")
		}
		return q.Normalize().Mat3(), true, nil
	case "axisangle":
		v, err := a.floats("axisangle", 4, 4)
		if err != nil {
			return r, false, err
		}
		ax := spatial.Vec3{v[0], v[1], v[2]}
		n := ax.Norm()
		if n < minNorm {
			return r, false, errAt(a.n, "axisangle", "zero rotation axis")
		}
		return spatial.ExpSO3(ax.Scale(b.comp.angle(v[3]) / n)), true, nil
	case "euler":
		v, err := a.floats("euler", 3, 3)
		if err != nil {
			return r, false, err
		}
		return eulerRotation(b.comp.eulerseq, [3]float64{b.comp.angle(v[0]), b.comp.angle(v[1]), b.comp.angle(v[2])}), true, nil
	case "xyaxes":
		v, err := a.floats("xyaxes", 6, 6)
		if err != nil {
			return r, false, err
		}
		x := spatial.Vec3{v[0], v[1], v[2]}
		y := spatial.Vec3{v[3], v[4], v[5]}
		nx := x.Norm()
		if nx < minNorm {
			return r, false, errAt(a.n, "xyaxes", "x axis has zero length")
		}
		x = x.Scale(1 / nx)
		y = y.Sub(x.Scale(x.Dot(y)))
		ny := y.Norm()
		if ny < minNorm {
			return r, false, errAt(a.n, "xyaxes", "y axis is zero or parallel to the x axis")
		}
		y = y.Scale(1 / ny)
		z := x.Cross(y)
		return spatial.Mat3{{x[0], y[0], z[0]}, {x[1], y[1], z[1]}, {x[2], y[2], z[2]}}, true, nil
	default: // zaxis
		v, err := a.floats("zaxis", 3, 3)
		if err != nil {
			return r, false, err
		}
		z := spatial.Vec3{v[0], v[1], v[2]}
		if z.Norm() < minNorm {
			return r, false, errAt(a.n, "zaxis", "zero vector")
		}
		return zAxisRotation(z), true, nil
	}
}

// eulerRotation composes three elementary rotations in MuJoCo's eulerseq convention.
func eulerRotation(seq string, ang [3]float64) spatial.Mat3 {
	r := spatial.Identity3()
	for i := range 3 {
		var ax spatial.Vec3
		switch seq[i] {
		case 'x', 'X':
			ax = spatial.Vec3{1, 0, 0}
		case 'y', 'Y':
			ax = spatial.Vec3{0, 1, 0}
		default:
			ax = spatial.Vec3{0, 0, 1}
		}
		e := spatial.ExpSO3(ax.Scale(ang[i]))
		if seq[i] >= 'a' {
			r = r.Mul(e) // moving axes
		} else {
			r = e.Mul(r) // fixed axes
		}
	}
	return r
}

// zAxisRotation returns the minimal rotation taking (0, 0, 1) to the direction of z; a
// direction opposite to (0, 0, 1) gives a half turn about x, as in MuJoCo.
func zAxisRotation(z spatial.Vec3) spatial.Mat3 {
	z = z.Scale(1 / z.Norm())
	ax := spatial.Vec3{0, 0, 1}.Cross(z)
	s := ax.Norm()
	ang := math.Atan2(s, z[2])
	if s < minNorm {
		ax = spatial.Vec3{1, 0, 0}
	} else {
		ax = ax.Scale(1 / s)
	}
	return spatial.ExpSO3(ax.Scale(ang))
}

// pose returns the transform given by a's pos and orientation (the element's placement in
// its parent), and whether an orientation was given.
func (b *builder) pose(a *attrs) (spatial.Transform, bool, error) {
	p, err := a.vec3("pos", [3]float64{})
	if err != nil {
		return spatial.Transform{}, false, err
	}
	r, has, err := b.rotation(a)
	if err != nil {
		return spatial.Transform{}, false, err
	}
	return spatial.Transform{R: r, P: spatial.Vec3(p)}, has, nil
}
