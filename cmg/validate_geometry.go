package cmg

import (
	"math"

	"github.com/robocompiler/robocompiler/spatial"
)

// Tolerances of the geometric checks.
const (
	unitTol       = 1e-9 // |axis| and |quat| of records: | |x| - 1 | <= unitTol
	orthoTol      = 1e-9 // rotation matrices: max |R Rᵀ - I| <= orthoTol; axes: |a·b| <= orthoTol
	seedQuatTol   = 1e-6 // quaternions in seeds
	inertiaRelTol = 1e-12
)

// checkFrame checks an attachment frame: at most one of quat and rot, a unit quaternion,
// a proper orthonormal rotation matrix.
func (v *validator) checkFrame(path []any, f Frame) {
	if f.Quat != nil && f.Rot != nil {
		v.report(appendPath(path, "rot"), "the frame gives both quat and rot; give exactly one orientation (or neither for the identity)")
		return
	}
	if f.Quat != nil {
		q := *f.Quat
		if n := math.Sqrt(q[0]*q[0] + q[1]*q[1] + q[2]*q[2] + q[3]*q[3]); math.Abs(n-1) > unitTol {
			v.report(appendPath(path, "quat"), "quat must be a unit quaternion (w, x, y, z) (|quat| = %.9g); divide it by its length", n)
		}
	}
	if f.Rot != nil {
		r := rotMat3(*f.Rot)
		dev := maxAbs(r.Mul(r.T()).Sub(spatial.Identity3()))
		switch {
		case dev > orthoTol:
			v.report(appendPath(path, "rot"), "rot is not orthonormal (max |R Rᵀ - I| = %.3g); give a row-major rotation matrix", dev)
		case r.Det() < 0:
			v.report(appendPath(path, "rot"), "rot has determinant -1 (a reflection, not a rotation); flip the sign of one row to make it a proper rotation")
		}
	}
}

// maxAbs returns the largest absolute entry of m.
func maxAbs(m spatial.Mat3) float64 {
	s := 0.0
	for _, row := range m {
		for _, x := range row {
			s = max(s, math.Abs(x))
		}
	}
	return s
}

// checkUnitAxis checks that an axis is present when required, and of unit length. It
// returns the axis when it is valid.
func (v *validator) checkUnitAxis(path []any, name string, a *[3]float64, owner string) (spatial.Vec3, bool) {
	if a == nil {
		v.report(path, "%s needs %s: a unit direction in the joint frame", owner, name)
		return spatial.Vec3{}, false
	}
	n := spatial.Vec3(*a).Norm()
	switch {
	case n == 0:
		v.report(path, "%s is zero; give a direction of length 1", name)
		return spatial.Vec3{}, false
	case math.Abs(n-1) > unitTol:
		v.report(path, "%s must be a unit vector (|%s| = %.9g); give a direction of length 1", name, name, n)
		return spatial.Vec3{}, false
	}
	return *a, true
}
