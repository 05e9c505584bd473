package joint

import "github.com/robocompiler/robocompiler/spatial"

// planeBasis returns the unit plane normal n of a planar joint (z when Axis
// is zero) and in-plane unit axes e1, e2 with (e1, e2, n) right-handed; for
// n = z they are x and y.
func (m *Model) planeBasis() (e1, e2, n spatial.Vec3) {
	n = m.Axis
	if nn := n.Norm(); nn == 0 {
		n = spatial.Vec3{0, 0, 1}
	} else {
		n = n.Scale(1 / nn)
	}
	ref := spatial.Vec3{1, 0, 0}
	if n[0]*n[0] > 0.5 {
		ref = spatial.Vec3{0, 1, 0}
	}
	e1 = ref.Sub(n.Scale(ref.Dot(n)))
	e1 = e1.Scale(1 / e1.Norm())
	return e1, n.Cross(e1), n
}
